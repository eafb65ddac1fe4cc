import { createLocalJWKSet, decodeJwt, decodeProtectedHeader } from 'jose';
import { createKeyVerifier } from '@civic/service-kit';
import { as, createUser, Jar, sessionCookies, startHarness, type Harness } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('sessions', { LOGIN_MAX_FAILURES_PER_ACCOUNT_AT_IP: '3', LOGIN_MAX_FAILURES_PER_ACCOUNT: '5', LOGIN_MAX_FAILURES_PER_IP: '12' });
});
afterAll(() => h.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const login = (payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  h.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress });
const authUser = (jar: Jar, payload?: unknown) =>
  h.app
    .inject({ method: 'POST', url: '/api/login/auth-user', headers: { cookie: jar.header() }, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) })
    .then((res) => {
      jar.take(res.headers);
      return res;
    });

describe('login', () => {
  it('sets an EdDSA access token (15 min) and a refresh token in HttpOnly, SameSite=Lax cookies, and answers the session user', async () => {
    const user = await createUser(h, { loggedIn: false });
    const res = await login({ email: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email, userName: user.userName, verified: true, moderator: false, scribe: false, locale: 'en', suspendedUntil: null, madeProposal: false });
    const jar = new Jar().take(res.headers);
    expect(jar.cookies.has('access_token')).toBe(true);
    expect(jar.cookies.has('refresh_token')).toBe(true);
    for (const name of ['access_token', 'refresh_token']) {
      const attributes = jar.attributes.get(name)!;
      expect(attributes).toMatch(/HttpOnly/);
      expect(attributes).toMatch(/SameSite=Lax/);
      expect(attributes).toMatch(/Path=\//);
      expect(attributes).not.toMatch(/Secure/);
    }
    expect(jar.attributes.get('access_token')).toMatch(/Max-Age=(899|900);/);
    expect(jar.attributes.get('refresh_token')).toMatch(/Max-Age=(2591999|2592000);/);

    const token = jar.cookies.get('access_token')!;
    const claims = decodeJwt(token);
    expect(decodeProtectedHeader(token).alg).toBe('EdDSA');
    expect(claims).toMatchObject({ sub: user.id, role: 0, name: user.userName, verified: true, iss: 'civic-identity', aud: 'civic-platform' });
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(typeof claims.jti).toBe('string');
    // Any other service verifies it with the JWKS alone.
    const jwks = (await h.app.inject({ url: '/api/auth/jwks' })).json();
    const verifier = createKeyVerifier(createLocalJWKSet(jwks), { issuer: 'civic-identity', audience: 'civic-platform' });
    await expect(verifier.verify(token)).resolves.toMatchObject({ id: user.id, role: 0, verified: true });
    // The refresh token is stored only as a hash.
    const refresh = jar.cookies.get('refresh_token')!;
    expect(await h.db.refreshToken.count({ where: { tokenHash: refresh } })).toBe(0);
    expect(await h.db.refreshToken.count()).toBeGreaterThan(0);
  });

  it('answers an unknown email and a wrong password alike, without cookies', async () => {
    const user = await createUser(h, { loggedIn: false });
    const wrong = await login({ email: user.email, password: 'not the password' }, '10.1.0.1');
    const unknown = await login({ email: 'nobody@example.org', password: 'not the password' }, '10.1.0.1');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, statusMessage: 'Incorrect email or password' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('takes as long for an unknown email as for a wrong password (a dummy argon2 verification)', async () => {
    const user = await createUser(h, { loggedIn: false });
    const time = async (email: string, ip: string) => {
      const started = process.hrtime.bigint();
      await login({ email, password: 'not the password' }, ip);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    await time('warm-up@example.org', '10.1.1.9');
    const wrong = await time(user.email, '10.1.1.1');
    const unknown = await time('unknown@example.org', '10.1.1.2');
    // argon2id with m = 19 MiB takes milliseconds; an answer without it would be far faster.
    expect(unknown).toBeGreaterThan(wrong / 4);
  });

  it('limits failures per account from an address: the next attempt answers 429 even with the right password, with Retry-After', async () => {
    const user = await createUser(h, { loggedIn: false });
    for (let i = 0; i < 3; i++) expect((await login({ email: user.email, password: 'wrong password' }, '10.2.1.1')).statusCode).toBe(401);
    const blocked = await login({ email: user.email, password: user.password }, '10.2.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ statusCode: 429, statusMessage: 'Too Many Requests', data: { retryAfterSeconds: expect.any(Number) } });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits failures per account across addresses: the next attempt answers 429 even with the right password, with Retry-After', async () => {
    const user = await createUser(h, { loggedIn: false });
    for (let i = 0; i < 5; i++) expect((await login({ email: user.email, password: 'wrong password' }, `10.2.0.${i}`)).statusCode).toBe(401);
    const blocked = await login({ email: user.email, password: user.password }, '10.2.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ statusCode: 429, statusMessage: 'Too Many Requests', data: { retryAfterSeconds: expect.any(Number) } });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.headers['set-cookie']).toBeUndefined();
    // The window slides: 15 minutes later the right password works again.
    h.clock.advance(16 * MINUTE);
    expect((await login({ email: user.email, password: user.password }, '10.2.0.99')).statusCode).toBe(200);
  });

  it('lets a household member log in while another member of the same address is locked out', async () => {
    const ip = '10.4.0.1';
    const [locked, member] = [await createUser(h, { loggedIn: false }), await createUser(h, { loggedIn: false })];
    for (let i = 0; i < 3; i++) expect((await login({ email: locked.email, password: 'wrong password' }, ip)).statusCode).toBe(401);
    // Further attempts of the locked account are refused and counted nowhere.
    for (let i = 0; i < 5; i++) expect((await login({ email: locked.email, password: 'wrong password' }, ip)).statusCode).toBe(429);
    expect((await login({ email: member.email, password: member.password }, ip)).statusCode).toBe(200);
    // The member's own mistakes are counted for the member alone.
    expect((await login({ email: member.email, password: 'wrong password' }, ip)).statusCode).toBe(401);
    expect((await login({ email: member.email, password: member.password }, ip)).statusCode).toBe(200);
  });

  it('past the address threshold (credential stuffing), refuses failed attempts and accounts that failed there, not correct logins', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 11; i++) expect((await login({ email: `someone${i}@example.org`, password: 'guess guess' }, ip)).statusCode).toBe(401);
    expect((await login({ email: 'someone11@example.org', password: 'guess guess' }, ip)).statusCode).toBe(429);
    const [tried, clean] = [await createUser(h, { loggedIn: false }), await createUser(h, { loggedIn: false })];
    expect((await login({ email: tried.email, password: 'second guess' }, ip)).statusCode).toBe(429);
    const blocked = await login({ email: tried.email, password: tried.password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().statusMessage).toBe('Too Many Requests');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // An account without failures from there still logs in; another address is not affected.
    expect((await login({ email: clean.email, password: clean.password }, ip)).statusCode).toBe(200);
    expect((await login({ email: tried.email, password: tried.password }, '10.3.0.2')).statusCode).toBe(200);
    // The counters live in PostgreSQL (shared by every replica), as keyed hashes only.
    const rows = await h.db.loginFailure.findMany({ where: { scope: 'ip' } });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.keyHash))).toBe(true);
  });

  it('lets a suspended user log in and shows the suspension', async () => {
    const user = await createUser(h, { loggedIn: false });
    const until = new Date(h.clock.now().getTime() + 60 * MINUTE);
    await h.db.user.update({ where: { id: user.id }, data: { suspendedUntil: until } });
    const res = await login({ email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().suspendedUntil).toBe(until.toISOString());
  });

  it.each([
    ['a missing password', { email: 'a@example.org' }, 'Missing required fields'],
    ['a malformed email', { email: 'not-an-email', password: 'whatever1' }, 'Bad Request'],
    ['a password of the wrong type', { email: 'a@example.org', password: { $ne: '' } }, 'Bad Request'],
    ['an oversize password', { email: 'a@example.org', password: 'x'.repeat(10_000) }, 'Bad Request'],
  ])('answers %s with 400 in the error shape', async (_label, payload, message) => {
    const failuresBefore = await h.db.loginFailure.count();
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, statusMessage: message });
    expect(await h.db.loginFailure.count()).toBe(failuresBefore);
  });
});

describe('auth-user: session restore, rotation, reuse, logout', () => {
  it('answers null without cookies, with no body or an empty JSON body', async () => {
    const none = await h.app.inject({ method: 'POST', url: '/api/login/auth-user' });
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe('null');
    const empty = await h.app.inject({ method: 'POST', url: '/api/login/auth-user', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe('null');
  });

  it('answers the session user from a valid access cookie without rotating', async () => {
    const user = await createUser(h);
    const refreshBefore = user.jar.cookies.get('refresh_token');
    const res = await authUser(user.jar);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(user.jar.cookies.get('refresh_token')).toBe(refreshBefore);
  });

  it('restores the session from the refresh cookie once the access token expired, rotating the refresh token', async () => {
    const user = await createUser(h);
    const firstRefresh = user.jar.cookies.get('refresh_token')!;
    h.clock.advance(16 * MINUTE);
    // The expired access token is refused by guarded routes with the precise reason...
    const guarded = await as(h, user, { method: 'PUT', url: `/api/users/edit-profile/${user.id}`, payload: { locale: 'fr' } });
    expect(guarded.statusCode).toBe(401);
    expect(guarded.json().statusMessage).toBe('Token has expired');
    // ...and auth-user restores the session.
    const res = await authUser(user.jar);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.id);
    const secondRefresh = user.jar.cookies.get('refresh_token')!;
    expect(secondRefresh).not.toBe(firstRefresh);
    expect(decodeJwt(user.jar.cookies.get('access_token')!).sub).toBe(user.id);
    expect((await as(h, user, { method: 'PUT', url: `/api/users/edit-profile/${user.id}`, payload: { locale: 'fr' } })).statusCode).toBe(200);
    // Only the refresh cookie: restored too.
    const onlyRefresh = new Jar();
    onlyRefresh.cookies.set('refresh_token', secondRefresh);
    const restored = await authUser(onlyRefresh);
    expect(restored.json().id).toBe(user.id);
    expect(onlyRefresh.cookies.get('refresh_token')).not.toBe(secondRefresh);
  });

  it('ends the whole session when a rotated refresh token is replayed (401 Invalid token)', async () => {
    const user = await createUser(h);
    const stolen = user.jar.cookies.get('refresh_token')!;
    h.clock.advance(16 * MINUTE);
    expect((await authUser(user.jar)).statusCode).toBe(200); // the user rotates
    h.clock.advance(MINUTE);
    const attacker = new Jar();
    attacker.cookies.set('refresh_token', stolen);
    const replay = await authUser(attacker);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ statusCode: 401, statusMessage: 'Invalid token' });
    expect(sessionCookies(attacker)).toEqual([]); // cleared
    const family = await h.db.sessionFamily.findFirstOrThrow({ where: { userId: user.id } });
    expect(family.revokedReason).toBe('reuse');
    // The legitimate holder's newer token is dead too: the session is over.
    h.clock.advance(16 * MINUTE);
    const after = await authUser(user.jar);
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe('null');
  });

  it('tolerates a replay within seconds of the rotation (two tabs restoring at once)', async () => {
    const user = await createUser(h);
    const old = user.jar.cookies.get('refresh_token')!;
    h.clock.advance(16 * MINUTE);
    const otherTab = user.jar.clone();
    expect((await authUser(user.jar)).statusCode).toBe(200);
    h.clock.advance(2000);
    const second = await authUser(otherTab);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(user.id);
    expect(otherTab.cookies.get('refresh_token')).toBe(old); // no new refresh token: the first tab's stays
    expect(await h.db.sessionFamily.count({ where: { userId: user.id, revokedAt: null } })).toBe(1);
  });

  it('ends a session idle for 7 days, and any session after 30 days', async () => {
    const idle = await createUser(h);
    h.clock.advance(8 * DAY);
    const res = await authUser(idle.jar);
    expect(res.body).toBe('null');
    expect(sessionCookies(idle.jar)).toEqual([]);

    const active = await createUser(h);
    for (const days of [6, 6, 6, 6, 5]) {
      h.clock.advance(days * DAY);
      expect((await authUser(active.jar)).json()?.id).toBe(active.id);
    }
    h.clock.advance(2 * DAY); // 31 days after login, 2 days after the last use
    expect((await authUser(active.jar)).body).toBe('null');
  });

  it('logs out server-side: cookies cleared, and neither old token restores the session', async () => {
    const user = await createUser(h);
    const saved = user.jar.clone();
    const res = await authUser(user.jar, { logout: true });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('null');
    expect(sessionCookies(user.jar)).toEqual([]);
    const family = await h.db.sessionFamily.findFirstOrThrow({ where: { userId: user.id } });
    expect(family.revokedReason).toBe('logout');
    // Someone who kept the cookies gets nothing from identity.
    expect((await authUser(saved.clone())).body).toBe('null');
    const onlyRefresh = new Jar();
    onlyRefresh.cookies.set('refresh_token', saved.cookies.get('refresh_token')!);
    expect((await authUser(onlyRefresh)).body).toBe('null');
    const guarded = await as(h, { jar: saved.clone() }, { method: 'PUT', url: `/api/users/edit-profile/${user.id}`, payload: { locale: 'fr' } });
    expect(guarded.statusCode).toBe(401);
    expect(guarded.json().statusMessage).toBe('Unauthorized');
  });

  it('logout without a session answers null too', async () => {
    const res = await authUser(new Jar(), { logout: true });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('null');
  });

  it('answers a garbage access token as no session, and guarded routes with Invalid token', async () => {
    const jar = new Jar();
    jar.cookies.set('access_token', 'not.a.jwt');
    const res = await authUser(jar);
    expect(res.body).toBe('null');
    const user = await createUser(h, { loggedIn: false });
    const guarded = await h.app.inject({ method: 'PUT', url: `/api/users/edit-profile/${user.id}`, headers: { cookie: 'access_token=not.a.jwt' }, payload: { locale: 'fr' } });
    expect(guarded.statusCode).toBe(401);
    expect(guarded.json()).toEqual({ statusCode: 401, statusMessage: 'Invalid token' });
    const none = await h.app.inject({ method: 'PUT', url: `/api/users/edit-profile/${user.id}`, payload: { locale: 'fr' } });
    expect(none.json()).toEqual({ statusCode: 401, statusMessage: 'Unauthorized' });
  });

  it('refuses a logout flag of the wrong type', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/login/auth-user', payload: { logout: 'please' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().statusMessage).toBe('Bad Request');
  });
});

describe('secure cookies (COOKIE_SECURE=true)', () => {
  it('uses the __Host- prefix with Secure and restores from those cookies', async () => {
    const secure = await h.buildOther({ COOKIE_SECURE: 'true' });
    const user = await createUser(h, { loggedIn: false });
    const res = await secure.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } });
    const jar = new Jar().take(res.headers);
    expect([...jar.cookies.keys()].sort()).toEqual(['__Host-access_token', '__Host-login_device', '__Host-refresh_token']);
    for (const name of jar.cookies.keys()) expect(jar.attributes.get(name)).toMatch(/Secure/);
    h.clock.advance(16 * MINUTE);
    const restored = await secure.inject({ method: 'POST', url: '/api/login/auth-user', headers: { cookie: jar.header() } });
    expect(restored.json().id).toBe(user.id);
  });
});
