import { suspensionMinutes } from '@civic/contracts';

export type SuspensionMinutes = (typeof suspensionMinutes)[number];

export function isSuspensionLength(minutes: number): minutes is SuspensionMinutes {
  return (suspensionMinutes as readonly number[]).includes(minutes);
}

export function suspendedUntil(now: Date, minutes: SuspensionMinutes): Date {
  return new Date(now.getTime() + minutes * 60_000);
}

/** A suspension ends by itself: only an end in the future suspends. */
export function isSuspended(until: Date | null, now: Date): boolean {
  return until !== null && until.getTime() > now.getTime();
}

/** The end of the current suspension, or null when the user is not suspended. */
export function currentSuspension(until: Date | null, now: Date): Date | null {
  return isSuspended(until, now) ? until : null;
}
