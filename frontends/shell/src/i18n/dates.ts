/**
 * Dates written in sentences, through the one formatter of the front ends
 * (`@civic/frontend-kit/dates`): the platform's time zone, the French "1er", English times without a
 * leading zero, and the zone named when the reader's clock is elsewhere.
 */
import type { IntlShape } from 'react-intl';
import { formatDateTime, type DateTimeOptions } from '@civic/frontend-kit/dates';

export type DateInput = Date | number | string;

/** A date (and time, with time fields) in the reader's language: "1er décembre 2026 à 10:00". */
export function formatDayDate(intl: Pick<IntlShape, 'locale'>, value: DateInput, options: DateTimeOptions): string {
  return formatDateTime(value, intl.locale, options);
}

/** A moment in a sentence: the full date and the time ("lundi 1er décembre 2026 à 10:00"). */
export function formatMoment(intl: Pick<IntlShape, 'locale'>, value: DateInput): string {
  return formatDateTime(value, intl.locale, { dateStyle: 'full', timeStyle: 'short' });
}
