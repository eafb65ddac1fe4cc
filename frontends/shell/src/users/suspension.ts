/** A member's suspension as the shell shows it (docs/product.md#suspensions: suspended until a date, can be lifted). */

/** The end of a suspension still running at `now`, else null (none, or already over). */
export function activeSuspension(suspendedUntil: string | null | undefined, now: number): Date | null {
  if (!suspendedUntil) return null;
  const until = new Date(suspendedUntil);
  return Number.isNaN(until.getTime()) || until.getTime() <= now ? null : until;
}
