/**
 * The closing notice of a final vote (docs/product.md#following): once per cycle, when the final vote
 * ends within the notice window, its followers are told so they can still vote. Pure.
 */
import { FinalVoteClosing, type EventEnvelope } from '@civic/contracts';
import { newEvent } from '@civic/service-kit';

export interface ClosingCandidate {
  phase: string;
  phaseEndsAt: Date | null;
  closingNoticeAt: Date | null;
}

/**
 * Whether the cycle's closing notice is due now: in its final vote, with an end, within `noticeMs` of
 * that end, and not announced yet. An extension after the notice does not make it due again.
 */
export function closingNoticeDue(cycle: ClosingCandidate, now: Date, noticeMs: number): boolean {
  if (cycle.phase !== 'final-vote' || cycle.phaseEndsAt === null || cycle.closingNoticeAt !== null) return false;
  return now.getTime() >= cycle.phaseEndsAt.getTime() - noticeMs;
}

/** The event announcing that the cycle's final vote closes at `endsAt`, with the laws still in it. */
export function closingNoticeEvent(cycle: { id: string; number: number; endsAt: Date }, laws: { lawId: string; title: string }[], at: Date): EventEnvelope {
  return newEvent(FinalVoteClosing, { cycleId: cycle.id, number: cycle.number, endsAt: cycle.endsAt.toISOString(), laws }, at);
}
