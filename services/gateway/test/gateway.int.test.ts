import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { BODY_LIMIT_BYTES, type ServiceApp } from '@civic/service-kit';
import { buildApp } from '../src/app.js';
import { httpClient } from './http-client.js';
import { BIG_ANSWER_BYTES, clearSeen, closedPortUrl, gatewayConfig, PUBLIC_ORIGIN, startUpstreams, stopUpstreams, type Seen, type Upstreams } from './upstream-fakes.js';

const client = httpClient();
const call = client.call;

async function listen(app: ServiceApp): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

let upstreams: Upstreams;
let app: ServiceApp;
let base: string;

beforeAll(async () => {
  upstreams = await startUpstreams();
  app = await buildApp({ config: gatewayConfig(upstreams), logger: false });
  base = await listen(app);
});

afterAll(async () => {
  await app?.close();
  await stopUpstreams(upstreams);
  await client.close();
});

beforeEach(() => clearSeen(upstreams));

const seenBy = (name: keyof Upstreams): Seen[] => upstreams[name].seen;

describe('route map', () => {
  const cases: [string, keyof Upstreams][] = [
    ['/api/users/notifications/unread/u1', 'notifications'],
    ['/api/users/notifications/u1?offset=0&limit=50', 'notifications'],
    ['/api/users/notifications', 'notifications'],
    ['/api/login/auth-user', 'identity'],
    ['/api/login', 'identity'],
    ['/api/users/x', 'identity'],
    ['/api/users/madeProposal?id=42', 'identity'],
    ['/api/auth/jwks', 'identity'],
    ['/api/candidates/1', 'elections'],
    ['/api/elections/current', 'elections'],
    ['/api/decisions/current', 'decisions'],
    ['/api/proposals/p1', 'decisions'],
    ['/api/laws/l1/articles', 'decisions'],
    ['/api/sources', 'decisions'],
    ['/api/kanban/laws', 'decisions'],
    ['/api/chat/messages', 'chat'],
    ['/socket.io/?EIO=4&transport=polling&t=abc', 'chat'],
  ];

  test.each(cases)('%s reaches %s with the full path and the request id', async (path, upstream) => {
    const answer = await call(base, path);
    expect(answer.status).toBe(200);
    expect(answer.json().upstream).toBe(upstream);
    const seen = seenBy(upstream);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe(path);
    expect(seen[0]!.headers['x-request-id']).toBe(answer.headers['x-request-id']);
    const others = Object.values(upstreams).filter((u) => u.name !== upstream);
    for (const other of others) expect(other.seen).toHaveLength(0);
  });

  test('upstream connections are pooled and kept alive', async () => {
    let opened = 0;
    const count = () => {
      opened += 1;
    };
    upstreams.decisions.server.on('connection', count);
    try {
      for (let i = 0; i < 30; i++) expect((await call(base, `/api/proposals/${i}`)).status).toBe(200);
      expect(opened).toBeLessThanOrEqual(1);
    } finally {
      upstreams.decisions.server.off('connection', count);
    }
  });

  test('HEAD and OPTIONS are forwarded too', async () => {
    expect((await call(base, '/api/laws/1', { method: 'HEAD' })).status).toBe(200);
    expect((await call(base, '/api/laws/1', { method: 'OPTIONS' })).status).toBe(200);
    expect(seenBy('decisions').map((seen) => seen.method)).toEqual(['HEAD', 'OPTIONS']);
  });

  test('socket.io long-polling POSTs go to chat; a foreign Origin is refused', async () => {
    const path = '/socket.io/?EIO=4&transport=polling&sid=s1';
    const init = { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: '42["message","hi"]' };
    const plain = await call(base, path, init);
    expect(plain.status).toBe(200);
    expect(plain.json()).toMatchObject({ upstream: 'chat', url: path, body: '42["message","hi"]' });
    expect((await call(base, path, { ...init, headers: { ...init.headers, origin: PUBLIC_ORIGIN } })).status).toBe(200);
    const foreign = await call(base, path, { ...init, headers: { ...init.headers, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.json()).toEqual({ statusCode: 403, statusMessage: 'Unauthorized action' });
    expect(seenBy('chat')).toHaveLength(2);
  });

  test('the most specific prefix wins', async () => {
    expect((await call(base, '/api/users/notifications/unread/x')).json().upstream).toBe('notifications');
    expect((await call(base, '/api/users/x')).json().upstream).toBe('identity');
    expect((await call(base, '/api/users/notificationsx')).json().upstream).toBe('identity');
  });

  test("the client's request id is passed along, with the client's address, scheme and host", async () => {
    const answer = await call(base, '/api/users/1', { headers: { 'x-request-id': 'client-chosen-id-0001' } });
    expect(answer.headers['x-request-id']).toBe('client-chosen-id-0001');
    const [seen] = seenBy('identity');
    expect(seen!.headers['x-request-id']).toBe('client-chosen-id-0001');
    expect(seen!.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen!.headers['x-forwarded-proto']).toBe('http');
    expect(seen!.headers['x-forwarded-host']).toBe(new URL(base).host);
  });

  test('forged X-Forwarded-* from a client are replaced when no proxy is trusted', async () => {
    await call(base, '/api/users/1', {
      headers: { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    });
    const [seen] = seenBy('identity');
    expect(seen!.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen!.headers['x-forwarded-proto']).toBe('http');
    expect(seen!.headers['x-forwarded-host']).toBe(new URL(base).host);
  });

  test('request bodies up to the services’ limit stream through unchanged', async () => {
    const small = JSON.stringify({ email: 'a@b.c', password: 'é secret' });
    const answer = await call(base, '/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: small });
    expect(answer.status).toBe(200);
    expect(seenBy('identity')[0]).toMatchObject({ method: 'POST', url: '/api/login', body: small });

    const big = 'x'.repeat(BODY_LIMIT_BYTES);
    const bigAnswer = await call(base, '/api/sources/upload', {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'x-requested-with': 'fetch' },
      body: big,
    });
    expect(bigAnswer.status).toBe(200);
    expect(seenBy('decisions')[0]!.body.length).toBe(big.length);
  });

  test('upstream error bodies pass through unchanged, an upstream 503 is not retried', async () => {
    const conflict = await call(base, '/api/users/fail-409');
    expect(conflict.status).toBe(409);
    expect(conflict.headers['x-upstream']).toBe('identity');
    expect(conflict.json()).toEqual({ statusCode: 409, statusMessage: 'Email already registered', data: { field: 'email' } });

    const unavailable = await call(base, '/api/laws/fail-503');
    expect(unavailable.status).toBe(503);
    expect(unavailable.json()).toEqual({ statusCode: 503, statusMessage: 'Service Unavailable', data: { from: 'decisions' } });
    expect(seenBy('decisions')).toHaveLength(1);
  });

  test('sends a request again once when its keep-alive socket closes under it, if HTTP calls the method idempotent', async () => {
    const body = '{"vote":"for"}';
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      clearSeen(upstreams);
      const path = `/api/proposals/${method.toLowerCase()}/drop-once`;
      const answer = await call(base, path, method === 'GET' ? {} : { method, headers: { 'content-type': 'application/json' }, body });
      expect(answer.status).toBe(200);
      const sent = method === 'GET' ? '' : body;
      expect(seenBy('decisions').map((seen) => [seen.method, seen.body])).toEqual([
        [method, sent],
        [method, sent],
      ]);
    }
    // A POST might have been applied before its connection closed: it is never sent twice.
    clearSeen(upstreams);
    const post = await call(base, '/api/proposals/post/drop-once', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(post.status).toBe(503);
    expect(post.json()).toEqual({ statusCode: 503, statusMessage: 'Service Unavailable' });
    expect(seenBy('decisions')).toHaveLength(1);
  });

  test('unknown /api paths are a 404 of the gateway in the spec shape', async () => {
    for (const path of ['/api/nope', '/api/nope/deeper?x=1', '/api', '/api/usersx']) {
      const answer = await call(base, path);
      expect(answer.status).toBe(404);
      expect(answer.json()).toEqual({ statusCode: 404, statusMessage: 'Not Found', data: { path: path.split('?')[0] } });
    }
    const post = await call(base, '/api/nope', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(404);
    for (const upstream of Object.values(upstreams)) expect(upstream.seen).toHaveLength(0);
  });

  test("services' /healthz, /readyz and /metrics are never forwarded", async () => {
    const metrics = await call(base, '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('service="gateway"');
    for (const path of ['/api/users/..%2F..%2Fmetrics', '/api/users/%2e%2e/%2e%2e/healthz', '/socket.io/..%2Freadyz']) {
      const answer = await call(base, path);
      expect(answer.status).toBe(400);
      expect(answer.json()).toMatchObject({ statusCode: 400, statusMessage: 'Bad Request' });
    }
    for (const upstream of Object.values(upstreams)) expect(upstream.seen).toHaveLength(0);
  });
});

describe('forwarding', () => {
  test('answers above the gathered size stream through whole, with or without a length', async () => {
    const sized = await call(base, '/api/sources/big');
    expect(sized.status).toBe(200);
    expect(sized.headers['content-length']).toBe(String(BIG_ANSWER_BYTES));
    expect(sized.text).toBe('x'.repeat(BIG_ANSWER_BYTES));
    const chunked = await call(base, '/api/sources/chunked');
    expect(chunked.status).toBe(200);
    expect(chunked.text).toBe('x'.repeat(BIG_ANSWER_BYTES));
    expect(chunked.headers['x-request-id']).toBeDefined();
  });

  test('a header the upstream repeats reaches the client whole, both cookies included', async () => {
    const answer = await call(base, '/api/users/repeated');
    expect(answer.status).toBe(200);
    expect(answer.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(answer.headers.link).toEqual(['</a>; rel="preload"', '</b>; rel="preload"']);
  });

  test('hop-by-hop headers and those the Connection header names are not forwarded', async () => {
    // node:http sends the Connection header as given (undici's client refuses such a value).
    await new Promise<void>((resolve, reject) => {
      const sent = request(`${base}/api/users/1`, { agent: false, headers: { connection: 'close, x-private', 'x-private': 'secret', 'x-public': 'kept' } }, (answer) => {
        answer.resume();
        answer.once('end', resolve);
      });
      sent.once('error', reject);
      sent.end();
    });
    const [seen] = seenBy('identity');
    expect(seen!.headers['x-private']).toBeUndefined();
    expect(seen!.headers['x-public']).toBe('kept');
  });

  test('a chunked request body within the limit streams through whole', async () => {
    const parts = ['{"text":"', 'y'.repeat(100_000), '"}'];
    const response = await fetch(`${base}/api/laws/l1/articles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect(seenBy('decisions')[0]!.body).toBe(parts.join(''));
    expect(seenBy('decisions')[0]!.headers['transfer-encoding']).toBe('chunked');
  });
});

describe('upstream failures', () => {
  let failing: ServiceApp;
  let failingBase: string;

  beforeAll(async () => {
    failing = await buildApp({
      config: gatewayConfig(
        { ...upstreams, notifications: { url: await closedPortUrl() } },
        { UPSTREAM_TIMEOUT_MS: '300' },
      ),
      logger: false,
    });
    failingBase = await listen(failing);
  });
  afterAll(async () => {
    await failing?.close();
  });

  test('an upstream that is down answers 503 in the spec shape', async () => {
    for (const init of [{}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }]) {
      const answer = await call(failingBase, '/api/users/notifications/unread/u1', init);
      expect(answer.status).toBe(503);
      expect(answer.json()).toEqual({ statusCode: 503, statusMessage: 'Service Unavailable' });
      expect(answer.headers['x-request-id']).toBeDefined();
    }
  });

  test('an upstream that times out answers 503 in the spec shape', async () => {
    const started = Date.now();
    const answer = await call(failingBase, '/api/laws/hang');
    expect(answer.status).toBe(503);
    expect(answer.json()).toEqual({ statusCode: 503, statusMessage: 'Service Unavailable' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('server-sent events (notifications stream)', () => {
  let shortTimeout: ServiceApp;
  let shortTimeoutBase: string;

  beforeAll(async () => {
    shortTimeout = await buildApp({ config: gatewayConfig(upstreams, { UPSTREAM_TIMEOUT_MS: '300' }), logger: false });
    shortTimeoutBase = await listen(shortTimeout);
  });
  afterAll(async () => {
    await shortTimeout?.close();
  });

  test('a stream passes through event by event, with pauses longer than the upstream timeout', async () => {
    const answer = await fetch(`${shortTimeoutBase}/api/users/notifications/stream/u1`, { headers: { accept: 'text/event-stream' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/event-stream');
    const reader = answer.body!.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    // The first event comes through before the upstream has finished (no buffering).
    expect(decoder.decode(first.value)).toBe('data: 1\n\n');
    let text = decoder.decode(first.value);
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value);
    // 400 ms between events, longer than the 300 ms upstream timeout of ordinary calls.
    expect(text).toBe('data: 1\n\ndata: 2\n\ndata: 3\n\n');
  });
});

describe('websocket (socket.io path)', () => {
  function open(url: string, headers: Record<string, string>): Promise<{ socket: WebSocket; messages: string[]; next: () => Promise<string> }> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      const messages: string[] = [];
      const waiters: ((message: string) => void)[] = [];
      socket.on('message', (data) => {
        const text = data.toString();
        const waiter = waiters.shift();
        if (waiter) waiter(text);
        else messages.push(text);
      });
      const next = () =>
        new Promise<string>((done) => {
          const queued = messages.shift();
          if (queued !== undefined) done(queued);
          else waiters.push(done);
        });
      socket.once('open', () => resolve({ socket, messages, next }));
      socket.once('unexpected-response', (_request, response) => reject(new Error(`upgrade refused: ${response.statusCode}`)));
      socket.once('error', reject);
    });
  }

  test('an upgrade on /socket.io reaches the chat upstream and messages flow both ways', async () => {
    const wsBase = base.replace('http', 'ws');
    const { socket, next } = await open(`${wsBase}/socket.io/?EIO=4&transport=websocket`, {
      cookie: 'access=token-1',
      origin: PUBLIC_ORIGIN,
      'x-request-id': 'ws-request-id-0001',
    });
    try {
      expect(await next()).toBe('welcome from chat');
      socket.send('hello');
      expect(await next()).toBe('echo:hello');
      socket.send('again');
      expect(await next()).toBe('echo:again');
    } finally {
      socket.close();
    }
    const [upgrade] = upstreams.chat.upgrades;
    expect(upgrade!.url).toBe('/socket.io/?EIO=4&transport=websocket');
    expect(upgrade!.headers.cookie).toBe('access=token-1');
    expect(upgrade!.headers['x-request-id']).toBe('ws-request-id-0001');
    expect(upgrade!.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  test('an upgrade from a foreign origin is refused', async () => {
    const wsBase = base.replace('http', 'ws');
    await expect(open(`${wsBase}/socket.io/?EIO=4&transport=websocket`, { origin: 'https://evil.example' })).rejects.toThrow(
      'upgrade refused: 403',
    );
    expect(upstreams.chat.upgrades).toHaveLength(0);
  });
});

describe('CSRF rule', () => {
  test('a cross-origin POST is refused 403 and never reaches the upstream', async () => {
    const answer = await call(base, '/api/login', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(403);
    expect(answer.json()).toEqual({ statusCode: 403, statusMessage: 'Unauthorized action' });
    expect(seenBy('identity')).toHaveLength(0);
  });

  test('a same-origin POST passes, even as a simple request', async () => {
    const answer = await call(base, '/api/login', {
      method: 'POST',
      headers: { origin: PUBLIC_ORIGIN, 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(answer.status).toBe(200);
    expect(seenBy('identity')).toHaveLength(1);
  });

  test('the site’s origin is PUBLIC_URL, never the Host a request names: a forged Host with a matching Origin is refused', async () => {
    for (const [host, origin] of [
      ['evil.example', 'http://evil.example'],
      [new URL(base).host, base],
      ['civic.test.evil.example', 'http://civic.test.evil.example'],
    ]) {
      const answer = await call(base, `/api/users/1`, { method: 'PUT', headers: { host: host!, origin: origin!, 'content-type': 'application/json' }, body: '{}' });
      expect([origin, answer.status, answer.json()]).toEqual([origin, 403, { statusCode: 403, statusMessage: 'Unauthorized action' }]);
    }
    const wsBase = base.replace('http', 'ws');
    await expect(
      new Promise((resolve, reject) => {
        const socket = new WebSocket(`${wsBase}/socket.io/?EIO=4&transport=websocket`, { headers: { host: 'evil.example', origin: 'http://evil.example' } });
        socket.once('open', () => resolve(socket.close()));
        socket.once('unexpected-response', (_request, response) => reject(new Error(`upgrade refused: ${response.statusCode}`)));
        socket.once('error', reject);
      }),
    ).rejects.toThrow('upgrade refused: 403');
    expect(seenBy('identity')).toHaveLength(0);
    expect(upstreams.chat.upgrades).toHaveLength(0);
  });

  test('without Origin, a Referer from another site is refused', async () => {
    const answer = await call(base, '/api/users/1', { method: 'PUT', headers: { referer: 'https://evil.example/page', 'content-type': 'application/json' }, body: '{}' });
    expect(answer.status).toBe(403);
    const ours = await call(base, '/api/users/1', { method: 'PUT', headers: { referer: `${PUBLIC_ORIGIN}/users/1`, 'content-type': 'application/json' }, body: '{}' });
    expect(ours.status).toBe(200);
    expect(seenBy('identity')).toHaveLength(1);
  });

  test('the one-click unsubscribe passes as a cross-site form, and nothing else does', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const oneClick = await call(base, '/api/users/notifications/digest/one-click?token=t', { method: 'POST', headers: { ...form, origin: 'https://mail.example' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect(seenBy('notifications')).toHaveLength(1);
    const other = await call(base, '/api/users/notifications/digest/unsubscribe', { method: 'POST', headers: form, body: 'token=t' });
    expect(other.status).toBe(403);
    expect(seenBy('notifications')).toHaveLength(1);
  });

  test('without Origin, a state-changing request needs a non-simple header', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const refused = await call(base, '/api/users/1', { method, headers: { 'content-type': 'text/plain' }, body: 'x' });
      expect(refused.status).toBe(403);
      expect(refused.json()).toEqual({ statusCode: 403, statusMessage: 'Unauthorized action' });
    }
    const form = await call(base, '/api/users/1', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(form.status).toBe(403);
    expect(seenBy('identity')).toHaveLength(0);

    expect((await call(base, '/api/users/1', { method: 'DELETE', headers: { 'x-requested-with': 'XMLHttpRequest' } })).status).toBe(200);
    expect(
      (await call(base, '/api/users/1', { method: 'PUT', headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{}' })).status,
    ).toBe(200);
    expect(seenBy('identity')).toHaveLength(2);
  });

  test('safe methods pass whatever their origin', async () => {
    const answer = await call(base, '/api/users/1', { headers: { origin: 'https://evil.example' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('readiness', () => {
  /** /readyz answers 200 in any case (a degraded gateway still serves); its body says what is ready. */
  async function readiness(): Promise<unknown> {
    const answer = await call(base, '/readyz');
    expect(answer.status).toBe(200);
    return answer.json();
  }
  const upstreamsOk = { identity: 'ok', decisions: 'ok', elections: 'ok', chat: 'ok', notifications: 'ok' };

  test('/readyz is 200 when every upstream is ready', async () => {
    expect(await readiness()).toEqual({ status: 'ready', services: upstreamsOk });
  });

  test('/readyz stays 200 and reports degraded, naming the upstream that is not ready', async () => {
    // One service down must not take every gateway pod out of its Service: the others still serve.
    upstreams.elections.readyStatus = 503;
    expect(await readiness()).toEqual({ status: 'degraded', services: { ...upstreamsOk, elections: 'degraded' } });
  });

  test('/healthz answers without asking the upstreams', async () => {
    const answer = await call(base, '/healthz');
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok' });
  });
});

describe('security headers', () => {
  test('API answers carry the security headers and no HSTS without a trusted proxy', async () => {
    const answer = await call(base, '/api/users/1', { headers: { 'x-forwarded-proto': 'https' } });
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    const host = new URL(base).host;
    expect(csp).toContain(`connect-src 'self' ws://${host} wss://${host}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  test('every answer turns off the browser features the site never uses', async () => {
    const answers = [await call(base, '/api/users/1'), await call(base, '/api/nope'), await call(base, '/healthz'), await call(base, '/not-api')];
    for (const answer of answers) {
      const policy = String(answer.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'bluetooth', 'serial', 'hid', 'midi', 'display-capture']) {
        expect(policy).toContain(`${feature}=()`);
      }
      // The clipboard is the history page's (it copies a hash).
      expect(policy).not.toContain('clipboard');
    }
  });

  test('HSTS only for https forwarded by a trusted proxy', async () => {
    const behindProxy = await buildApp({ config: gatewayConfig(upstreams, { TRUST_PROXY: '127.0.0.1' }), logger: false });
    try {
      const https = await behindProxy.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
      const http = await behindProxy.inject({ url: '/healthz' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });
});

describe('rate limit', () => {
  test('too many /api requests from one IP get 429 in the spec shape; health stays open', async () => {
    const limited = await buildApp({ config: gatewayConfig(upstreams, { RATE_LIMIT_MAX: '3' }), logger: false });
    const limitedBase = await listen(limited);
    try {
      for (let i = 0; i < 3; i++) expect((await call(limitedBase, '/api/users/1')).status).toBe(200);
      const refused = await call(limitedBase, '/api/decisions/current');
      expect(refused.status).toBe(429);
      expect(refused.json()).toEqual({ statusCode: 429, statusMessage: 'Too Many Requests' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call(limitedBase, '/api/nope')).status).toBe(429);
      expect(seenBy('decisions')).toHaveLength(0);
      for (let i = 0; i < 5; i++) expect((await call(limitedBase, '/healthz')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('CORS_ORIGINS', () => {
  test('a listed origin may call /api with credentials; others stay refused', async () => {
    const cors = await buildApp({
      config: gatewayConfig(upstreams, { CORS_ORIGINS: 'http://localhost:3000, https://app.example' }),
      logger: false,
    });
    try {
      const preflight = await cors.inject({
        method: 'OPTIONS',
        url: '/api/users/1',
        headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:3000');
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      expect(preflight.headers['access-control-allow-methods']).toContain('PUT');

      const putFrom = (origin: string, contentType: string, payload: string) =>
        cors.inject({ method: 'PUT', url: '/api/users/1', headers: { origin, 'content-type': contentType }, payload });
      const put = await putFrom('https://app.example', 'text/plain', 'x');
      expect(put.statusCode).toBe(200);
      expect(put.headers['access-control-allow-origin']).toBe('https://app.example');

      const foreign = await putFrom('https://evil.example', 'application/json', '{}');
      expect(foreign.statusCode).toBe(403);
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await cors.close();
    }
  });
});
