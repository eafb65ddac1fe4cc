/**
 * Candidacy dates (SPEC section 4): a user stands in the election of the month by writing the first
 * day of the current month, 'YYYY-MM-01', to the role's candidate date, and withdraws by clearing it.
 */
import { CandidateTo, candidateDateField, type SessionUser } from '@civic/contracts';

const pad = (value: number) => String(value).padStart(2, '0');

/** The first day of the month of `now` in the user's own calendar, as 'YYYY-MM-01'. */
export function firstDayOfMonth(now: Date = new Date()): string {
  return `${String(now.getFullYear()).padStart(4, '0')}-${pad(now.getMonth() + 1)}-01`;
}

/** True when the candidate date is this month's: an older date is last month's election, over now. */
export function isStandingThisMonth(candidateDate: string | null | undefined, now: Date = new Date()): boolean {
  return typeof candidateDate === 'string' && candidateDate.slice(0, 10) === firstDayOfMonth(now);
}

/** The roles of the candidacy toggles, in the order shown. */
export const candidacyRoles = [CandidateTo.Moderator, CandidateTo.Scribe, CandidateTo.GreatWise] as const;

type CandidateDates = Pick<SessionUser, (typeof candidateDateField)[CandidateTo]>;

/** The value PUT /api/users/{id} writes to stand (the month's first day) or withdraw (null). */
export function candidacyChange(
  user: CandidateDates,
  role: CandidateTo,
  now: Date = new Date(),
): { field: (typeof candidateDateField)[CandidateTo]; value: string | null } {
  const field = candidateDateField[role];
  return { field, value: isStandingThisMonth(user[field], now) ? null : firstDayOfMonth(now) };
}
