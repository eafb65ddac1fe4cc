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
  // 2:05 PM / 14:05: written by formatDisplayTime (each language's clock), these options are the French ones
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

/**
 * `date` (a Date, an ISO string or epoch milliseconds) in `format` and `locale`, in the platform's time
 * zone unless `timeZone` names another; '' for an invalid date.
 */
export function formatDisplayDate(
  date: Date | string | number,
  format: DateFormat,
  locale: string,
  timeZone: string = platformTimeZone,
): string {
  if (format === 'hours') return formatDisplayTime(date, locale, { timeZone });
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  const options = { ...dateFormatOptions[format], timeZone };
  return new Intl.DateTimeFormat(intlLocale(locale), options).format(value);
}

/** The current year as text (currentYear format), for "© 2026" lines. */
export function currentYear(locale: string, now: Date = new Date(), timeZone: string = platformTimeZone): string {
  return formatDisplayDate(now, 'currentYear', locale, timeZone);
}

/**
 * The platform's time zone (docs/product.md: phases, elections and PDFs run on it). Every date and time
 * a page shows is written in it, whatever the reader's browser is set to, so one instant reads the
 * same on every screen, in mails and in PDFs.
 */
export const platformTimeZone = 'Europe/Paris';

const french = (locale: string) => locale.toLowerCase().startsWith('fr');

/**
 * A time of day: "2:48 PM" in English (no leading zero), "14:48" in French; `seconds` adds them
 * ("2:48:05 PM"). English times take the 12-hour clock of the English pages, French the 24-hour one.
 */
export function formatDisplayTime(date: Date | string | number, locale: string, { seconds = false, timeZone = platformTimeZone } = {}): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = french(locale)
    ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }
    : { hour: 'numeric', minute: '2-digit', hour12: true, timeZone };
  if (seconds) options.second = '2-digit';
  return new Intl.DateTimeFormat(french(locale) ? 'fr-FR' : 'en-US', options).format(value);
}

const dateFields = ['dateStyle', 'weekday', 'era', 'year', 'month', 'day'] as const;
const timeFields = ['timeStyle', 'hour', 'minute', 'second'] as const;

export interface DateTimeOptions extends Intl.DateTimeFormatOptions {
  /**
   * The zone the reader's clock is in (the browser's by default). When it is not the zone the date is
   * written in, a date with a time names that zone ("Paris time"), since the reader could misread it.
   */
  readerTimeZone?: string;
}

function browserTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The zone's name as a reader says it: the city of an IANA name ("Paris"), or the name as it is. */
function zoneName(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
}

/**
 * The one way pages write a date, with or without its time: the date fields of `options` (dateStyle,
 * or day, month, year, weekday) in the locale's date order with the French "1er" for a month's first
 * day, then the time fields (timeStyle, or hour and minute) as formatDisplayTime writes them, joined
 * by "at" / "à". Written in the platform's time zone unless `options.timeZone` names another, and that
 * zone named after a time when the reader's own differs: "Sunday, 1 November 2026 at 12:00 AM (Paris
 * time)", "dimanche 1er novembre 2026 à 00:00 (heure de Paris)".
 */
export function formatDateTime(date: Date | string | number, locale: string, options: DateTimeOptions): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  const { readerTimeZone = browserTimeZone(), timeZone = platformTimeZone, ...rest } = options;
  const dateOptions: Intl.DateTimeFormatOptions = {};
  for (const field of dateFields) if (rest[field] !== undefined) Object.assign(dateOptions, { [field]: rest[field] });
  const hasTime = timeFields.some((field) => rest[field] !== undefined);
  const text: string[] = [];
  if (Object.keys(dateOptions).length > 0) {
    const parts = new Intl.DateTimeFormat(intlLocale(locale), { ...dateOptions, timeZone }).formatToParts(value);
    // "1er décembre", but "01/12/2026": the ordinal only goes with a month in words.
    const wordMonth = parts.some((part) => part.type === 'month' && !/^\d+$/.test(part.value));
    text.push(parts.map((part) => (french(locale) && wordMonth && part.type === 'day' && Number(part.value) === 1 ? '1er' : part.value)).join(''));
  }
  if (hasTime) {
    const time = formatDisplayTime(value, locale, { seconds: rest.second !== undefined || rest.timeStyle === 'medium' || rest.timeStyle === 'long', timeZone });
    text.push(text.length > 0 ? `${french(locale) ? 'à' : 'at'} ${time}` : time);
    if (readerTimeZone !== timeZone) text.push(french(locale) ? `(heure de ${zoneName(timeZone)})` : `(${zoneName(timeZone)} time)`);
  }
  return text.join(' ');
}
