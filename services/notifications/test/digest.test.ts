import { createHmac, randomUUID } from 'node:crypto';
import { DAY_MS, digestParams, digestStateAfterChoice, nextDigestAt, staleLinkReason, UNSUBSCRIBE_LINK_MAX_AGE_MS, unsubscribeToken, verifyUnsubscribeToken } from '../src/domain/digest.js';

const calendar = { hourUtc: 7, dailyMs: DAY_MS };
const at = (iso: string) => new Date(iso);

describe('when the next digest falls due', () => {
  it('daily: the next day at the hour, strictly after the given time', () => {
    // 2026-11-27 is a Friday.
    expect(nextDigestAt('daily', at('2026-11-27T05:00:00.000Z'), calendar).toISOString()).toBe('2026-11-27T07:00:00.000Z');
    expect(nextDigestAt('daily', at('2026-11-27T07:00:00.000Z'), calendar).toISOString()).toBe('2026-11-28T07:00:00.000Z');
    expect(nextDigestAt('daily', at('2026-11-27T21:30:00.000Z'), calendar).toISOString()).toBe('2026-11-28T07:00:00.000Z');
    expect(nextDigestAt('daily', at('2026-12-31T08:00:00.000Z'), calendar).toISOString()).toBe('2027-01-01T07:00:00.000Z');
  });

  it('weekly: the next Monday at the hour', () => {
    expect(nextDigestAt('weekly', at('2026-11-27T05:00:00.000Z'), calendar).toISOString()).toBe('2026-11-30T07:00:00.000Z');
    expect(nextDigestAt('weekly', at('2026-11-30T06:59:00.000Z'), calendar).toISOString()).toBe('2026-11-30T07:00:00.000Z');
    expect(nextDigestAt('weekly', at('2026-11-30T07:00:00.000Z'), calendar).toISOString()).toBe('2026-12-07T07:00:00.000Z');
    expect(nextDigestAt('weekly', at('2026-11-29T23:00:00.000Z'), { hourUtc: 0, dailyMs: DAY_MS }).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('with a shortened day (test stacks): one day or seven after the given time', () => {
    const short = { hourUtc: 7, dailyMs: 5000 };
    expect(nextDigestAt('daily', at('2026-11-27T05:00:00.000Z'), short).toISOString()).toBe('2026-11-27T05:00:05.000Z');
    expect(nextDigestAt('weekly', at('2026-11-27T05:00:00.000Z'), short).toISOString()).toBe('2026-11-27T05:00:35.000Z');
  });
});

describe('the digest state after a choice', () => {
  const now = at('2026-11-27T10:00:00.000Z');
  const off = { digest: 'off' as const, digestFrom: null, nextDigestAt: null };

  it('starts a period now when a digest is chosen', () => {
    expect(digestStateAfterChoice('daily', off, now, calendar)).toEqual({ digestFrom: now, nextDigestAt: at('2026-11-28T07:00:00.000Z') });
  });

  it('keeps the period when the choice does not change, and what was gathered when switching', () => {
    const daily = { digest: 'daily' as const, digestFrom: at('2026-11-26T07:00:00.000Z'), nextDigestAt: at('2026-11-28T07:00:00.000Z') };
    expect(digestStateAfterChoice('daily', daily, now, calendar)).toEqual({ digestFrom: daily.digestFrom, nextDigestAt: daily.nextDigestAt });
    expect(digestStateAfterChoice('weekly', daily, now, calendar)).toEqual({ digestFrom: daily.digestFrom, nextDigestAt: at('2026-11-30T07:00:00.000Z') });
  });

  it('ends it when turned off', () => {
    expect(digestStateAfterChoice('off', { digest: 'weekly', digestFrom: now, nextDigestAt: now }, now, calendar)).toEqual({ digestFrom: null, nextDigestAt: null });
  });
});

describe('the unsubscribe token', () => {
  const key = 'k'.repeat(40);
  const userId = randomUUID();
  const issuedAt = new Date('2027-03-01T07:00:00.000Z');
  const claim = { userId, version: 3, issuedAt };

  it('names the member, the version of their preferences and when it was signed, and verifies back to them', () => {
    const token = unsubscribeToken(key, claim);
    expect(token).toMatch(new RegExp(`^${userId}\\.3\\.${issuedAt.getTime() / 1000}\\.[A-Za-z0-9_-]{43}$`));
    expect(verifyUnsubscribeToken(key, token)).toEqual(claim);
  });

  it('refuses another key, another user or version or date, a changed signature, the first version’s tokens and malformed ones', () => {
    const token = unsubscribeToken(key, claim);
    const [, version, issued, signature] = token.split('.') as [string, string, string, string];
    expect(verifyUnsubscribeToken('x'.repeat(40), token)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${randomUUID()}.${version}.${issued}.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${userId}.4.${issued}.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${userId}.${version}.${Number(issued) + 86_400 * 90}.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${userId}.${version}.${issued}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    // The first version: the member and an HMAC of the member alone, which never expired.
    const firstVersion = `${userId}.${createHmac('sha256', key).update(`digest-unsubscribe:${userId}`).digest('base64url')}`;
    expect(verifyUnsubscribeToken(key, firstVersion)).toBeNull();
    for (const bad of ['', 'nodot', `${userId}.`, `not-a-uuid.${version}.${issued}.${signature}`, `${token}.extra`, `${userId}.0.${issued}.${signature}`]) {
      expect(verifyUnsubscribeToken(key, bad)).toBeNull();
    }
  });

  it('works for 60 days, and only while the preferences keep the version it was signed for', () => {
    const at = (days: number) => new Date(issuedAt.getTime() + days * DAY_MS);
    expect(staleLinkReason(claim, 3, at(0))).toBeNull();
    expect(staleLinkReason(claim, 3, at(UNSUBSCRIBE_LINK_MAX_AGE_MS / DAY_MS))).toBeNull();
    expect(staleLinkReason(claim, 3, new Date(at(60).getTime() + 1))).toBe('expired');
    expect(staleLinkReason(claim, 3, at(-1))).toBe('expired');
    expect(staleLinkReason(claim, 4, at(1))).toBe('changed');
    expect(staleLinkReason(claim, null, at(1))).toBe('changed');
  });
});

it('keeps digest parameters within what DigestComposed carries', () => {
  expect(digestParams({ title: 't'.repeat(400), rank: 2 })).toEqual({ title: 't'.repeat(300), rank: 2 });
});
