import { createUser, startHarness, type Harness } from './support/harness.js';

// The shipped limits: no overrides, so the household case is checked against the defaults.
let h: Harness;

beforeAll(async () => {
  h = await startHarness('loginlimits');
});
afterAll(() => h.close());

const login = (payload: Record<string, unknown>, remoteAddress: string) => h.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress });

describe('login limits behind a shared address', () => {
  it("lets a household member log in after the others' failures from the same address", async () => {
    const ip = '10.20.0.1';
    const [forgetful, member] = [await createUser(h, { loggedIn: false }), await createUser(h, { loggedIn: false })];
    // One member mistypes an email many times over, another locks their own account.
    for (let i = 0; i < 25; i++) expect((await login({ email: `mistyped${i}@example.org`, password: 'my password' }, ip)).statusCode).toBe(401);
    for (let i = 0; i < 10; i++) expect((await login({ email: forgetful.email, password: 'forgotten password' }, ip)).statusCode).toBe(401);
    const locked = await login({ email: forgetful.email, password: forgetful.password }, ip);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    expect((await login({ email: member.email, password: member.password }, ip)).statusCode).toBe(200);
  });

  it("lets a school's members log in however many other accounts failed from its address", async () => {
    const ip = '10.20.0.2';
    const pupil = await createUser(h, { loggedIn: false });
    const answers: number[] = [];
    for (let i = 0; i < 60; i++) answers.push((await login({ email: `pupil${i}@example.org`, password: 'first day' }, ip)).statusCode);
    // Past the address threshold (credential stuffing), failed attempts are refused...
    expect(answers.slice(0, 49).every((status) => status === 401)).toBe(true);
    expect(answers.slice(49).every((status) => status === 429)).toBe(true);
    // ...but a correct login of an account that did not fail from there is not.
    expect((await login({ email: pupil.email, password: pupil.password }, ip)).statusCode).toBe(200);
  });
});
