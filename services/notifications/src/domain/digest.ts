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

/** How long an unsubscribe link works after its mail was composed. */
export const UNSUBSCRIBE_LINK_MAX_AGE_MS = 60 * DAY_MS;
/** Clocks of replicas differ a little: a link signed a moment "later" than now still works. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** What an unsubscribe link says: whose digest, at which version of their preferences, signed when. */
export interface UnsubscribeClaim {
  userId: string;
  /** The version of the member's preferences when the mail was composed (follow_preference.version). */
  version: number;
  issuedAt: Date;
}

/** Why a link whose signature holds no longer works. */
export type StaleLinkReason = 'expired' | 'changed';

// Version 2 of the token: the first bound to nothing but the member, and worked for ever.
const TOKEN_PURPOSE = 'digest-unsubscribe:2:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = /^([0-9a-fA-F-]{36})\.([1-9][0-9]{0,9})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

const signatureOf = (key: string, signed: string) => createHmac('sha256', key).update(TOKEN_PURPOSE + signed).digest('base64url');

/**
 * The token of a member's unsubscribe link:
 * `<userId>.<version>.<issued, seconds>.<base64url HMAC-SHA256(key, 'digest-unsubscribe:2:' + the three before, dot-separated)>`.
 */
export function unsubscribeToken(key: string, claim: UnsubscribeClaim): string {
  const signed = `${claim.userId}.${claim.version}.${Math.floor(claim.issuedAt.getTime() / 1000)}`;
  return `${signed}.${signatureOf(key, signed)}`;
}

/** What a token this key signed says, or null when it is not one (forged, altered, or of the first version). */
export function verifyUnsubscribeToken(key: string, token: string): UnsubscribeClaim | null {
  const parts = TOKEN.exec(token);
  if (!parts) return null;
  const [, id = '', version = '', issued = '', signature = ''] = parts;
  const userId = id.toLowerCase();
  if (!UUID.test(userId)) return null;
  const given = Buffer.from(signature);
  const expected = Buffer.from(signatureOf(key, `${id}.${version}.${issued}`));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, version: Number(version), issuedAt: new Date(Number(issued) * 1000) };
}

/**
 * Whether a signed link still works now: it lives UNSUBSCRIBE_LINK_MAX_AGE_MS, and only while the
 * member's preferences are at the version it was signed for (`current`, null when they have none).
 * Using the link itself leaves the version as it is, so a second click finds the digest off again.
 */
export function staleLinkReason(claim: UnsubscribeClaim, current: number | null, now: Date): StaleLinkReason | null {
  const age = now.getTime() - claim.issuedAt.getTime();
  if (age > UNSUBSCRIBE_LINK_MAX_AGE_MS || age < -CLOCK_SKEW_MS) return 'expired';
  if (current !== claim.version) return 'changed';
  return null;
}

/** A digest item's parameters within what DigestComposed carries. */
export function digestParams(params: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'string' ? value.slice(0, DIGEST_PARAM_MAX_LENGTH) : value]));
}
