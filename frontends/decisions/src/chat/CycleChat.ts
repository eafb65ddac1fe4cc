/** Which chat room a cycle's phase has: the phase screens put it beside their texts (PhaseChatLayout). */
import { chatRooms } from '@civic/contracts';
import { decisionsApi } from '../api/decisions.js';
import { useResource } from '@civic/frontend-kit/remote-hooks';

export type CyclePhase = 'proposals' | 'voting' | 'final-vote';

const roomOf = { proposals: chatRooms.proposals, voting: chatRooms.voting, 'final-vote': chatRooms.finalVote } as const;

/**
 * The chat room of a cycle's phase (`cycle:<cycleId>:<phase>`); when `cycleId` is left out
 * (undefined), the cycle currently in `phase` (GET /api/decisions). Null when there is no cycle
 * (`cycleId` null, or none in that phase) or while it is not yet known.
 */
export function useCycleRoom(phase: CyclePhase, cycleId?: string | null): string | null {
  const cycles = useResource(`chat-cycles:${phase}:${cycleId === undefined ? '?' : (cycleId ?? '')}`, async (signal) => {
    if (cycleId !== undefined) return cycleId;
    const { cycles: current } = await decisionsApi.cycles(signal);
    return current.find((cycle) => cycle.phase === phase)?.id ?? null;
  });
  const id = cycleId ?? cycles.data ?? null;
  return id ? roomOf[phase](id) : null;
}
