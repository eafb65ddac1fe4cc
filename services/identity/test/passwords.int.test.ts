import argon2 from 'argon2';
import { as, createUser, linkToken, startHarness, type Harness } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('passwords');
});
afterAll(() => h.close());

let n = 0;
const fresh = () => `pw-${++n}-${Date.now()}@example.org`;
const register = (payload: Record<string, unknown>) => h.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: `198.19.0.${n % 250}` });
const login = (email: string, password: string) => h.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
// Refused by the strength estimator, whose advice comes as keys the shell words.
const tooCommon = { statusCode: 400, statusMessage: 'This password is too common', data: { warning: expect.any(String), suggestions: expect.any(Array) } };
const matchesAccount = { statusCode: 400, statusMessage: 'The password must not contain your email or user name' };

describe('registration', () => {
  it.each([
    ['a common password', 'iloveyou1', tooCommon],
    ['a common password in capitals', 'QWERTYUIOP', tooCommon],
    ['a common password with substitutions', 'Passw0rd!', tooCommon],
    ['a common password with digits', 'letmein123', tooCommon],
    ['the email', '{email}', matchesAccount],
    ['a password holding the local part of the email', 'my-{local}-secret', matchesAccount],
    ['a password holding the user name', '{name} forever', matchesAccount],
  ])('refuses %s and stores nothing', async (_label, template, error) => {
    const email = fresh();
    const userName = `Grace Hopper ${n}`;
    const password = template.replace('{email}', email).replace('{local}', email.split('@')[0]!).replace('{name}', userName.toLowerCase());
    const res = await register({ email, userName, password });
    expect(res.json()).toEqual(error);
    expect(await h.db.user.count({ where: { email } })).toBe(0);
  });

  it('accepts a long passphrase of 64 characters', async () => {
    const email = fresh();
    const passphrase = 'the quick brown fox jumps over the lazy dog and keeps on running';
    expect(passphrase).toHaveLength(64);
    const res = await register({ email, userName: `Passphrase ${n}`, password: passphrase });
    expect(res.statusCode).toBe(201);
    const stored = await h.db.user.findUniqueOrThrow({ where: { email } });
    expect(await argon2.verify(stored.passwordHash!, passphrase)).toBe(true);
  });
});

describe('password reset', () => {
  it('refuses a common password or one holding the user name, keeps the link working, then accepts a good one', async () => {
    const user = await createUser(h, { userName: `Katherine Johnson ${Date.now()}` });
    const before = h.mail.mails.length;
    await h.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: user.email } });
    const { token } = linkToken(await h.mail.latestTo(user.email, before), 'password');
    const reset = (password: string) => h.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password } });

    expect((await reset('trustno1')).json()).toEqual(tooCommon);
    expect((await reset(`${user.userName.toUpperCase()}!`)).json()).toEqual(matchesAccount);
    expect((await reset(user.email)).json()).toEqual(matchesAccount);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await reset('orbital mechanics by hand')).statusCode).toBe(204);
    expect((await login(user.email, 'orbital mechanics by hand')).statusCode).toBe(200);
  });
});

describe('password change', () => {
  it('refuses a common password or one holding the email, and leaves the password unchanged', async () => {
    const user = await createUser(h);
    const change = (newPassword: string) => as(h, user, { method: 'PUT', url: `/api/users/${user.id}/password`, payload: { currentPassword: user.password, newPassword } });
    expect((await change('sunshine')).json()).toEqual(tooCommon);
    expect((await change(`${user.email.split('@')[0]!.toUpperCase()}-2`)).json()).toEqual(matchesAccount);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await change('a perfectly fine passphrase')).statusCode).toBe(204);
  });

  it('checks the current password first: a wrong one answers Incorrect password whatever the new one', async () => {
    const user = await createUser(h);
    const res = await as(h, user, { method: 'PUT', url: `/api/users/${user.id}/password`, payload: { currentPassword: 'not the password', newPassword: 'password' } });
    expect(res.json()).toEqual({ statusCode: 403, statusMessage: 'Incorrect password' });
  });
});
