/**
 * Dates written in sentences. French writes the first day of a month as an ordinal ("1er décembre");
 * Intl writes "1 décembre", so the day part is corrected here.
 */
import type { IntlShape } from 'react-intl';

export type DateInput = Date | number | string;

/** `intl.formatDate` with "1er" for the first day of a month in French. */
export function formatDayDate(intl: Pick<IntlShape, 'locale' | 'formatDateToParts'>, value: DateInput, options: Intl.DateTimeFormatOptions): string {
  const parts = intl.formatDateToParts(value, options);
  const french = intl.locale.toLowerCase().startsWith('fr');
  return parts.map((part) => (french && part.type === 'day' && Number(part.value) === 1 ? '1er' : part.value)).join('');
}

/** A moment in a sentence: the full date and the time ("lundi 1er décembre 2026 à 10:00"). */
export function formatMoment(intl: Pick<IntlShape, 'locale' | 'formatDateToParts'>, value: DateInput): string {
  return formatDayDate(intl, value, { dateStyle: 'full', timeStyle: 'short' });
}
