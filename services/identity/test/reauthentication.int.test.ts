import { waitFor } from '@civic/test-kit';
import { as, createUser, Jar, linkToken, sessionCookies, startHarness, type Harness, type TestUser } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('reauthentication');
});
afterAll(() => h.close());

const DAY = 24 * 3600_000;
const login = (email: string, password: string) => h.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const restore = (jar: Jar) => as(h, { jar }, { method: 'POST', url: '/api/login/auth-user' });
const undo = (token: string, jar = new Jar()) => as(h, { jar }, { method: 'POST', url: '/api/auth/email/undo', payload: { token } });
const deleteAccount = (user: TestUser, payload?: Record<string, unknown>) => as(h, user, { method: 'DELETE', url: `/api/users/${user.id}`, ...(payload ? { payload } : {}) });

/** Asks to change the user's email; answers the confirmation token and the undo token mailed to the old address. */
async function askEmailChange(user: TestUser, newEmail: string): Promise<{ confirm: string; undo: string }> {
  const before = h.mail.mails.length;
  const res = await as(h, user, { method: 'POST', url: `/api/users/${user.id}/email`, payload: { newEmail, password: user.password } });
  expect(res.statusCode).toBe(202);
  const notice = await h.mail.latestTo(user.email, before);
  const confirmation = await h.mail.latestTo(newEmail, before);
  return { confirm: linkToken(confirmation, 'change-email').token, undo: linkToken(notice, 'change-email/undo').token };
}

describe('deleting the account asks for the password', () => {
  it('refuses without the password (400) and with a wrong one (403), and keeps the account', async () => {
    const user = await createUser(h);
    expect((await deleteAccount(user)).json()).toMatchObject({ statusCode: 400 });
    expect((await deleteAccount(user, { email: user.email })).json()).toMatchObject({ statusCode: 400, statusMessage: 'Missing required fields' });
    expect((await deleteAccount(user, { password: 'not my password' })).json()).toEqual({ statusCode: 403, statusMessage: 'Incorrect password' });
    expect((await h.db.user.findUniqueOrThrow({ where: { id: user.id } })).deletedAt).toBeNull();
    expect((await restore(user.jar)).json().id).toBe(user.id);
  });

  it('deletes with the password, and still checks a typed confirmation email', async () => {
    const user = await createUser(h);
    expect((await deleteAccount(user, { password: user.password, email: 'someone.else@example.org' })).json()).toEqual({ statusCode: 400, statusMessage: 'User not found or email did not match' });
    expect((await deleteAccount(user, { password: user.password, email: user.email.toUpperCase() })).statusCode).toBe(204);
    expect((await h.db.user.findUniqueOrThrow({ where: { id: user.id } })).deletedAt).not.toBeNull();
  });
});

describe('an email change can be undone from the old address', () => {
  it('mails the old address a notice naming the new one, with an undo link (7 days)', async () => {
    const user = await createUser(h, { locale: 'fr' });
    const newEmail = `notice-${Date.now()}@example.org`;
    const before = h.mail.mails.length;
    await askEmailChange(user, newEmail);
    const notice = await h.mail.latestTo(user.email, before);
    expect(notice.subject).toBe('Votre adresse e-mail va changer');
    expect(notice.body).toContain(newEmail);
    expect(linkToken(notice, 'change-email/undo').url.startsWith('http://civic.test/change-email/undo?token=')).toBe(true);
    const stored = await h.db.userToken.findFirstOrThrow({ where: { userId: user.id, purpose: 'email-undo' } });
    expect([stored.newEmail, stored.expiresAt.getTime() - stored.createdAt.getTime()]).toEqual([user.email, 7 * DAY]);
  });

  it('after the change: brings the old address back, ends every session and works once', async () => {
    const user = await createUser(h);
    const newEmail = `taken-over-${Date.now()}@example.org`;
    const { confirm, undo: undoToken } = await askEmailChange(user, newEmail);
    const intruder = new Jar();
    expect((await as(h, { jar: intruder }, { method: 'POST', url: '/api/auth/email/confirm', payload: { token: confirm } })).statusCode).toBe(200);
    expect((await h.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(newEmail);

    const clicker = user.jar.clone();
    const undone = await undo(undoToken, clicker);
    expect(undone.statusCode).toBe(204);
    expect(sessionCookies(clicker)).toEqual([]);
    expect((await h.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    expect(await h.db.sessionFamily.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
    h.clock.advance(16 * 60_000);
    expect((await restore(intruder)).body).toBe('null');
    expect((await restore(user.jar)).body).toBe('null');
    expect((await login(newEmail, user.password)).statusCode).toBe(401);
    // Whoever changed the address may know the password: it must be reset first.
    expect((await login(user.email, user.password)).json()).toEqual({ statusCode: 403, statusMessage: 'Reset your password to log in again' });
    expect((await undo(undoToken)).json()).toEqual({ statusCode: 400, statusMessage: 'Link error or expired token' });
  });

  it('before the change: keeps the address and drops the pending confirmation and reset links', async () => {
    const user = await createUser(h);
    const newEmail = `never-${Date.now()}@example.org`;
    const { confirm, undo: undoToken } = await askEmailChange(user, newEmail);
    const before = h.mail.mails.length;
    await h.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: user.email } });
    const { token: resetToken } = linkToken(await h.mail.latestTo(user.email, before), 'password');

    expect((await undo(undoToken)).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'POST', url: '/api/auth/email/confirm', payload: { token: confirm } })).json()).toEqual({ statusCode: 400, statusMessage: 'Link error or expired token' });
    expect((await h.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token: resetToken, password: 'someone else chose this' } })).statusCode).toBe(400);
    expect((await h.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    expect((await login(user.email, user.password)).statusCode).toBe(403);
  });

  it('answers an expired link with The request has expired, a made-up one with Link error, and an old address taken meanwhile with 409', async () => {
    const user = await createUser(h);
    const first = await askEmailChange(user, `first-${Date.now()}@example.org`);
    await h.app.inject({ method: 'POST', url: '/api/auth/email/confirm', payload: { token: first.confirm } });
    await createUser(h, { email: user.email }); // someone registers the freed address
    expect((await undo(first.undo)).json()).toEqual({ statusCode: 409, statusMessage: 'Email already in use' });

    const other = await createUser(h);
    const second = await askEmailChange(other, `second-${Date.now()}@example.org`);
    h.clock.advance(7 * DAY + 60_000);
    expect((await undo(second.undo)).json()).toEqual({ statusCode: 400, statusMessage: 'The request has expired' });
    expect((await undo('made-up-undo-token')).json()).toEqual({ statusCode: 400, statusMessage: 'Link error or expired token' });
    expect((await h.app.inject({ method: 'POST', url: '/api/auth/email/undo', payload: {} })).json()).toEqual({ statusCode: 400, statusMessage: 'Missing token' });
  });

  it('sends no confirmation when the notice to the old address cannot go, so no change happens unannounced', async () => {
    const offline = await h.buildOther({ SMTP_URL: 'smtp://127.0.0.1:1' });
    const user = await createUser(h);
    const newEmail = `silent-${Date.now()}@example.org`;
    const res = await offline.inject({ method: 'POST', url: `/api/users/${user.id}/email`, payload: { newEmail, password: user.password }, headers: { cookie: user.jar.header() } });
    // The answer cannot wait for the mails: it would take longer for a free address than for a taken one.
    expect(res.statusCode).toBe(202);
    await waitFor(async () => (await h.db.userToken.count({ where: { userId: user.id, purpose: 'email-change' } })) === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.mail.countTo(newEmail)).toBe(0);
  });
});
