/**
 * Month boundaries in the elections' time zone (docs/product.md#elections: elections on the 1st of each
 * month at a configured local time, default 00:00 Europe/Paris). Pure functions of an instant.
 */
import { localParts, zoneOffsetMs } from '@civic/service-kit';

export interface ElectionTime {
  timeZone: string;
  /** Local time of day the election closes on the 1st, in minutes after midnight. */
  minutes: number;
}

/** 'HH:MM' (00:00-23:59) as minutes after midnight; null when malformed. */
export function parseTimeOfDay(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** The instant a local wall-clock time happens in the zone (the later reading when a DST jump skips it). */
export function zonedInstant(year: number, month: number, day: number, minutes: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  let instant = wall - zoneOffsetMs(wall, timeZone);
  const corrected = wall - zoneOffsetMs(instant, timeZone);
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}

/** A month as { year, month 1-12 }. */
export interface Month {
  year: number;
  month: number;
}

export const addMonths = ({ year, month }: Month, count: number): Month => {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

export const compareMonths = (a: Month, b: Month): number => a.year * 12 + a.month - (b.year * 12 + b.month);

/** 'YYYY-MM' */
export const monthKey = ({ year, month }: Month): string => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;

/** 'YYYY-MM-01', the candidate date of the month. */
export const monthStart = (month: Month): string => `${monthKey(month)}-01`;

/** 'YYYY-MM' or 'YYYY-MM-DD' back to a Month. */
export function parseMonth(text: string): Month {
  const [year, month] = text.split('-').map(Number);
  return { year: year!, month: month! };
}

/** The calendar month `instant` falls in, in the zone. */
export function monthOf(instant: Date, timeZone: string): Month {
  const { year, month } = localParts(instant, timeZone);
  return { year, month };
}

/** When the election opening `month` (its month of office) closes: the 1st of it at the configured time. */
export function electionInstant(month: Month, time: ElectionTime): Date {
  return zonedInstant(month.year, month.month, 1, time.minutes, time.timeZone);
}

/**
 * The month whose candidacies are open at `now`: the calendar month, except on the 1st before the
 * election time, when the previous month's election has not closed yet.
 */
export function candidacyMonthAt(now: Date, time: ElectionTime): Month {
  const calendar = monthOf(now, time.timeZone);
  return now.getTime() < electionInstant(calendar, time).getTime() ? addMonths(calendar, -1) : calendar;
}

/**
 * The latest month of office whose election is due at `now` (its instant is not in the future): the
 * election that opened the month of the current candidacies.
 */
export function latestDueElection(now: Date, time: ElectionTime): Month {
  return candidacyMonthAt(now, time);
}

/** When the election of the open candidacies closes. */
export function nextElectionAt(now: Date, time: ElectionTime): Date {
  return electionInstant(addMonths(candidacyMonthAt(now, time), 1), time);
}

/** Catch-up after a long downtime closes at most this many missed months at once (oldest dropped). */
export const MAX_CATCH_UP_MONTHS = 24;

/**
 * The offices whose election is due and not closed yet, oldest first: the months after the last
 * closed one (`lastClosed`) up to `latestDue`; on a fresh installation (no election closed), from the
 * month after the first month that had candidacies (`earliestCandidacy`), so an election with nothing
 * to tally is never the first one. At most MAX_CATCH_UP_MONTHS, the oldest dropped.
 */
export function monthsToClose(lastClosed: Month | null, earliestCandidacy: Month | null, latestDue: Month): Month[] {
  let first: Month;
  if (lastClosed) first = addMonths(lastClosed, 1);
  else if (earliestCandidacy) first = addMonths(earliestCandidacy, 1);
  else return [];
  if (compareMonths(first, latestDue) > 0) return [];
  const oldestAllowed = addMonths(latestDue, 1 - MAX_CATCH_UP_MONTHS);
  if (compareMonths(first, oldestAllowed) < 0) first = oldestAllowed;
  const months: Month[] = [];
  for (let month = first; compareMonths(month, latestDue) <= 0; month = addMonths(month, 1)) months.push(month);
  return months;
}
