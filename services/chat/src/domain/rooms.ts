/** Which rooms a cycle's phase change opens and closes (issue 7). Pure. */
import { chatRooms, decisionPhases, type ChatRoomKind, type DecisionPhase } from '@civic/contracts';

export const phaseIndex = (phase: DecisionPhase): number => decisionPhases.indexOf(phase);

/** The room kind a phase has, if any (creation rooms are per law, opened by the creators draw). */
export function cycleRoomOf(cycleId: string, phase: DecisionPhase | null): { id: string; kind: ChatRoomKind } | null {
  switch (phase) {
    case 'proposals':
      return { id: chatRooms.proposals(cycleId), kind: 'proposals' };
    case 'voting':
      return { id: chatRooms.voting(cycleId), kind: 'voting' };
    case 'final-vote':
      return { id: chatRooms.finalVote(cycleId), kind: 'final-vote' };
    default:
      return null;
  }
}

/** The phase of a room kind. */
export const phaseOfKind: Record<ChatRoomKind, DecisionPhase> = {
  proposals: 'proposals',
  voting: 'voting',
  creation: 'creation',
  'final-vote': 'final-vote',
};

/** Whether a room of `kind` is still open when its cycle has reached `reachedIndex`. */
export function stillOpen(kind: ChatRoomKind, reachedIndex: number | null): boolean {
  return reachedIndex === null || reachedIndex <= phaseIndex(phaseOfKind[kind]);
}
