/** identity_logins_refused_total at /metrics: each refused login counted once, by why it was refused. */
import { createUser, startHarness, type Harness } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('loginmetrics', { LOGIN_MAX_FAILURES_PER_ACCOUNT_AT_IP: '3' });
});
afterAll(() => h.close());

const login = (payload: Record<string, unknown>, remoteAddress: string) => h.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress });

async function refused(reason: string): Promise<number | undefined> {
  const text = (await h.app.inject({ url: '/metrics' })).body;
  const line = text.split('\n').find((candidate) => candidate.startsWith('identity_logins_refused_total{') && candidate.includes(`reason="${reason}"`) && candidate.includes('service="identity"'));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('refused logins', () => {
  it('counts wrong credentials and logins over the limit apart, and never a successful one', async () => {
    expect(await refused('bad_credentials')).toBe(0);
    expect(await refused('rate_limited')).toBe(0);
    const user = await createUser(h, { loggedIn: false });
    const ip = '10.30.0.1';

    expect((await login({ email: user.email, password: user.password }, ip)).statusCode).toBe(200);
    expect(await refused('bad_credentials')).toBe(0);

    for (let i = 0; i < 3; i++) expect((await login({ email: user.email, password: 'not my password' }, ip)).statusCode).toBe(401);
    expect(await refused('bad_credentials')).toBe(3);
    expect(await refused('rate_limited')).toBe(0);

    // The limit for this account from this address is reached: even the right password is refused.
    expect((await login({ email: user.email, password: user.password }, ip)).statusCode).toBe(429);
    expect(await refused('rate_limited')).toBe(1);
    expect(await refused('bad_credentials')).toBe(3);
  });
});

describe('the newest signing key', () => {
  it('exports when the newest key was made, which the rotation alert reads', async () => {
    const line = () =>
      h.app
        .inject({ url: '/metrics' })
        .then(({ body }) => body.split('\n').find((candidate) => candidate.startsWith('identity_signing_key_newest_created_timestamp_seconds')));
    // A login signs a token: the first key exists from then on.
    const user = await createUser(h, { loggedIn: false });
    expect((await login({ email: user.email, password: user.password }, '10.30.0.9')).statusCode).toBe(200);
    const newest = await h.db.signingKey.findFirst({ orderBy: { createdAt: 'desc' } });
    expect(Number((await line())?.split(' ').at(-1))).toBe(newest!.createdAt.getTime() / 1000);
  });
});
