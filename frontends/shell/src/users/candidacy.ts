/**
 * Candidacy dates (docs/product.md#elections): a user stands in the election of the month by writing the first
 * day of the current month, 'YYYY-MM-01', to the role's candidate date, and withdraws by clearing it.
 * The month is the elections service's (its time zone, default Europe/Paris), never the browser's:
 * on the evening of the last day of a month, a browser elsewhere is already in the next one.
 */
import { CandidateTo, candidateDateField, type SessionUser } from '@civic/contracts';

/** The elections' time zone when the elections service cannot be asked for its candidacy month. */
export const defaultElectionsTimeZone = 'Europe/Paris';

/** The first day of the month of `now` in `timeZone`, as 'YYYY-MM-01'. */
export function candidacyMonthAt(now: Date, timeZone: string = defaultElectionsTimeZone): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(now);
  const part = (type: 'year' | 'month') => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-01`;
}

/** True when the candidate date is this candidacy month's: an older date is a past election's. */
export function isStandingThisMonth(candidateDate: string | null | undefined, candidacyMonth: string): boolean {
  return typeof candidateDate === 'string' && candidateDate.slice(0, 10) === candidacyMonth;
}

/** The roles of the candidacy toggles, in the order shown. */
export const candidacyRoles = [CandidateTo.Moderator, CandidateTo.Scribe, CandidateTo.GreatWise] as const;

type CandidateDates = Pick<SessionUser, (typeof candidateDateField)[CandidateTo]>;

/** The value PUT /api/users/{id} writes to stand (the candidacy month's first day) or withdraw (null). */
export function candidacyChange(
  user: CandidateDates,
  role: CandidateTo,
  candidacyMonth: string,
): { field: (typeof candidateDateField)[CandidateTo]; value: string | null } {
  const field = candidateDateField[role];
  return { field, value: isStandingThisMonth(user[field], candidacyMonth) ? null : candidacyMonth };
}
