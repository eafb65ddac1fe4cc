import { waitFor } from '@civic/test-kit';
import { as, createUser, Jar, linkToken, startHarness, type Harness } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('password');
});
afterAll(() => h.close());

const MINUTE = 60_000;
const post = (url: string, payload: Record<string, unknown>) => h.app.inject({ method: 'POST', url, payload });
const login = (email: string, password: string) => h.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const restore = (jar: Jar) => as(h, { jar }, { method: 'POST', url: '/api/login/auth-user' });

describe('forgotten password', () => {
  it('mails a reset link (1 hour); the reset sets the password, ends every session and works once', async () => {
    const user = await createUser(h);
    const otherDevice = await login(user.email, user.password);
    const otherJar = new Jar().take(otherDevice.headers);

    const mailsBefore = h.mail.mails.length;
    const forgot = await post('/api/auth/password/forgot', { email: user.email.toUpperCase() });
    expect(forgot.statusCode).toBe(204);
    // The mail leaves after the answer.
    const mail = await h.mail.latestTo(user.email, mailsBefore);
    expect(mail.subject).toBe('Reset your password');
    const { url, token } = linkToken(mail, 'password');
    expect(url.startsWith('http://civic.test/password?token=')).toBe(true);
    const stored = await h.db.userToken.findFirstOrThrow({ where: { userId: user.id, purpose: 'password-reset' } });
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(60 * MINUTE);

    const reset = await post('/api/auth/password/reset', { token, password: 'a brand new password' });
    expect(reset.statusCode).toBe(204);
    expect(reset.body).toBe('');
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'a brand new password')).statusCode).toBe(200);
    // Every session that existed before the reset is over.
    h.clock.advance(16 * MINUTE);
    expect((await restore(user.jar)).body).toBe('null');
    expect((await restore(otherJar)).body).toBe('null');

    const again = await post('/api/auth/password/reset', { token, password: 'yet another password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ statusCode: 400, statusMessage: 'Link error or expired token' });
  });

  it('answers an unknown address exactly as a known one and sends nothing (no account enumeration)', async () => {
    const known = await createUser(h);
    const mails = h.mail.mails.length;
    const unknown = await post('/api/auth/password/forgot', { email: 'stranger@example.org' });
    const existing = await post('/api/auth/password/forgot', { email: known.email });
    expect([unknown.statusCode, unknown.body]).toEqual([existing.statusCode, existing.body]);
    expect(unknown.statusCode).toBe(204);
    await h.mail.latestTo(known.email, mails);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.mail.mails.length).toBe(mails + 1);
  });

  it('refuses an expired link and leaves the password unchanged', async () => {
    const user = await createUser(h, { locale: 'fr' });
    const mailsBefore = h.mail.mails.length;
    await post('/api/auth/password/forgot', { email: user.email });
    const mail = await h.mail.latestTo(user.email, mailsBefore);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe');
    expect(mail.body).toContain('Ce lien est valable 60 minutes.');
    const { token } = linkToken(mail, 'password');
    h.clock.advance(61 * MINUTE);
    const res = await post('/api/auth/password/reset', { token, password: 'too late password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().statusMessage).toBe('Link error or expired token');
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it.each([
    ['no token', { password: 'a new password' }, 'Missing token'],
    ['no password', { token: 'abc' }, 'Missing required fields'],
    ['a short password', { token: 'abc', password: 'short' }, 'Bad Request'],
    ['an oversize password', { token: 'abc', password: 'p'.repeat(129) }, 'Bad Request'],
    ['a token of the wrong type', { token: { $gt: '' }, password: 'a new password' }, 'Bad Request'],
  ])('answers a reset with %s in the error shape', async (_label, payload, message) => {
    const res = await post('/api/auth/password/reset', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, statusMessage: message });
  });

  it('answers forgot with a malformed email as Bad Request', async () => {
    const res = await post('/api/auth/password/forgot', { email: 'no at sign' });
    expect(res.statusCode).toBe(400);
    expect(res.json().statusMessage).toBe('Bad Request');
  });
});

describe('password change (the user themself)', () => {
  it('needs the current password: Incorrect password (403) otherwise, and nothing changes', async () => {
    const user = await createUser(h);
    const res = await as(h, user, { method: 'PUT', url: `/api/users/${user.id}/password`, payload: { currentPassword: 'wrong one', newPassword: 'something new and unusual' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, statusMessage: 'Incorrect password' });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('changes it, keeps the current session and ends the others', async () => {
    const user = await createUser(h);
    const other = new Jar().take((await login(user.email, user.password)).headers);
    const res = await as(h, user, { method: 'PUT', url: `/api/users/${user.id}/password`, payload: { currentPassword: user.password, newPassword: 'changed password' } });
    expect(res.statusCode).toBe(204);
    expect((await login(user.email, 'changed password')).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    h.clock.advance(16 * MINUTE);
    expect((await restore(user.jar)).json().id).toBe(user.id);
    expect((await restore(other)).body).toBe('null');
  });

  it("refuses another user's password change (403 Unauthorized action) and visitors (401)", async () => {
    const owner = await createUser(h);
    const intruder = await createUser(h);
    const res = await as(h, intruder, { method: 'PUT', url: `/api/users/${owner.id}/password`, payload: { currentPassword: intruder.password, newPassword: 'hijacked password' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, statusMessage: 'Unauthorized action' });
    const visitor = await as(h, null, { method: 'PUT', url: `/api/users/${owner.id}/password`, payload: { currentPassword: 'x', newPassword: 'hijacked password' } });
    expect(visitor.statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('answers a missing or short new password with 400', async () => {
    const user = await createUser(h);
    const missing = await as(h, user, { method: 'PUT', url: `/api/users/${user.id}/password`, payload: { currentPassword: user.password } });
    expect(missing.json()).toMatchObject({ statusCode: 400, statusMessage: 'Missing required fields' });
    const short = await as(h, user, { method: 'PUT', url: `/api/users/${user.id}/password`, payload: { currentPassword: user.password, newPassword: 'short' } });
    expect(short.json()).toMatchObject({ statusCode: 400, statusMessage: 'Bad Request' });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });
});

describe('email change (confirmed by a link to the new address)', () => {
  it('mails the new address; the link switches the account to it and logs in', async () => {
    const user = await createUser(h);
    const newEmail = `renamed-${Date.now()}@example.org`;
    const res = await as(h, user, { method: 'POST', url: `/api/users/${user.id}/email`, payload: { newEmail: ` ${newEmail.toUpperCase()} `, password: user.password } });
    expect(res.statusCode).toBe(202);
    const mail = await h.mail.latestTo(newEmail);
    expect(mail.subject).toBe('Confirm your new email address');
    const { url, token } = linkToken(mail, 'change-email');
    expect(url.startsWith('http://civic.test/change-email?token=')).toBe(true);
    // Nothing changes before the confirmation.
    expect((await h.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);

    const jar = new Jar();
    const confirmed = await as(h, { jar }, { method: 'POST', url: '/api/auth/email/confirm', payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: user.id, email: newEmail });
    expect(jar.cookies.has('access_token')).toBe(true);
    expect((await login(newEmail, user.password)).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    const again = await post('/api/auth/email/confirm', { token });
    expect(again.json()).toEqual({ statusCode: 400, statusMessage: 'Link error or expired token' });
  });

  it('answers an expired link with The request has expired, and a wrong one with Link error or expired token', async () => {
    const user = await createUser(h, { locale: 'fr' });
    const newEmail = `late-${Date.now()}@example.org`;
    await as(h, user, { method: 'POST', url: `/api/users/${user.id}/email`, payload: { newEmail, password: user.password } });
    const mail = await h.mail.latestTo(newEmail);
    expect(mail.subject).toBe('Confirmez votre nouvelle adresse e-mail');
    const { token } = linkToken(mail, 'change-email');
    h.clock.advance(25 * 60 * MINUTE);
    const expired = await post('/api/auth/email/confirm', { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ statusCode: 400, statusMessage: 'The request has expired' });
    const wrong = await post('/api/auth/email/confirm', { token: 'not-a-real-token-at-all' });
    expect(wrong.json()).toEqual({ statusCode: 400, statusMessage: 'Link error or expired token' });
    const missing = await post('/api/auth/email/confirm', {});
    expect(missing.json()).toEqual({ statusCode: 400, statusMessage: 'Missing token' });
    expect((await h.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });

  it('answers an address in use as a free one and tells its owner instead; refuses it at confirmation (409)', async () => {
    const user = await createUser(h);
    const other = await createUser(h, { locale: 'fr' });
    const before = h.mail.mails.length;
    const taken = await as(h, user, { method: 'POST', url: `/api/users/${user.id}/email`, payload: { newEmail: other.email, password: user.password } });
    expect([taken.statusCode, taken.body]).toEqual([202, 'null']);
    expect((await h.mail.latestTo(other.email, before)).subject).toBe('Votre adresse e-mail a été demandée par un autre compte');
    expect(h.mail.mails.slice(before).filter((mail) => mail.to.includes(user.email))).toEqual([]);
    expect(await h.db.userToken.count({ where: { userId: user.id, purpose: 'email-change' } })).toBe(0);

    const contested = `contested-${Date.now()}@example.org`;
    await as(h, user, { method: 'POST', url: `/api/users/${user.id}/email`, payload: { newEmail: contested, password: user.password } });
    const { token } = linkToken(await h.mail.latestTo(contested), 'change-email');
    await createUser(h, { email: contested }); // someone registers it meanwhile
    const late = await post('/api/auth/email/confirm', { token });
    expect(late.statusCode).toBe(409);
    expect(late.json().statusMessage).toBe('Email already in use');
    expect((await h.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });

  it('needs the password (403 Incorrect password), the owner (403) and a well-formed address (400)', async () => {
    const user = await createUser(h);
    const other = await createUser(h);
    const mails = h.mail.mails.length;
    const wrong = await as(h, user, { method: 'POST', url: `/api/users/${user.id}/email`, payload: { newEmail: 'new@example.org', password: 'not mine' } });
    expect(wrong.json()).toEqual({ statusCode: 403, statusMessage: 'Incorrect password' });
    const notOwner = await as(h, other, { method: 'POST', url: `/api/users/${user.id}/email`, payload: { newEmail: 'new@example.org', password: other.password } });
    expect(notOwner.json()).toMatchObject({ statusCode: 403, statusMessage: 'Unauthorized action' });
    const malformed = await as(h, user, { method: 'POST', url: `/api/users/${user.id}/email`, payload: { newEmail: 'new@', password: user.password } });
    expect(malformed.json()).toMatchObject({ statusCode: 400, statusMessage: 'Bad Request' });
    const missing = await as(h, user, { method: 'POST', url: `/api/users/${user.id}/email`, payload: { password: user.password } });
    expect(missing.json()).toMatchObject({ statusCode: 400, statusMessage: 'Missing required fields' });
    expect(h.mail.mails.length).toBe(mails);
  });
});

describe('when the mail server is down', () => {
  it('still registers and answers a reset request as usual (the mail is logged as lost and can be asked again)', async () => {
    const offline = await h.buildOther({ SMTP_URL: 'smtp://127.0.0.1:1' });
    const email = `offline-${Date.now()}@example.org`;
    const registered = await offline.inject({ method: 'POST', url: '/api/auth/register', payload: { email, userName: 'Offline', password: 'long enough, rainy Tuesday' }, remoteAddress: '192.0.2.150' });
    expect(registered.statusCode).toBe(201);
    const forgot = await offline.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } });
    // Answering 502 only for known addresses would tell which addresses have accounts.
    expect(forgot.statusCode).toBe(204);
    // The link is issued after the answer; only its mail is lost.
    await waitFor(async () => (await h.db.userToken.count({ where: { user: { email }, purpose: 'password-reset' } })) === 1);
  });

  it('answers unknown paths with 404 Not Found in the error shape', async () => {
    const res = await h.app.inject({ url: '/api/auth/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, statusMessage: 'Not Found' });
  });
});
