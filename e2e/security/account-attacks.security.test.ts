/**
 * The account attacks of a black-box probe, replayed through the gateway of a running stack, each now
 * failing: wrong passwords from four addresses no longer lock the member out of her own device; the
 * current password cannot be guessed through a session; an old undo link of an email change cannot
 * bring an address back; a taken address is not told from a free one; common passwords and
 * look-alike names are refused. Each part speaks from client addresses of its own (100-129, see
 * support/http.ts).
 */
import { mailsTo, waitForMailLink } from '../src/mail.js';
import { Client, isSpecError, sourceAddress, stackUrls, type Answer } from './support/http.js';
import { account, registerVerified, run, type Member } from './support/members.js';

const { baseUrl, mailUrl } = stackUrls();
const seen = new Set<string>();

const expectSpecError = (answer: Answer, status: number, message: string) => {
  expect({ status: answer.status, body: answer.body }).toEqual({ status, body: expect.objectContaining({ statusCode: status, statusMessage: message }) });
  expect(isSpecError(answer, [message])).toBe(true);
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const deviceCookie = (client: Client) => [...client.cookies.keys()].find((name) => name.endsWith('login_device'));

let victim: Member;
const guarded: Member[] = [];
let moving: Member;
let asking: Member;
let owner: Member;

beforeAll(async () => {
  [victim, moving, asking, owner] = await Promise.all([
    registerVerified(baseUrl, mailUrl, sourceAddress(100), account('victim')),
    registerVerified(baseUrl, mailUrl, sourceAddress(101), account('undoer')),
    registerVerified(baseUrl, mailUrl, sourceAddress(102), account('asker')),
    registerVerified(baseUrl, mailUrl, sourceAddress(103), account('holder')),
  ]);
  guarded.push(
    ...(await Promise.all([
      registerVerified(baseUrl, mailUrl, sourceAddress(104), account('reauth-password')),
      registerVerified(baseUrl, mailUrl, sourceAddress(105), account('reauth-email')),
      registerVerified(baseUrl, mailUrl, sourceAddress(106), account('reauth-delete')),
    ])),
  );
}, 90_000);

describe('locking a member out', () => {
  it('refuses 30 guesses from four addresses, and a new address while they are slowed down, but not her own device', async () => {
    expect(deviceCookie(victim.client)).toBeDefined();
    const attackers = [107, 108, 109, 110].map((n) => new Client(baseUrl, sourceAddress(n)));
    const answers: number[] = [];
    for (let n = 0; n < 30; n++) {
      const attacker = attackers[n % attackers.length]!;
      let answer = await attacker.request('POST', '/api/login', { json: { email: victim.email, password: `wrong-guess-${n}` } });
      // A patient attacker waits as long as Retry-After says while the waits are short.
      while (answer.status === 429 && Number(answer.headers['retry-after']) <= 8) {
        await pause(Number(answer.headers['retry-after']) * 1000 + 50);
        answer = await attacker.request('POST', '/api/login', { json: { email: victim.email, password: `wrong-guess-${n}` } });
      }
      if (answer.status === 429) expectSpecError(answer, 429, 'Too Many Requests');
      else expectSpecError(answer, 401, 'Incorrect email or password');
      answers.push(answer.status);
    }
    // Past ten failures each guess waits longer; the attacker gets far fewer than 30 tries.
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(answers.filter((status) => status === 401).length).toBeLessThan(20);

    // The right password from a new address, without her device cookie: refused while the guessing is held off.
    const stranger = new Client(baseUrl, sourceAddress(111));
    const refused = await stranger.request('POST', '/api/login', { json: { email: victim.email, password: victim.password } });
    expectSpecError(refused, 429, 'Too Many Requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // From her own browser (its device cookie), even at another address, she logs in.
    const travelling = new Client(baseUrl, sourceAddress(112));
    for (const [name, value] of victim.client.cookies) if (name.endsWith('login_device')) travelling.cookies.set(name, value);
    const own = await travelling.request('POST', '/api/login', { json: { email: victim.email, password: victim.password } });
    expect(own.status).toBe(200);
    expect((own.body as { id: string }).id).toBe(victim.id);
  }, 120_000);
});

describe('current-password checks share the login limits', () => {
  const routes: [string, (member: Member, password: string) => Promise<Answer>][] = [
    ['password change', (m, password) => m.client.request('PUT', `/api/users/${m.id}/password`, { json: { currentPassword: password, newPassword: `renewed-${run}-passphrase` } })],
    ['email change', (m, password) => m.client.request('POST', `/api/users/${m.id}/email`, { json: { newEmail: `moved-${m.id}@security.example.test`, password } })],
    ['account deletion', (m, password) => m.client.request('DELETE', `/api/users/${m.id}`, { json: { password } })],
  ];

  it.each(routes.map(([name, call], index) => [name, call, index] as const))('refuses the %s after 10 wrong passwords, the right one too', async (_name, call, index) => {
    const member = guarded[index]!;
    for (let n = 0; n < 10; n++) expectSpecError(await call(member, `not-the-password-${n}`), 403, 'Incorrect password');
    const refused = await call(member, member.password);
    expectSpecError(refused, 429, 'Too Many Requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await member.client.ok<{ deleted: boolean }>('GET', `/api/users/${member.id}`)).deleted).toBe(false);
  });
});

describe('email-change undo links', () => {
  it('work for the latest change only; an undo ends every session and asks for a password reset mailed to the restored address', async () => {
    const e1 = moving.email;
    const [e4, e5] = [`e4-${run}@security.example.test`, `e5-${run}@security.example.test`];
    const change = async (from: string, to: string) => {
      expect((await moving.client.request('POST', `/api/users/${moving.id}/email`, { json: { newEmail: to, password: moving.password } })).status).toBe(202);
      const undo = await waitForMailLink(mailUrl, from, '/change-email/undo', { seen });
      const confirm = await waitForMailLink(mailUrl, to, '/change-email', { seen });
      return { undo: undo.link.searchParams.get('token'), confirm: confirm.link.searchParams.get('token') };
    };
    const taker = new Client(baseUrl, sourceAddress(113));
    const first = await change(e1, e4);
    expect((await taker.request('POST', '/api/auth/email/confirm', { json: { token: first.confirm } })).status).toBe(200);
    const second = await change(e4, e5);
    expect((await taker.request('POST', '/api/auth/email/confirm', { json: { token: second.confirm } })).status).toBe(200);

    const clicker = new Client(baseUrl, sourceAddress(114));
    expectSpecError(await clicker.request('POST', '/api/auth/email/undo', { json: { token: first.undo } }), 400, 'Link error or expired token');
    expect((await clicker.request('POST', '/api/auth/email/undo', { json: { token: second.undo } })).status).toBe(204);
    for (const client of [taker, moving.client]) expect((await client.request('POST', '/api/login/auth-user')).body).toBeNull();

    expectSpecError(await clicker.request('POST', '/api/login', { json: { email: e4, password: moving.password } }), 403, 'Reset your password to log in again');
    const reset = await waitForMailLink(mailUrl, e4, '/password', { seen });
    const renewed = `back-in-hand-${run}-2026`;
    expect((await clicker.request('POST', '/api/auth/password/reset', { json: { token: reset.link.searchParams.get('token'), password: renewed } })).status).toBe(204);
    expect((await clicker.request('POST', '/api/login', { json: { email: e4, password: renewed } })).status).toBe(200);
  }, 60_000);

  it('answers a taken address as a free one and mails its owner instead', async () => {
    const ask = (newEmail: string) => asking.client.request('POST', `/api/users/${asking.id}/email`, { json: { newEmail, password: asking.password } });
    const taken = await ask(owner.email);
    const free = await ask(`free-${run}@security.example.test`);
    expect({ status: taken.status, body: taken.body }).toEqual({ status: free.status, body: free.body });
    expect(taken.status).toBe(202);
    const told = await (async () => {
      for (let n = 0; n < 60; n++) {
        const mails = (await mailsTo(mailUrl, owner.email)).filter((mail) => mail.subject === 'Your email address was asked for by another account');
        if (mails.length > 0) return mails;
        await pause(250);
      }
      return [];
    })();
    expect(told).toHaveLength(1);
  }, 30_000);
});

describe('new passwords and names', () => {
  it('refuses common passwords, with the estimator’s advice', async () => {
    const client = new Client(baseUrl, sourceAddress(115));
    for (const password of ['Passw0rd!', 'letmein123']) {
      const details = account(`weak-${password.length}`);
      const answer = await client.request('POST', '/api/auth/register', { json: { ...details, password } });
      expectSpecError(answer, 400, 'This password is too common');
      expect((answer.body as { data: unknown }).data).toEqual({ warning: 'similarToCommon', suggestions: expect.arrayContaining(['anotherWord']) });
    }
  });

  it('refuses a look-alike of a member’s name: a capital i for an l, a name without its accents', async () => {
    const register = (userName: string, n: number) =>
      new Client(baseUrl, sourceAddress(116 + n)).request('POST', '/api/auth/register', { json: { email: `alike-${n}-${run}@security.example.test`, userName, password: `alike-security-${run}-2026` } });
    expect((await register(`SecAlice ${run}`, 0)).status).toBe(201);
    expect((await register(`Bruno Lefèvre ${run}`, 1)).status).toBe(201);
    expectSpecError(await register(`SecAIice ${run}`, 2), 409, 'User name already taken');
    expectSpecError(await register(`bruno lefevre ${run}`, 3), 409, 'User name already taken');
  });
});
