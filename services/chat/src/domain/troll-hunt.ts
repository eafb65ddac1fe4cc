/** The troll hunt counts mutes since yesterday 00:00 in the platform's time zone (docs/product.md#chat). Pure. */
import { zoneOffsetMs } from '@civic/service-kit';

/** Yesterday 00:00 in `timeZone`, as an instant. */
export function yesterdayMidnight(now: Date, timeZone: string): Date {
  const local = new Date(now.getTime() + zoneOffsetMs(now.getTime(), timeZone));
  const localMidnightYesterday = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - 1);
  // The offset at that midnight (daylight saving may differ from now's).
  const guess = new Date(localMidnightYesterday - zoneOffsetMs(now.getTime(), timeZone));
  return new Date(localMidnightYesterday - zoneOffsetMs(guess.getTime(), timeZone));
}
