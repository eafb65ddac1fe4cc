// JSON answers of the API compressed at the gateway (src/domain/answer-compression.ts), against fake
// upstreams: Brotli or gzip as the client accepts, the same JSON once decoded, Vary on every JSON
// answer, and nothing done to small answers, other types, streams or an upstream's own encoding.
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Agent } from 'undici';
import type { ServiceApp } from '@civic/service-kit';
import { buildApp } from '../src/app.js';
import { gatewayConfig, startUpstreams, stopUpstreams, type Upstreams } from './upstream-fakes.js';

let upstreams: Upstreams;
let app: ServiceApp;
let base: string;
const agent = new Agent({ keepAliveTimeout: 1000 });

beforeAll(async () => {
  upstreams = await startUpstreams();
  app = await buildApp({ config: gatewayConfig(upstreams), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
  await stopUpstreams(upstreams);
  await agent.close();
});

/** The answer's bytes as they travelled, and its headers. */
async function raw(path: string, acceptEncoding?: string) {
  const response = await agent.request({ origin: base, path, method: 'GET', headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
  const bytes = Buffer.from(await response.body.arrayBuffer());
  return { status: response.statusCode, headers: response.headers, bytes };
}

const vary = (headers: Record<string, unknown>) => String(headers.vary ?? '').toLowerCase();

describe('API answers compressed at the gateway', () => {
  test('a large JSON answer goes as Brotli to a browser, smaller, and decodes to the same JSON', async () => {
    const plain = await raw('/api/proposals/json-list');
    const answer = await raw('/api/proposals/json-list', 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length);
    expect(answer.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(JSON.parse(brotliDecompressSync(answer.bytes).toString())).toEqual(JSON.parse(plain.bytes.toString()));
    // The upstream's own Vary is kept, Accept-Encoding added once.
    expect(vary(answer.headers)).toBe('origin, accept-encoding');
  });

  test('gzip for a client that accepts only gzip', async () => {
    const answer = await raw('/api/laws/json-list', 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(answer.bytes).toString()).items).toHaveLength(100);
  });

  test('a JSON answer too large to gather is compressed as it streams', async () => {
    const kind = 'json-large';
    const plain = await raw(`/api/laws/${kind}`);
    expect(plain.bytes.length).toBeGreaterThan(64 * 1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await raw(`/api/laws/${kind}`, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    // Its length is known only at the end: it goes chunked.
    expect(brotli.headers['content-length']).toBeUndefined();
    expect(vary(brotli.headers)).toContain('accept-encoding');
    expect(brotli.bytes.length).toBeLessThan(plain.bytes.length / 5);
    expect(JSON.parse(brotliDecompressSync(brotli.bytes).toString())).toEqual(JSON.parse(plain.bytes.toString()));
    const gzipped = await raw(`/api/laws/${kind}`, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.bytes).toString()).items).toHaveLength(2000);
  });

  test.each([undefined, 'identity', 'br;q=0, gzip;q=0'])('no compression for Accept-Encoding %s, with Vary all the same', async (accept) => {
    const answer = await raw('/api/proposals/json-list', accept);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.bytes.toString()).items).toHaveLength(100);
    expect(vary(answer.headers)).toContain('accept-encoding');
  });

  test('a small JSON answer, a text answer, a stream and an answer the upstream encoded pass as they are', async () => {
    const small = await raw('/api/proposals/1', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.bytes.toString()).upstream).toBe('decisions');

    const text = await raw('/api/proposals/big', 'br');
    expect(text.headers['content-encoding']).toBeUndefined();
    expect(text.bytes.length).toBe(200 * 1024);

    const encoded = await raw('/api/proposals/json-encoded', 'gzip, br');
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(encoded.bytes).toString()).items).toHaveLength(4096);
  });

  test('an error answer in the catalogue shape is compressed only when large, and keeps its status', async () => {
    const answer = await raw('/api/proposals/fail-409', 'br');
    expect(answer.status).toBe(409);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.bytes.toString()).statusCode).toBe(409);
  });
});
