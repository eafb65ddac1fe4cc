import { candidateDateField, type CandidateTo } from '@civic/contracts';

export type CandidateDateField = (typeof candidateDateField)[CandidateTo];

const fields = Object.entries(candidateDateField).map(([to, field]) => [Number(to) as CandidateTo, field] as const);

/** 'YYYY-MM-01' of the month `now` falls in, in the elections' time zone. */
export function currentMonthStart(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(now);
  const year = parts.find((p) => p.type === 'year')?.value;
  const month = parts.find((p) => p.type === 'month')?.value;
  return `${year}-${month}-01`;
}

/** 'YYYY-MM' of the month `now` falls in, in the elections' time zone. */
export function currentMonth(now: Date, timeZone: string): string {
  return currentMonthStart(now, timeZone).slice(0, 7);
}

/** Throws a RangeError for a time zone the runtime does not know. */
export function assertTimeZone(timeZone: string): void {
  new Intl.DateTimeFormat('en', { timeZone });
}

export interface CandidacyChange {
  candidateTo: CandidateTo;
  field: CandidateDateField;
  /** 'YYYY-MM-01' to stand, null to withdraw. */
  date: string | null;
}

export type CandidacyParse = { ok: true; change: CandidacyChange } | { ok: false; reason: string; expected?: string };

/**
 * PUT /api/users/{id}: exactly one candidate date field, whose value is the first day of the current
 * month (to stand) or null (to withdraw). Anything else is refused.
 */
export function parseCandidacy(body: Record<string, unknown>, now: Date, timeZone: string): CandidacyParse {
  const given = fields.filter(([, field]) => field in body);
  const [first] = given;
  if (!first || given.length !== 1 || Object.keys(body).length !== 1) return { ok: false, reason: 'exactlyOneCandidateDateField' };
  const [candidateTo, field] = first;
  const value = body[field];
  if (value === null) return { ok: true, change: { candidateTo, field, date: null } };
  const expected = currentMonthStart(now, timeZone);
  if (value !== expected) return { ok: false, reason: 'notFirstDayOfCurrentMonth', expected };
  return { ok: true, change: { candidateTo, field, date: expected } };
}

/** A stored DATE column (midnight UTC) as 'YYYY-MM-DD'. */
export function formatDate(date: Date | null): string | null {
  return date ? date.toISOString().slice(0, 10) : null;
}

/** 'YYYY-MM-DD' as the Date Prisma stores in a DATE column. */
export function parseDate(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}
