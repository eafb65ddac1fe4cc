/**
 * Account hardening through the gateway of a running stack: the mails anyone can ask for are limited
 * per address (the answer stays the same, so no account is revealed) and per client address, a new
 * reset link ends the older ones, new passwords follow the password rules, deleting the account and
 * changing the email need the current password, an email change can be undone from the old address,
 * and a member cannot take a name that looks like another's. Each part speaks from client addresses
 * of its own (60-79, see support/http.ts).
 */
import { linkIn, mailsTo, waitForMailLink, type Mail } from '../src/mail.js';
import { Client, isSpecError, sourceAddress, stackUrls, waitFor, type Answer } from './support/http.js';
import { account, registerVerified, run, type Member } from './support/members.js';

const { baseUrl, mailUrl } = stackUrls();
const seen = new Set<string>();
const RESET_SUBJECT = 'Reset your password';

const expectSpecError = (answer: Answer, status: number, message: string) => {
  expect({ status: answer.status, body: answer.body }).toEqual({ status, body: expect.objectContaining({ statusCode: status, statusMessage: message }) });
  expect(isSpecError(answer, [message])).toBe(true);
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const resetMails = async (to: string): Promise<Mail[]> => (await mailsTo(mailUrl, to)).filter((mail) => mail.subject === RESET_SUBJECT);

let throttled: Member;
let guarded: Member;
let moving: Member;
let named: Member;

beforeAll(async () => {
  [throttled, guarded, moving, named] = await Promise.all([
    registerVerified(baseUrl, mailUrl, sourceAddress(60), account('throttled')),
    registerVerified(baseUrl, mailUrl, sourceAddress(61), account('guarded')),
    registerVerified(baseUrl, mailUrl, sourceAddress(62), account('moving')),
    registerVerified(baseUrl, mailUrl, sourceAddress(63), account('named')),
  ]);
}, 90_000);

describe('mails anyone can ask for', () => {
  it('sends at most 3 reset mails to one address however often asked, answering every request alike, and only the newest link works', async () => {
    const client = new Client(baseUrl, sourceAddress(64));
    const unknown = await client.request('POST', '/api/auth/password/forgot', { json: { email: `nobody-${run}@security.example.test` } });
    expect(unknown.status).toBe(204);
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.request('POST', '/api/auth/password/forgot', { json: { email: throttled.email } })));
    for (const answer of answers) expect({ status: answer.status, body: answer.body }).toEqual({ status: unknown.status, body: unknown.body });

    const mails = await waitFor('three reset mails', async () => {
      const found = await resetMails(throttled.email);
      return found.length >= 3 ? found : undefined;
    });
    await pause(1_000);
    expect((await resetMails(throttled.email)).length).toBe(3);

    const tokens = mails.map((mail) => linkIn(mail, '/password')?.searchParams.get('token')).filter((token): token is string => Boolean(token));
    expect(tokens).toHaveLength(3);
    const resets = [];
    for (const token of tokens) resets.push(await client.request('POST', '/api/auth/password/reset', { json: { token, password: `throttled-renewed-${run}` } }));
    expect(resets.map((answer) => answer.status).sort()).toEqual([204, 400, 400]);
    for (const refused of resets.filter((answer) => answer.status === 400)) expectSpecError(refused, 400, 'Link error or expired token');
  }, 60_000);

  it('answers 429 with Retry-After once a client address asked for too many mails, whatever the addresses', async () => {
    const client = new Client(baseUrl, sourceAddress(65));
    let answer = await client.request('POST', '/api/auth/resend-verification', { json: { email: `probe-0-${run}@security.example.test` } });
    for (let n = 1; answer.status === 204 && n <= 40; n++) {
      answer = await client.request('POST', '/api/auth/resend-verification', { json: { email: `probe-${n}-${run}@security.example.test` } });
    }
    expectSpecError(answer, 429, 'Too Many Requests');
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    // Another client address is not concerned.
    const elsewhere = new Client(baseUrl, sourceAddress(66));
    expect((await elsewhere.request('POST', '/api/auth/resend-verification', { json: { email: `probe-other-${run}@security.example.test` } })).status).toBe(204);
  }, 60_000);
});

describe('new passwords', () => {
  it('refuses a common password and one holding the email or the user name, at registration and at a change', async () => {
    const client = new Client(baseUrl, sourceAddress(67));
    const details = account('picky');
    const register = (password: string) => client.request('POST', '/api/auth/register', { json: { ...details, password } });
    expectSpecError(await register('iloveyou1'), 400, 'This password is too common');
    expectSpecError(await register(`${details.email.split('@')[0]}!`), 400, 'The password must not contain your email or user name');
    expectSpecError(await register(`my name is ${details.userName.toUpperCase()}`), 400, 'The password must not contain your email or user name');

    const change = (newPassword: string) => guarded.client.request('PUT', `/api/users/${guarded.id}/password`, { json: { currentPassword: guarded.password, newPassword } });
    expectSpecError(await change('PASSWORD1'), 400, 'This password is too common');
    expectSpecError(await change(guarded.email), 400, 'The password must not contain your email or user name');
    // A 64-character passphrase is fine.
    const passphrase = `a long passphrase that nobody would ever guess, made in run ${run}`.padEnd(64, '.').slice(0, 64);
    expect((await change(passphrase)).status).toBe(204);
    expect((await guarded.client.request('PUT', `/api/users/${guarded.id}/password`, { json: { currentPassword: passphrase, newPassword: guarded.password } })).status).toBe(204);
  });
});

describe('re-authentication', () => {
  it('keeps the account when its deletion comes without the password or with a wrong one', async () => {
    const remove = (json: Record<string, unknown>) => guarded.client.request('DELETE', `/api/users/${guarded.id}`, { json });
    expectSpecError(await remove({}), 400, 'Missing required fields');
    expectSpecError(await remove({ password: 'not-the-password-1' }), 403, 'Incorrect password');
    expect((await guarded.client.ok<{ deleted: boolean }>('GET', `/api/users/${guarded.id}`)).deleted).toBe(false);
    expect((await guarded.client.request('POST', '/api/login/auth-user')).body).toMatchObject({ id: guarded.id });
  });

  it('refuses an email change with a wrong password and sends nothing', async () => {
    const target = `never-sent-${run}@security.example.test`;
    const answer = await guarded.client.request('POST', `/api/users/${guarded.id}/email`, { json: { newEmail: target, password: 'not-the-password-1' } });
    expectSpecError(answer, 403, 'Incorrect password');
    await pause(500);
    expect(await mailsTo(mailUrl, target)).toEqual([]);
  });

  it('lets the old address undo a confirmed email change: the address comes back, every session ends, and only a reset password logs in', async () => {
    const newEmail = `moved-${run}@security.example.test`;
    expect((await moving.client.request('POST', `/api/users/${moving.id}/email`, { json: { newEmail, password: moving.password } })).status).toBe(202);
    const notice = await waitForMailLink(mailUrl, moving.email, '/change-email/undo', { seen });
    expect(notice.mail.subject).toBe('Your email address is about to change');
    const confirmation = await waitForMailLink(mailUrl, newEmail, '/change-email', { seen });

    const taker = new Client(baseUrl, sourceAddress(68));
    expect((await taker.request('POST', '/api/auth/email/confirm', { json: { token: confirmation.link.searchParams.get('token') } })).status).toBe(200);
    expect((await taker.request('POST', '/api/login', { json: { email: newEmail, password: moving.password } })).status).toBe(200);

    const owner = new Client(baseUrl, sourceAddress(69));
    const undone = await owner.request('POST', '/api/auth/email/undo', { json: { token: notice.link.searchParams.get('token') } });
    expect(undone.status).toBe(204);
    for (const client of [taker, moving.client]) expect((await client.request('POST', '/api/login/auth-user')).body).toBeNull();
    expectSpecError(await owner.request('POST', '/api/login', { json: { email: newEmail, password: moving.password } }), 401, 'Incorrect email or password');
    // Whoever moved the account may know its password: the right one no longer logs in, and sets no cookie.
    const stale = await owner.request('POST', '/api/login', { json: { email: moving.email, password: moving.password } });
    expectSpecError(stale, 403, 'Reset your password to log in again');
    expect(stale.setCookies).toEqual([]);
    expect((await owner.request('POST', '/api/login/auth-user')).body).toBeNull();
    expectSpecError(await owner.request('POST', '/api/auth/email/undo', { json: { token: notice.link.searchParams.get('token') } }), 400, 'Link error or expired token');

    // The restored address got a reset link; a new password lets the owner in again, the old one no more.
    const restored = await waitForMailLink(mailUrl, moving.email, '/password', { seen });
    expect(restored.mail.subject).toBe('Your email address is back: choose a new password');
    expect((await mailsTo(mailUrl, newEmail)).some((mail) => linkIn(mail, '/password'))).toBe(false);
    const renewed = `restored-after-undo-${run}`;
    expect((await owner.request('POST', '/api/auth/password/reset', { json: { token: restored.link.searchParams.get('token'), password: renewed } })).status).toBe(204);
    expectSpecError(await owner.request('POST', '/api/login', { json: { email: moving.email, password: moving.password } }), 401, 'Incorrect email or password');
    expect((await owner.request('POST', '/api/login', { json: { email: moving.email, password: renewed } })).status).toBe(200);
    expect((await owner.request('POST', '/api/login/auth-user')).body).toMatchObject({ id: moving.id });
  }, 60_000);
});

describe('user names', () => {
  it('refuses a name that looks like a member’s, and the name deleted accounts show', async () => {
    const client = new Client(baseUrl, sourceAddress(70));
    const register = (userName: string, n: number) =>
      client.request('POST', '/api/auth/register', { json: { email: `lookalike-${n}-${run}@security.example.test`, userName, password: `lookalike-security-${run}` } });
    const lookalike = `  ${named.userName.toUpperCase().replace(' ', '   ')} `;
    expectSpecError(await register(lookalike, 1), 409, 'User name already taken');
    expectSpecError(await register('Deleted user', 2), 409, 'User name already taken');
    const rename = await guarded.client.request('PUT', `/api/users/edit-profile/${guarded.id}`, { json: { userName: named.userName.replace('a', '\u0430') } });
    expectSpecError(rename, 409, 'User name already taken');
    expect((await guarded.client.ok<{ userName: string }>('GET', `/api/users/${guarded.id}`)).userName).toBe(guarded.userName);
  });
});
