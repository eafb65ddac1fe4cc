/**
 * Wall-clock readings in a named time zone, with the runtime's Intl data (no time-zone library):
 * the chat's troll-hunt day and the elections' month boundaries are both local to the platform.
 */

export interface LocalParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (building one is slow); throws a RangeError for a zone the runtime does not know. */
function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, found);
  }
  return found;
}

/** Throws a RangeError for a time zone the runtime does not know. */
export function assertTimeZone(timeZone: string): void {
  formatter(timeZone);
}

/** The wall-clock reading of `instant` in `timeZone`. */
export function localParts(instant: Date, timeZone: string): LocalParts {
  const values: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return { year: values['year']!, month: values['month']!, day: values['day']!, hour: values['hour']!, minute: values['minute']!, second: values['second']! };
}

/** The offset of the zone from UTC at `instantMs`, in ms (Paris in winter: +3 600 000). */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const p = localParts(new Date(instantMs), timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}
