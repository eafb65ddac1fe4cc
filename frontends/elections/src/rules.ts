/** Pure rules of the elections screens, unit-tested. */
import { CandidateTo, candidateDateField, type Candidate, type CandidateVote, type SessionUser } from '@civic/contracts';

export const roles = [CandidateTo.Moderator, CandidateTo.Scribe, CandidateTo.GreatWise] as const;

/** Whether the user stands for the role in the month of open candidacies ('YYYY-MM-01'). */
export function isStanding(user: Pick<SessionUser, (typeof candidateDateField)[CandidateTo]> | null | undefined, role: CandidateTo, candidacyMonth: string): boolean {
  return user?.[candidateDateField[role]]?.slice(0, 10) === candidacyMonth;
}

/** The user's vote (+1, -1) for the candidate in the role, or 0. */
export function voteFor(votes: readonly CandidateVote[], candidateId: string, role: CandidateTo): 1 | -1 | 0 {
  return votes.find((v) => v.candidateId === candidateId && v.candidateTo === role)?.vote ?? 0;
}

/**
 * The list after the caller's vote changed from `before` to `after` on one candidate: the candidate's
 * totals move at once (the next load brings everyone else's votes), best first again.
 */
export function applyVote(candidates: readonly Candidate[], candidateId: string, before: 1 | -1 | 0, after: 1 | -1 | 0): Candidate[] {
  const changed = candidates.map((c) => {
    if (c.id !== candidateId) return c;
    const votesFor = c.votesFor - (before === 1 ? 1 : 0) + (after === 1 ? 1 : 0);
    const votesAgainst = c.votesAgainst - (before === -1 ? 1 : 0) + (after === -1 ? 1 : 0);
    return { ...c, votesFor, votesAgainst, totalVotes: votesFor - votesAgainst };
  });
  return changed.sort((a, b) => b.totalVotes - a.totalVotes || Date.parse(a.appliedAt) - Date.parse(b.appliedAt) || (a.id < b.id ? -1 : 1));
}

/** 'YYYY-MM' or 'YYYY-MM-DD' as a Date in the middle of that month (UTC), for month names in any zone. */
export function monthDate(month: string): Date {
  const [year, mon] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (mon ?? 1) - 1, 15));
}

/** Seconds left until `target` on the server's clock (serverTime received at local `receivedAt`). */
export function secondsUntil(target: string, serverTime: string, receivedAt: number, now: number): number | null {
  const targetMs = Date.parse(target);
  const offset = Date.parse(serverTime) - receivedAt;
  if (Number.isNaN(targetMs) || Number.isNaN(offset)) return null;
  return Math.max(0, Math.ceil((targetMs - (now + offset)) / 1000));
}
