/** Dates written out in words, with the French ordinal for the first day of a month ("1er mars"). */
import type { IntlShape } from 'react-intl';

const firstOfMonth = /(^|[\s\u00a0\u202f])1(?=[\s\u00a0\u202f](janv|févr|mars|avr|mai|juin|juil|août|sept|oct|nov|déc))/gu;

/** "1 mars 2026" becomes "1er mars 2026" in French; other texts and languages are unchanged. */
export function withFrenchOrdinal(text: string, locale: string): string {
  return locale.toLowerCase().startsWith('fr') ? text.replace(firstOfMonth, '$11er') : text;
}

/** intl.formatDate for dates with the month in words (long or full styles). */
export function formatDay(intl: IntlShape, date: string | number | Date, options: Intl.DateTimeFormatOptions): string {
  return withFrenchOrdinal(intl.formatDate(date, options), intl.locale);
}
