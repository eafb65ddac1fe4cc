/** Dates written out in words, through the one formatter of the front ends (`@civic/frontend-kit/dates`). */
import type { IntlShape } from 'react-intl';
import { formatDateTime, type DateTimeOptions } from '@civic/frontend-kit/dates';

/** "1 mars 2026" becomes "1er mars 2026" in French; other texts and languages are unchanged. */
const firstOfMonth = /(^|[\s\u00a0\u202f])1(?=[\s\u00a0\u202f](janv|févr|mars|avr|mai|juin|juil|août|sept|oct|nov|déc))/gu;
export function withFrenchOrdinal(text: string, locale: string): string {
  return locale.toLowerCase().startsWith('fr') ? text.replace(firstOfMonth, '$11er') : text;
}

/** A date (and its time, with time fields) in the platform's time zone, "1er" in French, "2:48 PM" in English. */
export function formatDay(intl: Pick<IntlShape, 'locale'>, date: string | number | Date, options: DateTimeOptions): string {
  return formatDateTime(date, intl.locale, options);
}

/** A time of day in the platform's time zone: "2:48 PM", "14:48". */
export { formatDisplayTime } from '@civic/frontend-kit/dates';
