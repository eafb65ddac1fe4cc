/**
 * The digest mail of followed content (docs/product.md#following): when each member's next digest
 * falls due, what it holds, and the one-click unsubscribe token of its mail. Pure.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DigestFrequency } from '@civic/contracts';

export type DigestPeriod = Exclude<DigestFrequency, 'off'>;

export interface DigestSchedule {
  /** DIGEST_HOUR_UTC: the hour daily digests, and weekly ones on Mondays, fall due. */
  hourUtc: number;
  /** DIGEST_DAILY_MS: a day keeps the calendar; any other length repeats from the previous digest. */
  dailyMs: number;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The most alerts one digest lists; the rest are counted as `more`. */
export const DIGEST_MAX_ITEMS = 50;
/** The longest text a digest item's parameter may carry (DigestComposed). */
export const DIGEST_PARAM_MAX_LENGTH = 300;

/**
 * When the digest after `after` falls due: daily, the next day at the hour; weekly, the next Monday at
 * the hour (both strictly after `after`, so a digest sent at the hour waits a full period). With a
 * shortened day (test stacks), one day or seven after `after`.
 */
export function nextDigestAt(period: DigestPeriod, after: Date, schedule: DigestSchedule): Date {
  if (schedule.dailyMs !== DAY_MS) return new Date(after.getTime() + (period === 'daily' ? 1 : 7) * schedule.dailyMs);
  const next = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), schedule.hourUtc));
  if (next.getTime() <= after.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  if (period === 'weekly') {
    // getUTCDay: Sunday 0, Monday 1.
    const daysToMonday = (8 - next.getUTCDay()) % 7;
    next.setUTCDate(next.getUTCDate() + daysToMonday);
  }
  return next;
}

/** The digest state after a member's choice: a period starting now, or none while it is off. */
export function digestStateAfterChoice(
  choice: DigestFrequency,
  current: { digest: DigestFrequency; digestFrom: Date | null; nextDigestAt: Date | null },
  now: Date,
  schedule: DigestSchedule,
): { digestFrom: Date | null; nextDigestAt: Date | null } {
  if (choice === 'off') return { digestFrom: null, nextDigestAt: null };
  if (choice === current.digest && current.nextDigestAt !== null) return { digestFrom: current.digestFrom, nextDigestAt: current.nextDigestAt };
  // Switching between daily and weekly keeps what was gathered since the last digest.
  return { digestFrom: current.digest === 'off' ? now : (current.digestFrom ?? now), nextDigestAt: nextDigestAt(choice, now, schedule) };
}

const TOKEN_PURPOSE = 'digest-unsubscribe:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signatureOf = (key: string, userId: string) => createHmac('sha256', key).update(TOKEN_PURPOSE + userId).digest('base64url');

/** The token of a member's unsubscribe link: `<userId>.<base64url HMAC-SHA256(key, 'digest-unsubscribe:' + userId)>`. */
export function unsubscribeToken(key: string, userId: string): string {
  return `${userId}.${signatureOf(key, userId)}`;
}

/** The member a token unsubscribes, or null when it is not one this key signed. */
export function verifyUnsubscribeToken(key: string, token: string): string | null {
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const userId = token.slice(0, dot).toLowerCase();
  if (!UUID.test(userId)) return null;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signatureOf(key, userId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/** A digest item's parameters within what DigestComposed carries. */
export function digestParams(params: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'string' ? value.slice(0, DIGEST_PARAM_MAX_LENGTH) : value]));
}
