import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { ErrorMessages } from '@civic/contracts';
import { BODY_LIMIT_BYTES, JSON_MAX_DEPTH, JSON_MAX_KEYS, type ServiceApp } from '@civic/service-kit';
import { buildApp } from '../src/app.js';
import { httpClient, type Answer } from './http-client.js';
import { clearSeen, gatewayConfig, startUpstreams, stopUpstreams, type Upstreams } from './upstream-fakes.js';

const client = httpClient();
const call = client.call;

let upstreams: Upstreams;
let app: ServiceApp;
let base: string;
let port: number;

beforeAll(async () => {
  upstreams = await startUpstreams();
  app = await buildApp({ config: gatewayConfig(upstreams), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await app?.close();
  await stopUpstreams(upstreams);
  await client.close();
});

beforeEach(() => clearSeen(upstreams));

const forwarded = () => Object.values(upstreams).flatMap((upstream) => upstream.seen);
const tooLarge = { statusCode: 413, statusMessage: ErrorMessages.payloadTooLarge };

/** The gateway's own answer: its security headers and a request id, like every other answer. */
function expectGatewayHeaders(headers: Answer['headers']): void {
  expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(String(headers['content-security-policy'])).toContain("default-src 'self'");
  expect(String(headers['permissions-policy'])).toContain('camera=()');
}

/** Sends `text` as is on a fresh connection; `onData` may write more. Answers all received until close (or 3 s). */
function rawExchange(text: string, onData?: (received: string, write: (more: string) => void) => void): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      onData?.(received, (more) => socket.write(more));
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
    setTimeout(() => socket.destroy(), 3000).unref();
  });
}

function parseAnswer(raw: string) {
  const start = raw.lastIndexOf('HTTP/1.1 ');
  const head = raw.slice(start, raw.indexOf('\r\n\r\n', start));
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: raw.slice(raw.indexOf('\r\n\r\n', start) + 4) };
}

describe('bodies over the limit', () => {
  test('a body announced over the limit is 413 in the catalogue shape and never forwarded', async () => {
    const answer = await call(base, '/api/proposals', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.json()).toEqual(tooLarge);
    expect(answer.text).not.toContain('FST_');
    expectGatewayHeaders(answer.headers);
    expect(forwarded()).toHaveLength(0);
  });

  test('a chunked body is cut at the limit with 413, not 503', async () => {
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(`${base}/api/proposals`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', reject);
      const chunk = 'x'.repeat(64 * 1024);
      for (let sent = 0; sent <= 4 * BODY_LIMIT_BYTES; sent += chunk.length) request.write(chunk);
      request.end();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual(tooLarge);
  });

  test('Expect: 100-continue: a body within the limit is forwarded (without Expect), one over it refused before it is sent', async () => {
    const body = JSON.stringify({ title: 'A proposal' });
    const ask = (length: number) =>
      `POST /api/proposals HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
    const accepted = await rawExchange(ask(Buffer.byteLength(body)), (received, write) => {
      if (received === 'HTTP/1.1 100 Continue\r\n\r\n') write(body);
    });
    expect(accepted.startsWith('HTTP/1.1 100 Continue\r\n\r\n')).toBe(true);
    expect(parseAnswer(accepted).status).toBe(200);
    const [seen] = upstreams.decisions.seen;
    expect(seen).toMatchObject({ url: '/api/proposals', body });
    expect(seen!.headers.expect).toBeUndefined();

    const refused = await rawExchange(ask(BODY_LIMIT_BYTES + 1));
    expect(refused).not.toContain('100 Continue');
    const answer = parseAnswer(refused);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(tooLarge);
    expect(upstreams.decisions.seen).toHaveLength(1);
  });
});

describe('JSON bodies past the shape limits', () => {
  const tooDeep = { statusCode: 400, statusMessage: ErrorMessages.bodyTooDeep, data: { limit: JSON_MAX_DEPTH } };
  const tooWide = { statusCode: 400, statusMessage: ErrorMessages.bodyTooWide, data: { limit: JSON_MAX_KEYS } };
  const deep = (depth: number) => `{"email":"a@b.example","password":"x","x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
  const wide = (keys: number) => `{${Array.from({ length: keys }, (_, i) => `"k${i}":${i}`).join(',')}}`;

  /** Sends `body` chunked (no length), in pieces of `piece` bytes. */
  const sendChunked = (path: string, body: string, piece: number) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', reject);
      for (let at = 0; at < body.length; at += piece) request.write(body.slice(at, at + piece));
      request.end();
    });

  test.each([
    ['deeply nested, small', deep(10_000), tooDeep],
    ['one level too deep', deep(JSON_MAX_DEPTH), tooDeep],
    ['too many keys, small', wide(JSON_MAX_KEYS + 1), tooWide],
    ['deeply nested, streamed (over the size held whole)', deep(200_000), tooDeep],
    ['too many keys, streamed', wide(20_000), tooWide],
  ])('%s: 400 in the catalogue shape at the gateway, never forwarded', async (_label, body, expected) => {
    const answer = await call(base, '/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(answer.status).toBe(400);
    expect(answer.json()).toEqual(expected);
    expectGatewayHeaders(answer.headers);
    expect(forwarded()).toHaveLength(0);
  });

  test('a chunked body is measured as it streams and cut at the first chunk past a limit', async () => {
    const answer = await sendChunked('/api/proposals', deep(300_000), 16 * 1024);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual(tooDeep);
    const wideAnswer = await sendChunked('/api/proposals', wide(30_000), 7);
    expect(JSON.parse(wideAnswer.text)).toEqual(tooWide);
  });

  test('bodies within the limits go through whole, streamed or not; other content types are the services’ own', async () => {
    const fine = deep(JSON_MAX_DEPTH - 1);
    expect((await call(base, '/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: fine })).status).toBe(200);
    const bigFine = JSON.stringify({ text: `${'['.repeat(100_000)}:::` });
    expect((await call(base, '/api/proposals', { method: 'POST', headers: { 'content-type': 'application/json' }, body: bigFine })).status).toBe(200);
    expect((await sendChunked('/api/proposals', wide(JSON_MAX_KEYS), 100)).status).toBe(200);
    expect(upstreams.identity.seen[0]!.body).toBe(fine);
    expect(upstreams.decisions.seen.map((seen) => seen.body.length)).toEqual([bigFine.length, wide(JSON_MAX_KEYS).length]);
    // Text that is not declared JSON is not measured here: the services refuse what they cannot take.
    const plain = await call(base, '/api/proposals', { method: 'POST', headers: { 'content-type': 'text/plain', 'x-requested-with': 'x' }, body: '['.repeat(1000) });
    expect(plain.status).toBe(200);
  });
});

describe('malformed URLs', () => {
  test('a bad percent-encoding gets 400 in the catalogue shape, with the security headers and the request id', async () => {
    for (const path of ['/api/decisions/%c0', '/api/users/%E0%A4%A', '/socket.io/%ff']) {
      const answer = await call(base, path);
      expect([path, answer.status, answer.json()]).toEqual([path, 400, { statusCode: 400, statusMessage: ErrorMessages.badRequest }]);
      expectGatewayHeaders(answer.headers);
    }
    expect(forwarded()).toHaveLength(0);
  });

  test('a request line the HTTP parser refuses gets the catalogue shape and the security headers', async () => {
    const answer = parseAnswer(await rawExchange('GET /api/laws/a\u0001b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ statusCode: 400, statusMessage: ErrorMessages.badRequest });
    expectGatewayHeaders(answer.headers);
  });

  test('control characters in a query string or a path are refused at the gateway', async () => {
    for (const path of ['/api/laws?q=%00', '/api/laws?q=%1B%5B2J', '/api/laws/%07', '/api/chat/rooms/a%E2%80%AEb']) {
      const answer = await call(base, path);
      expect([path, answer.status, answer.json().statusMessage]).toEqual([path, 400, ErrorMessages.forbiddenCharacters]);
      expectGatewayHeaders(answer.headers);
    }
    expect(forwarded()).toHaveLength(0);
  });
});

describe('caching', () => {
  const member = { cookie: 'access_token=token-1' };

  test('an upstream’s no-store passes through, and its own caching is kept', async () => {
    expect((await call(base, '/api/users/1?cache-control=no-store', { headers: member })).headers['cache-control']).toBe('no-store');
    expect((await call(base, '/api/laws/1/pdf?cache-control=public%2C%20max-age%3D300', { headers: member })).headers['cache-control']).toBe('public, max-age=300');
  });

  test('an answer to a request with credentials is never left cacheable', async () => {
    expect((await call(base, '/api/users/notifications/unread/u1', { headers: member })).headers['cache-control']).toBe('no-store');
    expect((await call(base, '/api/laws')).headers['cache-control']).toBeUndefined();
  });
});
