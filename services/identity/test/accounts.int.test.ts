import { as, createUser, identityEvents, Jar, linkToken, startHarness, waitForEvent, type Harness } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  // The product's limits: 5 accounts per IP, 2 per day.
  h = await startHarness('accounts', { MAX_ACCOUNTS_PER_IP: '5', MAX_ACCOUNTS_PER_IP_PER_DAY: '2', SEED_MODERATOR_EMAIL: 'First.Moderator@example.org' });
});
afterAll(() => h.close());

const HOUR = 3600_000;
let n = 0;
const fresh = (prefix = 'user') => `${prefix}-${++n}-${Date.now()}@example.org`;

const register = (payload: Record<string, unknown>, options: { ip?: string; forwardedFor?: string; headers?: Record<string, string> } = {}) =>
  h.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload,
    remoteAddress: options.ip ?? '192.0.2.200',
    headers: { ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}), ...options.headers },
  });

const post = (url: string, payload?: Record<string, unknown>, jar?: Jar) =>
  h.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: jar ? { cookie: jar.header() } : {} }).then((res) => {
    jar?.take(res.headers);
    return res;
  });

describe('registration limits per IP (stored as keyed hashes)', () => {
  it('tells anyone the limits it runs with, for the help page', async () => {
    const answer = await h.app.inject({ url: '/api/auth/registration-limits' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ accountsPerIp: 5, accountsPerIpPerDay: 2 });
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
  });

  it('allows 2 accounts a day and 5 in all from one address, with the catalogue messages', async () => {
    const ip = '198.51.100.7';
    const ok = (r: { statusCode: number }) => expect(r.statusCode).toBe(201);
    ok(await register({ email: fresh(), userName: 'First', password: 'long enough, rainy Tuesday 1' }, { forwardedFor: ip }));
    ok(await register({ email: fresh(), userName: 'Second', password: 'long enough, rainy Tuesday 2' }, { forwardedFor: ip }));
    const before = await h.db.user.count();
    const third = await register({ email: fresh(), userName: 'Third', password: 'long enough, rainy Tuesday 3' }, { forwardedFor: ip });
    expect(third.statusCode).toBe(429);
    // The refusal says when to come back: 24 hours after the first of the day's two registrations.
    const refusal = third.json();
    expect(refusal).toEqual({ statusCode: 429, statusMessage: 'Too many accounts on the same day, come back later', data: { retryAfterSeconds: expect.any(Number) } });
    expect(refusal.data.retryAfterSeconds).toBeGreaterThan(24 * 3600 - 60);
    expect(refusal.data.retryAfterSeconds).toBeLessThanOrEqual(24 * 3600);
    expect(third.headers['retry-after']).toBe(String(refusal.data.retryAfterSeconds));
    expect(await h.db.user.count()).toBe(before);
    // Another address is not concerned.
    ok(await register({ email: fresh(), userName: 'Elsewhere', password: 'long enough, rainy Tuesday 4' }, { forwardedFor: '198.51.100.8' }));

    // The next days: 2 more, 1 more, then the total limit.
    h.clock.advance(25 * HOUR);
    ok(await register({ email: fresh(), userName: 'Fourth', password: 'long enough, rainy Tuesday 5' }, { forwardedFor: ip }));
    ok(await register({ email: fresh(), userName: 'Fifth', password: 'long enough, rainy Tuesday 6' }, { forwardedFor: ip }));
    h.clock.advance(25 * HOUR);
    ok(await register({ email: fresh(), userName: 'Sixth', password: 'long enough, rainy Tuesday 7' }, { forwardedFor: ip }));
    const sixth = await register({ email: fresh(), userName: 'Seventh', password: 'long enough, rainy Tuesday 8' }, { forwardedFor: ip });
    expect(sixth.statusCode).toBe(429);
    // The lifetime limit never ends: no Retry-After to promise.
    expect(sixth.json()).toEqual({ statusCode: 429, statusMessage: 'Too many accounts on the same IP' });
    expect(sixth.headers['retry-after']).toBeUndefined();
    h.clock.advance(30 * 24 * HOUR);
    expect((await register({ email: fresh(), userName: 'Much later', password: 'long enough, rainy Tuesday 9' }, { forwardedFor: ip })).json().statusMessage).toBe('Too many accounts on the same IP');

    // The address itself is nowhere in the table: only an HMAC of it.
    const hashes = await h.db.user.findMany({ select: { registrationIpHash: true } });
    expect(hashes.every((row) => row.registrationIpHash && /^[0-9a-f]{64}$/.test(row.registrationIpHash))).toBe(true);
    expect(JSON.stringify(hashes)).not.toContain('198.51.100.7');
  });

  it('counts the connection address when no proxy header is present', async () => {
    const ip = '203.0.113.50';
    expect((await register({ email: fresh(), userName: 'Direct one', password: 'long enough, rainy Tuesday' }, { ip })).statusCode).toBe(201);
    expect((await register({ email: fresh(), userName: 'Direct two', password: 'long enough, rainy Tuesday' }, { ip })).statusCode).toBe(201);
    expect((await register({ email: fresh(), userName: 'Direct three', password: 'long enough, rainy Tuesday' }, { ip })).json().statusMessage).toBe(
      'Too many accounts on the same day, come back later',
    );
  });

  it('keeps counting deleted accounts against the address', async () => {
    const ip = '203.0.113.60';
    const email = fresh();
    const created = await register({ email, userName: 'Gone soon', password: 'long enough, rainy Tuesday' }, { ip });
    const id = created.json().id;
    await h.db.user.update({ where: { id }, data: { verifiedAt: new Date() } });
    const jar = new Jar().take((await h.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'long enough, rainy Tuesday' } })).headers);
    expect((await as(h, { jar }, { method: 'DELETE', url: `/api/users/${id}`, payload: { password: 'long enough, rainy Tuesday' } })).statusCode).toBe(204);
    expect((await register({ email: fresh(), userName: 'Second after deletion', password: 'long enough, rainy Tuesday' }, { ip })).statusCode).toBe(201);
    expect((await register({ email: fresh(), userName: 'Third after deletion', password: 'long enough, rainy Tuesday' }, { ip })).statusCode).toBe(429);
  });
});

describe('verification by mail', () => {
  it('mails a verification link in English, and following it verifies, logs in and publishes identity.user.verified', async () => {
    const email = fresh('verify');
    const res = await register({ email, userName: 'Marie Curie', password: 'radium-1898' }, { ip: '192.0.2.1' });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const mail = await h.mail.latestTo(email);
    expect(mail.subject).toBe('Confirm your account');
    expect(mail.body).toContain('Hello Marie Curie,');
    const { url, token } = linkToken(mail, 'verify-account');
    expect(url.startsWith('http://civic.test/verify-account?token=')).toBe(true);
    // Stored hashed only.
    const stored = await h.db.userToken.findFirstOrThrow({ where: { userId: id, purpose: 'verify-account' } });
    expect(stored.tokenHash).not.toBe(token);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(24 * HOUR);

    const jar = new Jar();
    const verified = await post('/api/auth/verify-account', { token }, jar);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ id, email, verified: true, userName: 'Marie Curie', locale: 'en' });
    expect(jar.cookies.has('access_token')).toBe(true);
    expect((await post('/api/login/auth-user', undefined, jar)).json().id).toBe(id);
    expect((await h.db.user.findUniqueOrThrow({ where: { id } })).verifiedAt).not.toBeNull();
    await waitForEvent(h.bus, 'identity.user.verified', (p) => p['userId'] === id);

    // The link works once; opened again, it says the account is already verified (and logs nobody in).
    const againJar = new Jar();
    const again = await post('/api/auth/verify-account', { token }, againJar);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ statusCode: 400, statusMessage: 'Link error or expired token', data: { reason: 'alreadyVerified' } });
    expect(againJar.cookies.has('access_token')).toBe(false);
  });

  it('writes in French for a French registration (body locale, else cookie, else Accept-Language) and stores the locale', async () => {
    const byBody = fresh('fr');
    await register({ email: byBody, userName: 'Olympe', password: 'declaration of rights 1789', locale: 'fr' }, { ip: '192.0.2.2' });
    const mail = await h.mail.latestTo(byBody);
    expect(mail.subject).toBe('Confirmez votre compte');
    expect(mail.body).toContain('Bonjour Olympe,');
    expect(mail.body).toContain('Ce lien est valable 24 heures.');

    const byHeader = fresh('fr');
    const res = await register({ email: byHeader, userName: 'Louise', password: 'declaration of rights 1789' }, { ip: '192.0.2.3', headers: { 'accept-language': 'de-DE, fr-CA;q=0.8, en;q=0.5' } });
    expect((await h.mail.latestTo(byHeader)).subject).toBe('Confirmez votre compte');
    expect((await h.db.user.findUniqueOrThrow({ where: { id: res.json().id } })).locale).toBe('fr');

    const byCookie = fresh('fr');
    await register({ email: byCookie, userName: 'Simone', password: 'declaration of rights 1789' }, { ip: '192.0.2.4', headers: { cookie: 'locale=fr', 'accept-language': 'en' } });
    expect((await h.mail.latestTo(byCookie)).subject).toBe('Confirmez votre compte');

    const english = fresh('en');
    await register({ email: english, userName: 'Ada', password: 'declaration of rights 1789' }, { ip: '192.0.2.5', headers: { 'accept-language': 'fr;q=0.2, en-GB' } });
    expect((await h.mail.latestTo(english)).subject).toBe('Confirm your account');
  });

  it('refuses an expired link, and a resent mail brings a working one', async () => {
    const email = fresh('late');
    const res = await register({ email, userName: 'Late Reader', password: 'long enough, rainy Tuesday' }, { ip: '192.0.2.6' });
    const { token } = linkToken(await h.mail.latestTo(email), 'verify-account');
    h.clock.advance(25 * HOUR);
    const expired = await post('/api/auth/verify-account', { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().statusMessage).toBe('Link error or expired token');
    expect((await h.db.user.findUniqueOrThrow({ where: { id: res.json().id } })).verifiedAt).toBeNull();

    const count = h.mail.countTo(email);
    const mailsBefore = h.mail.mails.length;
    const resend = await post('/api/auth/resend-verification', { email: ` ${email.toUpperCase()} ` });
    expect(resend.statusCode).toBe(204);
    const second = await h.mail.latestTo(email, mailsBefore);
    expect(h.mail.countTo(email)).toBe(count + 1);
    const fresh2 = linkToken(second, 'verify-account').token;
    expect(fresh2).not.toBe(token);
    expect((await post('/api/auth/verify-account', { token: fresh2 })).statusCode).toBe(200);
    // The expired first link now belongs to a verified account: it says so too.
    expect((await post('/api/auth/verify-account', { token })).json()).toMatchObject({ data: { reason: 'alreadyVerified' } });
    // Verified: resending sends nothing more.
    expect((await post('/api/auth/resend-verification', { email })).statusCode).toBe(204);
    expect(h.mail.countTo(email)).toBe(count + 1);
  });

  it('answers resend for an unknown address as for a known one, sending nothing (no account enumeration)', async () => {
    const mails = h.mail.mails.length;
    const res = await post('/api/auth/resend-verification', { email: 'nobody-here@example.org' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.mail.mails.length).toBe(mails);
  });

  it.each([
    ['no token', {}, 'Missing token'],
    ['an unknown token', { token: 'x'.repeat(43) }, 'Link error or expired token'],
  ])('answers verify-account with %s in the error shape', async (_label, payload, message) => {
    const res = await post('/api/auth/verify-account', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, statusMessage: message });
  });

  it('does not make anyone verified through a bad request', async () => {
    const before = await h.db.user.count({ where: { verifiedAt: { not: null } } });
    for (const payload of [{ token: 42 }, { token: 'y'.repeat(600) }, { token: ['a'] }, { token: 'ok', extra: true }]) {
      const res = await post('/api/auth/verify-account', payload as Record<string, unknown>);
      expect(res.statusCode).toBe(400);
      expect(res.json().statusCode).toBe(400);
    }
    expect(await h.db.user.count({ where: { verifiedAt: { not: null } } })).toBe(before);
  });
});

describe('registration input', () => {
  it.each([
    ['a missing email', { userName: 'Bob', password: 'long enough, rainy Tuesday' }, 'Missing required fields'],
    ['a missing user name', { email: 'x1@example.org', password: 'long enough, rainy Tuesday' }, 'Missing required fields'],
    ['a malformed email', { email: 'bob@', userName: 'Bob', password: 'long enough, rainy Tuesday' }, 'Bad Request'],
    ['an oversize email', { email: `${'a'.repeat(250)}@example.org`, userName: 'Bob', password: 'long enough, rainy Tuesday' }, 'Bad Request'],
    ['an oversize user name', { email: 'x2@example.org', userName: 'B'.repeat(65), password: 'long enough, rainy Tuesday' }, 'Bad Request'],
    ['an oversize password', { email: 'x3@example.org', userName: 'Bob', password: 'p'.repeat(129) }, 'Bad Request'],
    ['a blank user name', { email: 'x4@example.org', userName: '     ', password: 'long enough, rainy Tuesday' }, 'Bad Request'],
    ['a user name of the wrong type', { email: 'x5@example.org', userName: { first: 'Bob' }, password: 'long enough, rainy Tuesday' }, 'Bad Request'],
    ['an unsupported locale', { email: 'x6@example.org', userName: 'Bob', password: 'long enough, rainy Tuesday', locale: 'de' }, 'Bad Request'],
  ])('answers %s with 400, stores nothing and sends nothing', async (_label, payload, message) => {
    const users = await h.db.user.count();
    const mails = h.mail.mails.length;
    const res = await register(payload, { ip: '192.0.2.99' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, statusMessage: message });
    expect(await h.db.user.count()).toBe(users);
    expect(h.mail.mails.length).toBe(mails);
  });

  it('accepts a 64-character user name and a 128-character password', async () => {
    const password = 'Zebras quietly juggle seven violet umbrellas near the old harbour; '.repeat(2).slice(0, 128);
    expect(password).toHaveLength(128);
    const res = await register({ email: fresh(), userName: 'N'.repeat(64), password }, { ip: '192.0.2.98' });
    expect(res.statusCode).toBe(201);
  });
});

describe('seeded first moderator', () => {
  it('makes the SEED_MODERATOR_EMAIL account moderator at registration, announced as a role change', async () => {
    const res = await register({ email: 'first.moderator@example.org', userName: 'First Moderator', password: 'long enough, rainy Tuesday' }, { ip: '192.0.2.77' });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    expect((await h.db.user.findUniqueOrThrow({ where: { id } })).moderator).toBe(true);
    await waitForEvent(h.bus, 'identity.user.role-changed', (p) => p['userId'] === id && p['moderator'] === true);
    const others = (await identityEvents(h.bus)).filter((e) => e.subject === 'identity.user.role-changed' && e.payload['userId'] !== id);
    expect(others).toHaveLength(0);
    const user = await createUser(h);
    expect((await h.db.user.findUniqueOrThrow({ where: { id: user.id } })).moderator).toBe(false);
  });
});
