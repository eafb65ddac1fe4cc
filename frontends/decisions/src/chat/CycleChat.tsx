import { chatRooms } from '@civic/contracts';
import { decisionsApi } from '../api/decisions.js';
import { useResource } from '@civic/frontend-kit/remote-hooks';
import { ChatPanel } from './ChatPanel.js';

export interface CycleChatProps {
  /** The phase whose room to show: proposals, voting or final-vote (creation rooms are per law: use ChatPanel with `chatRooms.creation(lawId)`). */
  phase: 'proposals' | 'voting' | 'final-vote';
  /** The cycle; when left out, the cycle currently in `phase` (GET /api/decisions). */
  cycleId?: string | null;
}

const roomOf = { proposals: chatRooms.proposals, voting: chatRooms.voting, 'final-vote': chatRooms.finalVote } as const;

/** The chat of a cycle's phase: ChatPanel on `cycle:<cycleId>:<phase>`; nothing while no cycle is in that phase. */
export function CycleChat({ phase, cycleId }: CycleChatProps) {
  const cycles = useResource(`chat-cycles:${phase}:${cycleId ?? ''}`, async (signal) => {
    if (cycleId) return cycleId;
    const { cycles: current } = await decisionsApi.cycles(signal);
    return current.find((cycle) => cycle.phase === phase)?.id ?? null;
  });
  const id = cycleId ?? cycles.data ?? null;
  return id ? <ChatPanel room={roomOf[phase](id)} /> : null;
}
