/**
 * The date display formats of docs/product.md#content-and-fields (short, long, numeric, hours, currentYear), shared by
 * the shell and the remotes so every screen writes dates the same way in English and French.
 * Pure: the same date, format, locale and time zone always give the same text.
 */
export type DateFormat = 'short' | 'long' | 'numeric' | 'hours' | 'currentYear';

export const dateFormats: readonly DateFormat[] = ['short', 'long', 'numeric', 'hours', 'currentYear'];

/** Intl options of each format. `currentYear` shows only the year (the footer, "© 2026"). */
export const dateFormatOptions: Record<DateFormat, Intl.DateTimeFormatOptions> = {
  // 22 Nov 2026 / 22 nov. 2026
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  // Sunday 22 November 2026 / dimanche 22 novembre 2026
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  // 22/11/2026 in both languages (day first: the platform is European)
  numeric: { day: '2-digit', month: '2-digit', year: 'numeric' },
  // 14:05 in both languages
  hours: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  currentYear: { year: 'numeric' },
};

/**
 * The BCP 47 tag used for each locale. English uses the British variant: day-first numeric dates and a
 * 24-hour clock, like the French texts, so both languages read the same date the same way.
 */
export function intlLocale(locale: string): string {
  return locale.toLowerCase().startsWith('fr') ? 'fr-FR' : 'en-GB';
}

/** `date` (a Date, an ISO string or epoch milliseconds) in `format` and `locale`; '' for an invalid date. */
export function formatDisplayDate(
  date: Date | string | number,
  format: DateFormat,
  locale: string,
  timeZone?: string,
): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  const options = { ...dateFormatOptions[format], ...(timeZone ? { timeZone } : {}) };
  return new Intl.DateTimeFormat(intlLocale(locale), options).format(value);
}

/** The current year as text (currentYear format), for "© 2026" lines. */
export function currentYear(locale: string, now: Date = new Date(), timeZone?: string): string {
  return formatDisplayDate(now, 'currentYear', locale, timeZone);
}
