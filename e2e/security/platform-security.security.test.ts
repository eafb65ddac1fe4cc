/**
 * The platform's security rules of docs/architecture.md#security, through the gateway of a running stack:
 * session cookie flags, the CSRF rule for every service, login rate limits, forged access tokens
 * refused by every service, and no account enumeration through login, registration or password reset.
 * Each part that exhausts a limit speaks from a client address of its own (see support/http.ts).
 */
import { createHmac, createPublicKey, generateKeyPairSync, sign, type JsonWebKey } from 'node:crypto';
import { MADE_UP_ID } from './support/cast.js';
import { Client, isSpecError, sourceAddress, stackUrls, type Answer } from './support/http.js';
import { account, registerVerified, run, type Member } from './support/members.js';

const { baseUrl, mailUrl } = stackUrls();
let member: Member;
let lockedOut: Member;

beforeAll(async () => {
  [member, lockedOut] = await Promise.all([
    registerVerified(baseUrl, mailUrl, sourceAddress(20), account('prober')),
    registerVerified(baseUrl, mailUrl, sourceAddress(21), account('locked-out')),
  ]);
}, 60_000);

const expectSpecError = (answer: Answer, status: number, messages: string[]) => {
  expect({ status: answer.status, body: answer.body }).toEqual({ status, body: expect.objectContaining({ statusCode: status }) });
  expect(isSpecError(answer, messages)).toBe(true);
};

describe('session cookies', () => {
  it('are HttpOnly, SameSite=Lax, Path=/ and host-only, Secure exactly when __Host- prefixed, and never in the body, the login device cookie too', async () => {
    const client = new Client(baseUrl, sourceAddress(20));
    const answer = await client.request('POST', '/api/login', { json: { email: member.email, password: member.password } });
    expect(answer.status).toBe(200);
    const cookies = answer.setCookies.map((line) => {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      return { name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), attributes: attributes.map((a) => a.toLowerCase()) };
    });
    // This stack is served over plain http (identity's COOKIE_SECURE is off): no __Host- prefix here
    // (over https: __Host-access_token, __Host-refresh_token and __Host-login_device). The login device
    // cookie marks the browser as one the member logged in from (the login limits spare it).
    expect(cookies.map((c) => c.name).sort()).toEqual(['access_token', 'login_device', 'refresh_token']);
    for (const cookie of cookies) {
      expect(cookie.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
      expect(cookie.attributes.some((a) => a.startsWith('domain='))).toBe(false);
      expect(cookie.attributes.some((a) => /^max-age=[1-9]\d*$/.test(a))).toBe(true);
      expect(cookie.attributes.includes('secure')).toBe(cookie.name.startsWith('__Host-'));
      expect(answer.text).not.toContain(cookie.value);
    }
  });
});

describe('the CSRF rule of the gateway', () => {
  const foreignOrigin = 'https://attacker.example';
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const plainText = { 'content-type': 'text/plain' };
  const refused = (answer: Answer) => expectSpecError(answer, 403, ['Unauthorized action']);

  it('refuses a cross-site form to identity and changes nothing', async () => {
    const path = `/api/users/edit-profile/${member.id}`;
    refused(await member.client.request('PUT', path, { raw: 'userName=Forged+name', headers: form }));
    refused(await member.client.request('PUT', path, { json: { userName: 'Forged name' }, headers: { origin: foreignOrigin } }));
    expect((await member.client.ok<{ userName: string }>('GET', `/api/users/${member.id}`)).userName).toBe(member.userName);
    // The same change, sent as the shell sends it, passes: the refusals were the CSRF rule's.
    expect((await member.client.request('PUT', path, { json: { userName: member.userName } })).status).toBe(200);
  });

  it('refuses a cross-site form to decisions and changes nothing', async () => {
    const title = `Forged proposal ${run}`;
    const body = JSON.stringify({ title, description: 'Sent by another site.', category: 'other' });
    refused(await member.client.request('POST', '/api/proposals', { raw: body, headers: plainText }));
    refused(await member.client.request('POST', '/api/proposals', { raw: body, headers: { 'content-type': 'application/json', origin: foreignOrigin } }));
    const { proposals } = await member.client.ok<{ proposals: { title: string }[] }>('GET', '/api/proposals');
    expect(proposals.map((p) => p.title)).not.toContain(title);
  });

  it('refuses a cross-site form to elections and changes nothing', async () => {
    const vote = JSON.stringify({ vote: 1, candidateId: MADE_UP_ID, userId: member.id, candidateTo: 1 });
    refused(await member.client.request('POST', '/api/candidates/votes', { raw: vote, headers: plainText }));
    refused(await member.client.request('DELETE', '/api/candidates/votes', { raw: vote, headers: { 'content-type': 'application/json', origin: foreignOrigin } }));
    expect(await member.client.ok('GET', `/api/candidates/votes/${member.id}`)).toEqual([]);
  });

  it('refuses a cross-site post to chat, its HTTP routes and its socket.io transport', async () => {
    // Chat changes go through socket.io; a long-polling POST naming another site is refused.
    refused(await member.client.request('POST', '/socket.io/?EIO=4&transport=polling', { raw: '40', headers: { ...plainText, origin: foreignOrigin } }));
    // Chat has no mutating HTTP route: the gateway refuses the forged form before any service sees it.
    refused(await member.client.request('POST', '/api/chat/rooms/forged', { raw: 'text=forged', headers: form }));
  });

  it('refuses a cross-site form to notifications and changes nothing', async () => {
    const unread = () => member.client.ok<{ count: number }>('GET', `/api/users/notifications/unread/${member.id}`);
    const before = await unread();
    refused(await member.client.request('PUT', `/api/users/notifications/mark-all-as-read/${member.id}`, { raw: '', headers: form }));
    refused(await member.client.request('PUT', `/api/users/notifications/mark-all-as-read/${member.id}`, { headers: { 'x-requested-with': 'XMLHttpRequest', origin: foreignOrigin } }));
    expect(await unread()).toEqual(before);
  });
});

describe('login rate limiting', () => {
  const wrong = (client: Client, email: string) => client.request('POST', '/api/login', { json: { email, password: 'not-the-password-1' } });

  it('answers 429 with Retry-After once an account had too many failures, even to the right password', async () => {
    const client = new Client(baseUrl, sourceAddress(21));
    let answer = await wrong(client, lockedOut.email);
    for (let attempt = 1; answer.status === 401 && attempt <= 20; attempt++) answer = await wrong(client, lockedOut.email);
    expectSpecError(answer, 429, ['Too Many Requests']);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    const right = await client.request('POST', '/api/login', { json: { email: lockedOut.email, password: lockedOut.password } });
    expect(right.status).toBe(429);
    expect(right.setCookies).toEqual([]);
  });

  it('answers 429 with Retry-After once an address had too many failures over many accounts', async () => {
    const client = new Client(baseUrl, sourceAddress(22));
    const unknown = (n: number) => `nobody-${n}-${run}@security.example.test`;
    let answer = await wrong(client, unknown(0));
    for (let attempt = 1; answer.status === 401 && attempt <= 60; attempt++) answer = await wrong(client, unknown(attempt));
    expectSpecError(answer, 429, ['Too Many Requests']);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  }, 60_000);
});

describe('forged access tokens', () => {
  const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');
  const part = (token: string, index: number) => JSON.parse(Buffer.from(token.split('.')[index]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  const unsigned = (header: object, payload: object) => `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;

  /** A guarded route of each service, as the member may call it with a genuine token. */
  const guarded = (id: string) => [
    { service: 'identity', method: 'PUT', path: `/api/users/edit-profile/${id}`, json: { locale: 'en' } },
    { service: 'decisions', method: 'PUT', path: `/api/proposals/${MADE_UP_ID}/vote`, json: { vote: 'for' } },
    { service: 'elections', method: 'GET', path: `/api/candidates/votes/${id}` },
    { service: 'chat', method: 'GET', path: '/api/chat/mutes' },
    { service: 'notifications', method: 'GET', path: `/api/users/notifications/unread/${id}` },
  ];

  async function forgeries(genuine: string): Promise<Record<string, string>> {
    const header = part(genuine, 0);
    const payload = part(genuine, 1);
    const signature = genuine.split('.')[2]!;
    const { keys } = await member.client.ok<{ keys: JsonWebKey[] }>('GET', '/api/auth/jwks');
    const publicPem = createPublicKey({ key: keys.find((key) => key.kid === header.kid)!, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
    const hsInput = unsigned({ ...header, alg: 'HS256' }, payload);
    const otherKey = generateKeyPairSync('ed25519').privateKey;
    const now = Math.floor(Date.now() / 1000);
    return {
      'HS256 signed with the public key (algorithm confusion)': `${hsInput}.${b64url(createHmac('sha256', publicPem).update(hsInput).digest())}`,
      'alg none': `${unsigned({ alg: 'none', typ: 'JWT' }, payload)}.`,
      'another audience, original signature': `${unsigned(header, { ...payload, aud: 'another-platform' })}.${signature}`,
      'expired, original signature': `${unsigned(header, { ...payload, iat: now - 3600, exp: now - 60 })}.${signature}`,
      'role raised to moderator, original signature': `${unsigned(header, { ...payload, role: 1 })}.${signature}`,
      'another Ed25519 key with the same kid': `${unsigned(header, payload)}.${b64url(sign(null, Buffer.from(unsigned(header, payload)), otherKey))}`,
    };
  }

  it('are refused with 401 by every service, as a cookie and as a Bearer header, while the genuine token passes', async () => {
    const genuine = member.client.cookies.get('access_token')!;
    expect(genuine.split('.')).toHaveLength(3);
    const client = new Client(baseUrl, sourceAddress(20));
    const carriers = { cookie: (token: string) => ({ cookie: `access_token=${token}` }), bearer: (token: string) => ({ authorization: `Bearer ${token}` }) };
    const call = (route: ReturnType<typeof guarded>[number], headers: Record<string, string>) =>
      client.request(route.method, route.path, { ...(route.json ? { json: route.json } : {}), headers, withCookies: false, remember: false });

    const problems: string[] = [];
    for (const route of guarded(member.id)) {
      for (const [carrier, carry] of Object.entries(carriers)) {
        const control = await call(route, carry(genuine));
        if (control.status === 401 || control.status === 403 || control.status >= 500) problems.push(`${route.service}: the genuine token as ${carrier} answered ${control.status}`);
        for (const [forgery, token] of Object.entries(await forgeries(genuine))) {
          const answer = await call(route, carry(token));
          if (answer.status !== 401 || !isSpecError(answer, ['Invalid token', 'Token has expired', 'Unauthorized'])) {
            problems.push(`${route.service} ${route.method} ${route.path}, ${forgery} as ${carrier}: ${answer.status} ${answer.text.slice(0, 160)}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('no account enumeration', () => {
  const sameAnswer = (a: Answer, b: Answer) => expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });
  const unknownEmail = `unknown-${run}@security.example.test`;

  it('answers a login alike for an unknown email and for a known email with a wrong password', async () => {
    const client = new Client(baseUrl, sourceAddress(23));
    const unknown = await client.request('POST', '/api/login', { json: { email: unknownEmail, password: 'some-password-1' } });
    const wrongPassword = await client.request('POST', '/api/login', { json: { email: member.email, password: 'some-password-1' } });
    expectSpecError(unknown, 401, ['Incorrect email or password']);
    sameAnswer(wrongPassword, unknown);
  });

  it('answers a password-reset request and a new verification mail alike for unknown and known emails', async () => {
    const client = new Client(baseUrl, sourceAddress(23));
    for (const path of ['/api/auth/password/forgot', '/api/auth/resend-verification']) {
      const unknown = await client.request('POST', path, { json: { email: unknownEmail } });
      const known = await client.request('POST', path, { json: { email: member.email } });
      expect(unknown.status).toBe(204);
      sameAnswer(known, unknown);
    }
  });

  it('answers a taken email at registration with the spec’s message, and stops an address that keeps probing', async () => {
    const client = new Client(baseUrl, sourceAddress(24));
    const probe = (n: number) => client.request('POST', '/api/auth/register', { json: { email: member.email, userName: `Probe ${n}`, password: 'probe-password-1' } });
    let answer = await probe(0);
    // The error catalogue names this message; the per-address limit keeps it from listing accounts.
    expectSpecError(answer, 409, ['Email already registered']);
    for (let n = 1; answer.status === 409 && n <= 60; n++) answer = await probe(n);
    expectSpecError(answer, 429, ['Too Many Requests']);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  }, 60_000);
});
