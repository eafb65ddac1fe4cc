/**
 * The attacks a black-box probe made on accounts, each replayed and now failing: locking a member out
 * with wrong passwords, guessing the current password through a stolen session, replaying an old
 * undo link of an email change, telling taken addresses from free ones, common passwords and
 * look-alike names. The client address is faked as the login-limits tests do (inject's remoteAddress).
 */
import { waitFor } from '@civic/test-kit';
import { assignUserNameKeys } from '../src/commands/assign-user-name-keys.command.js';
import { USER_NAME_KEY_VERSION, userNameKey } from '../src/domain/user-name.js';
import { confusables } from '../src/store/confusables.js';
import { as, createUser, Jar, linkToken, startHarness, type Harness, type TestUser } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('accountattacks');
});
afterAll(() => h.close());

const MINUTE = 60_000;
const ATTACK_SUBJECT = 'Someone is trying to log in to your account';
const tooManyRequests = (retryAfterSeconds: number) => ({ statusCode: 429, statusMessage: 'Too Many Requests', data: { retryAfterSeconds } });

const login = (email: string, password: string, remoteAddress: string, jar?: Jar) =>
  h.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress, ...(jar ? { headers: { cookie: jar.header() } } : {}) });

const attackMails = (email: string) => h.mail.mails.filter((mail) => mail.to.includes(email) && mail.subject === ATTACK_SUBJECT).length;

/**
 * The probe's attack: `count` wrong passwords for the victim's email, from four addresses in turn.
 * Guesses are slowed down once they pile up: the attacker waits each time as long as Retry-After says
 * (the test clock moves), so that every guess is counted.
 */
async function guess(email: string, count: number, addresses: readonly string[]): Promise<number[]> {
  const answers: number[] = [];
  for (let n = 0; n < count; n++) {
    let res = await login(email, `wrong guess ${n}`, addresses[n % addresses.length]!);
    while (res.statusCode === 429 && answers.length < 200) {
      answers.push(429);
      h.clock.advance(Number(res.headers['retry-after']) * 1000);
      res = await login(email, `wrong guess ${n}`, addresses[n % addresses.length]!);
    }
    answers.push(res.statusCode);
  }
  return answers;
}

describe('locking a member out with wrong passwords', () => {
  const attackers = ['203.0.113.11', '203.0.113.12', '203.0.113.13', '203.0.113.14'];

  it('slows guesses down, then stops those from unknown places while her device and address still log her in, and tells her once', async () => {
    const victim = await createUser(h, { userName: `Victim ${Date.now()}` }); // logged in from 127.0.0.1: her address and device
    expect(victim.jar.cookies.get('login_device')).toMatch(new RegExp(`^${victim.id}\\.`));
    expect(victim.jar.attributes.get('login_device')).toMatch(/HttpOnly/);
    expect(victim.jar.attributes.get('login_device')).toMatch(/SameSite=Lax/);
    expect(Number(/Max-Age=(\d+)/.exec(victim.jar.attributes.get('login_device') ?? '')?.[1])).toBeGreaterThanOrEqual(365 * 24 * 3600);

    const answers = await guess(victim.email, 30, attackers);
    expect(answers.filter((status) => status === 401)).toHaveLength(30);
    // The first ten guesses come as fast as the attacker likes; later ones wait.
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(answers).toContain(429);

    // Locked for unknown places, the right password included, from a new address or an attacker's.
    const fresh = await login(victim.email, victim.password, '198.51.100.77');
    expect(fresh.json()).toEqual(tooManyRequests(Number(fresh.headers['retry-after'])));
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(5 * 60);
    expect((await login(victim.email, victim.password, attackers[0]!)).statusCode).toBe(429);
    expect((await login(victim.email, 'yet another guess', attackers[1]!)).statusCode).toBe(429);

    // Her device, from wherever she is, and her address still log her in.
    const fromDevice = await login(victim.email, victim.password, '192.0.2.200', victim.jar);
    expect(fromDevice.statusCode).toBe(200);
    expect((await login(victim.email, victim.password, '127.0.0.1')).statusCode).toBe(200);
    // A forged or borrowed device cookie is not hers.
    const forged = new Jar();
    forged.cookies.set('login_device', `${victim.id}.some-device.forged-signature`);
    expect((await login(victim.email, victim.password, '198.51.100.78', forged)).statusCode).toBe(429);
    const other = await createUser(h);
    const borrowed = new Jar();
    borrowed.cookies.set('login_device', other.jar.cookies.get('login_device')!);
    expect((await login(victim.email, victim.password, '198.51.100.79', borrowed)).statusCode).toBe(429);
    // Her logging in does not reopen the guessing.
    expect((await login(victim.email, victim.password, '198.51.100.77')).statusCode).toBe(429);

    // One mail for the lock, in her language, however many guesses follow.
    await waitFor(() => attackMails(victim.email) === 1);
    await guess(victim.email, 3, attackers);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(attackMails(victim.email)).toBe(1);
    const mail = h.mail.mails.find((m) => m.to.includes(victim.email) && m.subject === ATTACK_SUBJECT)!;
    expect(mail.body).toContain('http://civic.test/password');
  });

  it('mails a French member in French', async () => {
    const victim = await createUser(h, { locale: 'fr' });
    await guess(victim.email, 30, attackers.map((address) => address.replace('113', '114')));
    await waitFor(() => h.mail.mails.some((m) => m.to.includes(victim.email) && m.subject === 'Quelqu’un essaie de se connecter à votre compte'));
  });

  it('ends the lock with a password reset', async () => {
    const victim = await createUser(h);
    await guess(victim.email, 30, attackers.map((address) => address.replace('113', '115')));
    expect((await login(victim.email, victim.password, '198.51.100.80')).statusCode).toBe(429);

    const before = h.mail.mails.length;
    await h.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: victim.email }, remoteAddress: '127.0.0.1' });
    const resetMail = await waitFor(() => h.mail.mails.slice(before).find((mail) => mail.to.includes(victim.email) && mail.subject === 'Reset your password'));
    const { token } = linkToken(resetMail, 'password');
    const renewed = 'a brand new tandem bicycle';
    expect((await h.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password: renewed } })).statusCode).toBe(204);
    expect((await login(victim.email, renewed, '198.51.100.80')).statusCode).toBe(200);
  });

  it('still limits her own device and her address by their own failures', async () => {
    const member = await createUser(h);
    for (let n = 0; n < 10; n++) expect((await login(member.email, `typo ${n}`, '192.0.2.201', member.jar)).statusCode).toBe(401);
    expect((await login(member.email, member.password, '192.0.2.201', member.jar)).statusCode).toBe(429);
  });
});

describe('current-password checks share the login limits', () => {
  type Check = (user: TestUser, password: string) => ReturnType<typeof as>;
  const checks: [string, Check, number][] = [
    ['password change', (user, password) => as(h, user, { method: 'PUT', url: `/api/users/${user.id}/password`, payload: { currentPassword: password, newPassword: 'an entirely fresh passphrase' } }), 204],
    ['email change', (user, password) => as(h, user, { method: 'POST', url: `/api/users/${user.id}/email`, payload: { newEmail: `moved-${user.id}@example.org`, password } }), 202],
    ['account deletion', (user, password) => as(h, user, { method: 'DELETE', url: `/api/users/${user.id}`, payload: { password } }), 204],
  ];

  it.each(checks)('refuses the %s after 10 wrong passwords, the right one too, for 15 minutes', async (_name, check, success) => {
    const user = await createUser(h);
    for (let n = 0; n < 10; n++) expect((await check(user, `guess number ${n}`)).json()).toEqual({ statusCode: 403, statusMessage: 'Incorrect password' });
    const refused = await check(user, user.password);
    expect(refused.json()).toEqual(tooManyRequests(Number(refused.headers['retry-after'])));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await h.db.user.findUniqueOrThrow({ where: { id: user.id } })).deletedAt).toBeNull();

    // Another session of the account is refused too: the limit is the account's as well as the session's.
    // (From another address: these failures count against the account's logins from this one too.)
    expect((await login(user.email, user.password, '127.0.0.1')).statusCode).toBe(429);
    const otherSession = new Jar().take((await login(user.email, user.password, '192.0.2.210')).headers);
    expect((await check({ ...user, jar: otherSession }, user.password)).statusCode).toBe(429);

    h.clock.advance(15 * MINUTE + 1000);
    await as(h, user, { method: 'POST', url: '/api/login/auth-user' }); // a new access token for the moved clock
    expect((await check(user, user.password)).statusCode).toBe(success);
  });
});

describe('email-change undo links', () => {
  /** Asks to change the user's email; answers the confirmation token and the undo token mailed to the old address. */
  async function askEmailChange(user: TestUser, from: string, to: string): Promise<{ confirm: string; undo: string }> {
    const before = h.mail.mails.length;
    expect((await as(h, user, { method: 'POST', url: `/api/users/${user.id}/email`, payload: { newEmail: to, password: user.password } })).statusCode).toBe(202);
    const notice = await h.mail.latestTo(from, before);
    const confirmation = await h.mail.latestTo(to, before);
    return { confirm: linkToken(confirmation, 'change-email').token, undo: linkToken(notice, 'change-email/undo').token };
  }
  const post = (url: string, payload: unknown, jar = new Jar()) => as(h, { jar }, { method: 'POST', url, payload });

  it('work only for the latest change, end every session and ask for a password reset mailed to the restored address', async () => {
    const user = await createUser(h, { locale: 'fr' });
    const e1 = user.email;
    const [e4, e5] = [`e4-${Date.now()}@example.org`, `e5-${Date.now()}@example.org`];
    const first = await askEmailChange(user, e1, e4);
    expect((await post('/api/auth/email/confirm', { token: first.confirm })).statusCode).toBe(200);
    const second = await askEmailChange(user, e4, e5);
    const intruder = new Jar();
    expect((await post('/api/auth/email/confirm', { token: second.confirm }, intruder)).statusCode).toBe(200);
    expect((await h.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(e5);

    // The first change's undo link, mailed to e1, cannot bring e1 back any more.
    expect((await post('/api/auth/email/undo', { token: first.undo })).json()).toEqual({ statusCode: 400, statusMessage: 'Link error or expired token' });
    expect((await h.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(e5);

    const before = h.mail.mails.length;
    expect((await post('/api/auth/email/undo', { token: second.undo })).statusCode).toBe(204);
    expect((await h.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(e4);
    expect(await h.db.sessionFamily.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
    h.clock.advance(16 * MINUTE);
    for (const jar of [intruder, user.jar]) expect((await as(h, { jar }, { method: 'POST', url: '/api/login/auth-user' })).body).toBe('null');

    // The right password is not enough: the login says to reset it, which only the restored address can.
    expect((await login(e4, user.password, '127.0.0.1', user.jar)).json()).toEqual({ statusCode: 403, statusMessage: 'Reset your password to log in again' });
    expect((await login(e4, 'not the password', '127.0.0.1')).json()).toEqual({ statusCode: 401, statusMessage: 'Incorrect email or password' });
    const restored = await h.mail.latestTo(e4, before);
    expect(restored.subject).toBe('Votre adresse e-mail est rétablie\u202f: choisissez un nouveau mot de passe');
    const { token } = linkToken(restored, 'password');
    expect((await post('/api/auth/password/reset', { token, password: 'back in my own hands' })).statusCode).toBe(204);
    expect((await login(e4, user.password, '127.0.0.1')).statusCode).toBe(401);
    expect((await login(e4, 'back in my own hands', '127.0.0.1')).statusCode).toBe(200);
  });

  it('answer a taken address like a free one, in about the same time, and tell its owner instead', async () => {
    const user = await createUser(h);
    const owner = await createUser(h);
    const ask = async (newEmail: string) => {
      const started = performance.now();
      const res = await as(h, user, { method: 'POST', url: `/api/users/${user.id}/email`, payload: { newEmail, password: user.password } });
      return { status: res.statusCode, body: res.body, ms: performance.now() - started };
    };
    const before = h.mail.mails.length;
    const runs = [];
    for (let n = 0; n < 3; n++) runs.push({ taken: await ask(owner.email), free: await ask(`free-${n}-${Date.now()}@example.org`) });
    for (const { taken, free } of runs) expect({ status: taken.status, body: taken.body }).toEqual({ status: free.status, body: free.body });
    const median = (values: number[]) => values.sort((a, b) => a - b)[1]!;
    const [taken, free] = [median(runs.map((run) => run.taken.ms)), median(runs.map((run) => run.free.ms))];
    // Both answer after the same work (the password check, the mail limits); mails go after the answer.
    expect(Math.abs(taken - free)).toBeLessThan(Math.max(150, free));

    await waitFor(() => h.mail.mails.slice(before).filter((mail) => mail.to.includes(owner.email)).length === 3);
    expect(h.mail.mails.slice(before).filter((mail) => mail.to.includes(owner.email)).every((mail) => mail.subject === 'Your email address was asked for by another account')).toBe(true);
    // The notices to the asking account's address are those of the free addresses only.
    await waitFor(() => h.mail.mails.slice(before).filter((mail) => mail.to.includes(user.email)).length === 3);
    expect((await h.db.user.findUniqueOrThrow({ where: { id: owner.id } })).email).toBe(owner.email);
  });
});

describe('new passwords', () => {
  it('refuses common passwords with the estimator\'s advice, in registration', async () => {
    for (const password of ['Passw0rd!', 'letmein123']) {
      const res = await h.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: `weak-${Date.now()}@example.org`, userName: `Weak ${password}`, password }, remoteAddress: '198.18.0.9' });
      expect(res.json()).toEqual({ statusCode: 400, statusMessage: 'This password is too common', data: { warning: 'similarToCommon', suggestions: expect.arrayContaining(['anotherWord']) } });
    }
  });
});

describe('look-alike names', () => {
  const register = (userName: string, n: number) =>
    h.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: `alike-${n}-${Date.now()}@example.org`, userName, password: 'lookalikes need not apply' }, remoteAddress: `198.18.1.${n}` });

  it('refuses SecAIice next to SecAlice and bruno lefevre next to Bruno Lefèvre, at registration and renaming', async () => {
    await createUser(h, { userName: 'SecAlice' });
    await createUser(h, { userName: 'Bruno Lefèvre' });
    expect((await register('SecAIice', 1)).json()).toEqual({ statusCode: 409, statusMessage: 'User name already taken' });
    expect((await register('bruno lefevre', 2)).json()).toEqual({ statusCode: 409, statusMessage: 'User name already taken' });
    expect((await register('BRUNO LEFEVRE', 3)).json()).toEqual({ statusCode: 409, statusMessage: 'User name already taken' });
    const renamer = await createUser(h);
    const rename = (userName: string) => as(h, renamer, { method: 'PUT', url: `/api/users/edit-profile/${renamer.id}`, payload: { userName } });
    expect((await rename('SecAIice')).json()).toEqual({ statusCode: 409, statusMessage: 'User name already taken' });
    expect((await rename('Brunο Lefevre')).json()).toEqual({ statusCode: 409, statusMessage: 'User name already taken' }); // Greek omicron
    expect((await rename('Bruno Lefebvre')).statusCode).toBe(200);
  });

  it('gives the accounts keyed by the older rule their key again at start, the oldest first', async () => {
    const older = await createUser(h, { userName: `Zoé Ancienne ${Date.now()}` });
    const newer = await createUser(h, { userName: `Zoe Ancienne ${Date.now()}-x` });
    const table = confusables();
    // As the earlier rule keyed them (accents kept, so both names held a key), the newer one's old key
    // happening to be the older one's new key.
    await h.db.user.update({ where: { id: older.id }, data: { userNameKeyVersion: 1, userNameKey: older.userName.toLowerCase() } });
    await h.db.user.update({ where: { id: newer.id }, data: { userNameKeyVersion: 1, userName: older.userName.replace('é', 'e'), userNameKey: userNameKey(older.userName, table) } });
    expect(await assignUserNameKeys({ db: h.db }, (name) => userNameKey(name, table), USER_NAME_KEY_VERSION)).toBeGreaterThanOrEqual(1);
    const [keptOlder, keptNewer] = await Promise.all([h.db.user.findUniqueOrThrow({ where: { id: older.id } }), h.db.user.findUniqueOrThrow({ where: { id: newer.id } })]);
    expect(keptOlder).toMatchObject({ userNameKey: userNameKey(older.userName, table), userNameKeyVersion: USER_NAME_KEY_VERSION });
    expect(keptNewer).toMatchObject({ userNameKey: null, userNameKeyVersion: USER_NAME_KEY_VERSION });
    expect(await h.db.user.count({ where: { deletedAt: null, userNameKeyVersion: { lt: USER_NAME_KEY_VERSION } } })).toBe(0);
  });
});
