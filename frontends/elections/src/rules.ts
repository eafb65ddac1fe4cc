/** Pure rules of the elections screens, unit-tested. */
import { CandidateTo, candidateDateField, ErrorMessages, type Candidate, type CandidateMay, type CandidateView, type CandidateVote, type SessionUser } from '@civic/contracts';
import { ApiError } from '@civic/frontend-kit/api-client';
import type { IntlShape } from 'react-intl';
import { formatDateTime, type DateTimeOptions } from '@civic/frontend-kit/dates';

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
 * The caller's votes once their vote for the candidate in the role becomes `value` (0 takes it back):
 * what the screen shows at once, before the server answers (an optimistic update, undone on failure).
 */
export function withVote(votes: readonly CandidateVote[], userId: string, candidateId: string, role: CandidateTo, value: 1 | -1 | 0): CandidateVote[] {
  const others = votes.filter((v) => !(v.candidateId === candidateId && v.candidateTo === role));
  return value === 0 ? others : [...others, { vote: value, candidateId, userId, candidateTo: role }];
}

/**
 * The list after the caller's vote changed from `before` to `after` on one candidate: the candidate's
 * totals move at once (the next load brings everyone else's votes), best first again.
 */
export function applyVote<C extends Candidate>(candidates: readonly C[], candidateId: string, before: 1 | -1 | 0, after: 1 | -1 | 0): C[] {
  const changed = candidates.map((c) => {
    if (c.id !== candidateId) return c;
    const votesFor = c.votesFor - (before === 1 ? 1 : 0) + (after === 1 ? 1 : 0);
    const votesAgainst = c.votesAgainst - (before === -1 ? 1 : 0) + (after === -1 ? 1 : 0);
    return { ...c, votesFor, votesAgainst, totalVotes: votesFor - votesAgainst };
  });
  return changed.sort((a, b) => b.totalVotes - a.totalVotes || Date.parse(a.appliedAt) - Date.parse(b.appliedAt) || (a.id < b.id ? -1 : 1));
}

/**
 * One role's candidates out of the open election's pushed figures (every role, each carrying its
 * `candidateTo`, each role best first as GET /api/candidates/{type} answers it).
 */
export function candidatesOfRole(candidates: readonly Candidate[], role: CandidateTo): Candidate[] {
  return candidates.filter((candidate) => candidate.candidateTo === role);
}

/** Nothing offered: a candidate pushed before this page read them. */
export const noMay: CandidateMay = { vote: false };

/**
 * Pushed figures (no `may`: every reader gets the same) as the list shown: each candidate keeps what
 * the reader may do with them from the page's last read; one that arrived since offers nothing until
 * the page reads the list again (docs/live.md#elections-topics-and-the-shell).
 */
export function withReadMay(pushed: readonly Candidate[], shown: readonly CandidateView[]): CandidateView[] {
  const read = new Map(shown.map((candidate) => [candidate.id, candidate.may]));
  return pushed.map((candidate) => ({ ...candidate, may: read.get(candidate.id) ?? noMay }));
}

/** Pages spread the reads a new month needs over this long (docs/live.md#elections-topics-and-the-shell). */
export const monthChangeSpreadMs = 10_000;

/** A random wait in [0, monthChangeSpreadMs) before a page reads the new month's figures. */
export const monthChangeDelayMs = (random: () => number = Math.random): number => Math.floor(random() * monthChangeSpreadMs);

/** 'YYYY-MM' or 'YYYY-MM-DD' as a Date in the middle of that month (UTC), for month names in any zone. */
export function monthDate(month: string): Date {
  const [year, mon] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (mon ?? 1) - 1, 15));
}

/** The one rule of every elections screen: what the API does not know (404) is a page that does not exist. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode === 404;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path segment can be an election's id; any other names no election (the page does not exist). */
export const isElectionId = (id: string): boolean => uuidPattern.test(id);

/** The answer the API gives for an election it does not know. */
export const notFoundError = (): ApiError => new ApiError(404, ErrorMessages.notFound);

/** Standing or withdrawing without a logged-in user fails with the catalogue's 'No user'. */
export const noUserError = (): ApiError => new ApiError(401, ErrorMessages.noUser);

/**
 * A failed candidacy call as the screens report it: a session that is gone (401) is the catalogue's
 * 'No user'; any other failure stays as it is.
 */
export function candidacyFailure(error: unknown): unknown {
  return error instanceof ApiError && error.statusCode === 401 ? noUserError() : error;
}

/**
 * A date (and its time, with time fields) written out in the reader's language, through the one
 * formatter of the front ends: the platform's time zone (or `options.timeZone`), "1er" in French,
 * "2:48 PM" in English, the zone named when the reader's clock is elsewhere.
 */
export function formatDay(intl: Pick<IntlShape, 'locale'>, value: string | Date, options: DateTimeOptions): string {
  return formatDateTime(value, intl.locale, options);
}
