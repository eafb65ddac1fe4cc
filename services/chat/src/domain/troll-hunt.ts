/** The troll hunt counts mutes since yesterday 00:00 in the platform's time zone (docs/product.md#chat). Pure. */

/** Offset (ms) of `timeZone` from UTC at `instant`. */
function offsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** Yesterday 00:00 in `timeZone`, as an instant. */
export function yesterdayMidnight(now: Date, timeZone: string): Date {
  const local = new Date(now.getTime() + offsetMs(now, timeZone));
  const localMidnightYesterday = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - 1);
  // The offset at that midnight (daylight saving may differ from now's).
  const guess = new Date(localMidnightYesterday - offsetMs(now, timeZone));
  return new Date(localMidnightYesterday - offsetMs(guess, timeZone));
}
