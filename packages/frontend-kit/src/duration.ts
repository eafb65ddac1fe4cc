import type { IntlShape, MessageDescriptor } from 'react-intl';

/** The remote's own messages for each unit, each taking `{count}`. */
export interface DurationUnits {
  days: MessageDescriptor;
  hours: MessageDescriptor;
  minutes: MessageDescriptor;
  seconds: MessageDescriptor;
}

/** A countdown's remaining time: "3 days 4 h 12 min", "4 h 12 min 5 s", "12 min 5 s", "5 s". */
export function formatDuration(intl: IntlShape, totalSeconds: number, units: DurationUnits): string {
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(intl.formatMessage(units.days, { count: days }));
  if (days > 0 || hours > 0) parts.push(intl.formatMessage(units.hours, { count: hours }));
  if (totalSeconds >= 60) parts.push(intl.formatMessage(units.minutes, { count: minutes }));
  if (days === 0) parts.push(intl.formatMessage(units.seconds, { count: seconds }));
  return parts.join(' ');
}
