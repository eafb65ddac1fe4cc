import { sql } from '@civic/service-kit';
import { as, createUser, linkToken, startHarness, type Harness } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('mail-limits', { MAIL_MAX_PER_ADDRESS: '3', MAIL_MAX_PER_IP: '6', MAIL_WINDOW_MINUTES: '60' });
});
afterAll(() => h.close());

const MINUTE = 60_000;
const post = (url: string, payload: Record<string, unknown>, ip: string) => h.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
const forgot = (email: string, ip: string) => post('/api/auth/password/forgot', { email }, ip);
const reset = (token: string, password: string) => h.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password } });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Lets the work left for after the answers finish, then counts the mails to `to` (with this subject). */
const settledCount = async (to: string, subject?: string) => {
  await pause(300);
  return h.mail.mails.filter((m) => m.to.includes(to) && (subject === undefined || m.subject === subject)).length;
};
const RESET = 'Reset your password';

/** Holds an exclusive lock on the mail-link tokens until `release` is called. */
async function lockTokens(): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = h.db.$transaction(
    async (tx) => {
      await tx.$executeRaw(sql`LOCK TABLE "identity"."user_token" IN ACCESS EXCLUSIVE MODE`);
      locked();
      await released;
    },
    { timeout: 60_000 },
  );
  await isLocked;
  return {
    async release() {
      release();
      await holder;
    },
  };
}

/**
 * The answer, or 'no answer' when none came within `ms`. The timer is cleared once the answer is in:
 * left running it kept the test process alive for seconds after the last test.
 */
async function within<T>(ms: number, answer: Promise<T>): Promise<T | 'no answer'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'no answer'>((resolve) => (timer = setTimeout(() => resolve('no answer'), ms)));
  try {
    return await Promise.race([answer, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

describe('password-reset mails per address', () => {
  // Ten at once are enough to race for the three: twenty waited on one another past what a busy
  // machine allows a transaction to wait for its connection.
  it('sends 3 of 10 simultaneous requests, answers all 10 alike, and only the newest link works', async () => {
    const user = await createUser(h);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => forgot(user.email, `198.18.1.${n + 1}`)));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`))).toEqual(new Set(['204 ']));
    await h.mail.latestTo(user.email);
    expect(await settledCount(user.email, RESET)).toBe(3);

    const tokens = h.mail.mails.filter((m) => m.to.includes(user.email) && m.subject === RESET).map((m) => linkToken(m, 'password').token);
    const stored = await h.db.userToken.findMany({ where: { userId: user.id, purpose: 'password-reset' }, orderBy: { createdAt: 'asc' } });
    expect(stored.filter((t) => t.usedAt === null)).toHaveLength(1);
    const answersToOld = await Promise.all(tokens.map((token) => reset(token, 'a fresh passphrase 1')));
    expect(answersToOld.filter((a) => a.statusCode === 204)).toHaveLength(1);
    expect(answersToOld.filter((a) => a.statusCode === 400).map((a) => a.json().statusMessage)).toEqual(['Link error or expired token', 'Link error or expired token']);
  });

  it('withholds the mails past the limit as it answers an unknown address, and sends again once the window has passed', async () => {
    const user = await createUser(h);
    for (let n = 0; n < 3; n++) expect((await forgot(user.email, `198.18.2.${n + 1}`)).statusCode).toBe(204);
    await h.mail.latestTo(user.email);
    const withheld = await forgot(user.email, '198.18.2.10');
    const unknown = await forgot(`nobody-${Date.now()}@example.org`, '198.18.2.11');
    expect([withheld.statusCode, withheld.body, withheld.headers['retry-after']]).toEqual([unknown.statusCode, unknown.body, unknown.headers['retry-after']]);
    expect(await settledCount(user.email, RESET)).toBe(3);

    h.clock.advance(61 * MINUTE);
    const before = h.mail.mails.length;
    expect((await forgot(user.email, '198.18.2.12')).statusCode).toBe(204);
    await h.mail.latestTo(user.email, before);
    expect(await settledCount(user.email, RESET)).toBe(4);
  });

  it('ends the older reset links when a new one is sent', async () => {
    const user = await createUser(h);
    const first = h.mail.mails.length;
    await forgot(user.email, '198.18.3.1');
    const older = linkToken(await h.mail.latestTo(user.email, first), 'password').token;
    const second = h.mail.mails.length;
    await forgot(user.email, '198.18.3.2');
    const newer = linkToken(await h.mail.latestTo(user.email, second), 'password').token;
    expect((await reset(older, 'a fresh passphrase 2')).json()).toEqual({ statusCode: 400, statusMessage: 'Link error or expired token' });
    expect((await reset(newer, 'a fresh passphrase 2')).statusCode).toBe(204);
  });
});

describe('mails per client address', () => {
  it('answers 429 with Retry-After past 6 requests from one address, whatever the addresses asked for', async () => {
    const known = await createUser(h);
    const ip = '198.18.4.1';
    for (let n = 0; n < 6; n++) {
      const email = n % 2 === 0 ? known.email : `stranger-${n}-${Date.now()}@example.org`;
      expect((await forgot(email, ip)).statusCode).toBe(204);
    }
    for (const email of [known.email, `stranger-last-${Date.now()}@example.org`]) {
      const refused = await forgot(email, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ statusCode: 429, statusMessage: 'Too Many Requests' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    }
    // Another client address is not concerned; the limits of each kind of mail are their own.
    expect((await forgot(`elsewhere-${Date.now()}@example.org`, '198.18.4.2')).statusCode).toBe(204);
    expect((await post('/api/auth/resend-verification', { email: known.email }, ip)).statusCode).toBe(204);
  });
});

describe('verification resend and email change', () => {
  it('sends at most 3 verification mails per address (the registration one aside), answering alike', async () => {
    const user = await createUser(h, { verified: false, loggedIn: false });
    const registered = h.mail.countTo(user.email);
    for (let n = 0; n < 5; n++) expect((await post('/api/auth/resend-verification', { email: user.email }, `198.18.5.${n + 1}`)).statusCode).toBe(204);
    await h.mail.latestTo(user.email);
    expect(await settledCount(user.email)).toBe(registered + 3);
    const tokens = await h.db.userToken.count({ where: { userId: user.id, purpose: 'verify-account', usedAt: null } });
    expect(tokens).toBe(1);
  });

  it('sends at most 3 email-change confirmations to one new address, answering 202 to the next ones', async () => {
    const owners = await Promise.all([createUser(h), createUser(h)]);
    const target = `wanted-${Date.now()}@example.org`;
    for (const [n, owner] of [owners[0], owners[0], owners[1], owners[1]].entries()) {
      const res = await as(h, owner!, { method: 'POST', url: `/api/users/${owner!.id}/email`, payload: { newEmail: target, password: owner!.password }, headers: { 'x-forwarded-for': `198.18.6.${n + 1}` } });
      expect(res.statusCode).toBe(202);
    }
    expect(await settledCount(target)).toBe(3);
    expect(await h.db.userToken.count({ where: { userId: owners[1]!.id, purpose: 'email-change' } })).toBe(1);
  });
});

describe('the same time for known and unknown addresses', () => {
  it('answers a reset request for a known address before issuing its link, which then goes out', async () => {
    const user = await createUser(h);
    const before = h.mail.mails.length;
    const lock = await lockTokens();
    try {
      // Issuing the link needs the locked table: the answer must not wait for it.
      const answer = await within(5_000, forgot(user.email, '198.18.7.1'));
      expect(answer === 'no answer' ? answer : answer.statusCode).toBe(204);
      expect(h.mail.mails.length).toBe(before);
    } finally {
      await lock.release();
    }
    expect((await h.mail.latestTo(user.email, before)).subject).toBe('Reset your password');
  });

  it('answers a verification resend for a known address before issuing its link', async () => {
    const user = await createUser(h, { verified: false, loggedIn: false });
    const before = h.mail.mails.length;
    const lock = await lockTokens();
    try {
      const answer = await within(5_000, post('/api/auth/resend-verification', { email: user.email }, '198.18.7.2'));
      expect(answer === 'no answer' ? answer : answer.statusCode).toBe(204);
    } finally {
      await lock.release();
    }
    expect((await h.mail.latestTo(user.email, before)).subject).toBe('Confirm your account');
  });

  it('finishes the work left after an answer before the app closes', async () => {
    const other = await h.buildOther({});
    const user = await createUser(h);
    const before = h.mail.mails.length;
    const lock = await lockTokens();
    let closed = false;
    let closing: Promise<void> | undefined;
    try {
      expect((await other.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: user.email }, remoteAddress: '198.18.7.3' })).statusCode).toBe(204);
      closing = other.close().then(() => {
        closed = true;
      });
      await pause(500);
      expect(closed).toBe(false);
    } finally {
      await lock.release();
    }
    await closing;
    expect(h.mail.mails.slice(before).some((m) => m.to.includes(user.email))).toBe(true);
  });
});
