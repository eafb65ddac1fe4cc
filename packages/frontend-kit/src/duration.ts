import type { IntlShape, MessageDescriptor } from 'react-intl';

/** The remote's own messages for each unit, each taking `{count}`. */
export interface DurationUnits {
  days: MessageDescriptor;
  hours: MessageDescriptor;
  minutes: MessageDescriptor;
  seconds: MessageDescriptor;
}

/**
 * A countdown's remaining time, the one style of every countdown (shell and remotes): "3 days 4 h 12 min",
 * "4 h 12 min 5 s", "12 min 5 s", "5 s". `largest` keeps only that many units from the first, for
 * tight places such as the header ("3 days 4 h").
 */
export function formatDuration(intl: IntlShape, totalSeconds: number, units: DurationUnits, { largest = 4 } = {}): string {
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(intl.formatMessage(units.days, { count: days }));
  if (days > 0 || hours > 0) parts.push(intl.formatMessage(units.hours, { count: hours }));
  if (totalSeconds >= 60) parts.push(intl.formatMessage(units.minutes, { count: minutes }));
  if (days === 0) parts.push(intl.formatMessage(units.seconds, { count: seconds }));
  return parts.slice(0, largest).join(' ');
}

/** A number of seconds in the largest unit that writes it whole: "14 days", "2 hours", "90 seconds". */
export function formatWholeDuration(intl: IntlShape, seconds: number): string {
  const units = [
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ] as const;
  const [unit, size] = units.find(([, length]) => seconds % length === 0) ?? ['second', 1];
  return intl.formatNumber(seconds / size, { style: 'unit', unit, unitDisplay: 'long' });
}
