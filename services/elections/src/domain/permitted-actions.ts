/**
 * What a caller may do with a candidate (the `may` of each candidate GET /api/candidates/{type}
 * answers): each flag is the rule its action's command applies (vote-rules.ts `mayVote`, asked by
 * commands/vote-access.ts), with the same facts, so the screens show exactly the actions the service
 * takes. Pure. A visitor (null) may do nothing.
 */
import type { Candidate, CandidateMay, CandidateView } from '@civic/contracts';
import { mayVote, type Voter } from './vote-rules.js';

export function candidateMay(voter: Voter | null, candidate: Pick<Candidate, 'id'>, now: Date): CandidateMay {
  if (!voter) return { vote: false };
  // As the screens vote: in the caller's own name, for a candidate listed (standing) this month.
  return { vote: mayVote(voter, { userId: voter.id, candidateId: candidate.id }, now, true) === null };
}

/** A listed candidate with what the caller may do with them. */
export const withCandidateMay = (voter: Voter | null, candidate: Candidate, now: Date): CandidateView => ({ ...candidate, may: candidateMay(voter, candidate, now) });
