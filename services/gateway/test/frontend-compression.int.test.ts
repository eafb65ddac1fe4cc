/**
 * Single-machine mode serves the brotli and gzip files the front ends' builds write beside each text
 * file: the best one the client accepts, else the file as it is; never compressed twice, cached as
 * before, 404s unchanged. Against the built server, as frontend.int.test.ts explains.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Agent } from 'undici';
import { startBuiltGateway } from './built-gateway.js';
import { closedPortUrl } from './upstream-fakes.js';


const SCRIPT = `console.log(${JSON.stringify('the shell '.repeat(200))})`;
const INDEX = `<!doctype html><html><body><div id="root"></div><script src="/main.3f2a9c1d.js"></script>${'<!-- padding -->'.repeat(50)}</body></html>`;
const REMOTE_ENTRY = `var decisions = ${JSON.stringify('remote '.repeat(200))}`;
const MANIFEST = JSON.stringify({ name: 'decisions', metaData: { publicPath: '/remotes/decisions/v1/', remoteEntry: { name: 'remoteEntry.js', path: '' } } });
const CSS = `body { color: black; }${' .a { margin: 0 }'.repeat(100)}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** A file with the .br and .gz the build writes beside it. */
function compressed(file: string, content: string): Record<string, Buffer | string> {
  return { [file]: content, [`${file}.br`]: brotliCompressSync(content), [`${file}.gz`]: gzipSync(content) };
}

let root: string;
let child: ChildProcess;
let base: string;
const agent = new Agent({ keepAliveTimeout: 1000 });

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The bytes as they came over the wire: no client-side decoding. */
async function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const response = await agent.request({ origin: base, path, method: 'GET', headers });
  return { status: response.statusCode, headers: response.headers, body: Buffer.from(await response.body.arrayBuffer()) };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'gateway-compressed-'));
  const files: Record<string, Buffer | string> = {
    ...compressed('shell/index.html', INDEX),
    ...compressed('shell/main.3f2a9c1d.js', SCRIPT),
    // Only gzip made for this one: a client asking for brotli first gets the gzip.
    'shell/30.20ebc26ed6.css': CSS,
    'shell/30.20ebc26ed6.css.gz': gzipSync(CSS),
    // Too small to be worth compressing: the build leaves it alone.
    'shell/remotes.json': '{"decisions":"/remotes/decisions/mf-manifest.json"}',
    ...compressed('decisions/v1/mf-manifest.json', MANIFEST),
    ...compressed('decisions/v1/remoteEntry.js', REMOTE_ENTRY),
    'decisions/current': 'v1\n',
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), content);
  }
  const nowhere = await closedPortUrl();
  ({ child, base } = await startBuiltGateway({
    SHELL_DIST: join(root, 'shell'),
    DECISIONS_REMOTE_DIST: join(root, 'decisions'),
    IDENTITY_URL: nowhere,
    DECISIONS_URL: nowhere,
    ELECTIONS_URL: nowhere,
    CHAT_URL: nowhere,
    NOTIFICATIONS_URL: nowhere,
  }));
}, 30_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  }
  await agent.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('precompressed front-end files', () => {
  test('a client that accepts brotli gets the .br file, decoded once to the original', async () => {
    const answer = await get('/main.3f2a9c1d.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(String(answer.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  test('a client that accepts gzip only gets the .gz file', async () => {
    const answer = await get('/main.3f2a9c1d.js', { 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(String(answer.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(answer.body).toString()).toBe(SCRIPT);
  });

  test('a client that accepts no encoding (or refuses them) gets the file as it is', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const answer = await get('/main.3f2a9c1d.js', headers);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(String(answer.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
      expect(answer.body.toString()).toBe(SCRIPT);
    }
  });

  test('brotli wanted but only gzip built: the gzip; nothing built: the plain file, uncompressed', async () => {
    const css = await get('/30.20ebc26ed6.css', { 'accept-encoding': 'br, gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(css.body).toString()).toBe(CSS);

    const remotes = await get('/remotes.json', { 'accept-encoding': 'br, gzip' });
    expect(remotes.status).toBe(200);
    expect(remotes.headers['content-encoding']).toBeUndefined();
    expect(remotes.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(remotes.body.toString())).toEqual({ decisions: '/remotes/decisions/mf-manifest.json' });
  });

  test('the shell page, deep links included, is compressed and still revalidated', async () => {
    for (const path of ['/', '/decisions/proposals']) {
      const answer = await get(path, { accept: browser, 'accept-encoding': 'br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(answer.body).toString()).toBe(INDEX);
    }
  });

  test("a remote's stable manifest and its versioned entry are compressed with their own caching", async () => {
    const manifest = await get('/remotes/decisions/mf-manifest.json', { 'accept-encoding': 'br' });
    expect(manifest.headers['content-encoding']).toBe('br');
    expect(manifest.headers['content-type']).toMatch(/^application\/json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(brotliDecompressSync(manifest.body).toString())).toEqual(JSON.parse(MANIFEST));

    const entry = await get('/remotes/decisions/v1/remoteEntry.js', { 'accept-encoding': 'gzip' });
    expect(entry.headers['content-encoding']).toBe('gzip');
    expect(entry.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(entry.body).toString()).toBe(REMOTE_ENTRY);
  });

  test('each encoding has its own validator: a revalidation answers 304 only for the same encoding', async () => {
    const br = await get('/', { accept: browser, 'accept-encoding': 'br' });
    const gzip = await get('/', { accept: browser, 'accept-encoding': 'gzip' });
    expect(br.headers.etag).toBeDefined();
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
    const again = await get('/', { accept: browser, 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    const other = await get('/', { accept: browser, 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) });
    expect(other.status).toBe(200);
    expect(gunzipSync(other.body).toString()).toBe(INDEX);
  });

  test('missing files stay 404 in the error shape, whatever the client accepts', async () => {
    for (const path of ['/missing.3f2a9c1d.js', '/remotes/decisions/v1/missing.js', '/remotes/decisions/v9/remoteEntry.js']) {
      const answer = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(answer.status).toBe(404);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ statusCode: 404, statusMessage: 'Not Found' });
    }
  });
});
