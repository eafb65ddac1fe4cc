/**
 * Single-machine mode, against the built server (`node dist/server.js`) as the start script runs it.
 * @fastify/static needs require() of an ES module, which Node does natively but jest's module
 * system cannot (before Node 24.9), so these tests drive a real process instead of buildApp.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { httpClient } from './http-client.js';
import { closedPortUrl } from './upstream-fakes.js';

const gatewayDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = join(gatewayDir, 'dist', 'server.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function assertBuilt(): void {
  let built = 0;
  try {
    // tsc -b re-emits only what changed, so the newest output says when the build last ran.
    built = Math.max(newestMtime(join(gatewayDir, 'dist')), statSync(join(gatewayDir, 'tsconfig.tsbuildinfo')).mtimeMs);
    statSync(server);
  } catch {
    built = 0;
  }
  if (built === 0 || built < newestMtime(join(gatewayDir, 'src'))) {
    throw new Error('services/gateway/dist is missing or older than src: run `npx tsc -b services/gateway` first');
  }
}

interface Started {
  child: ChildProcess;
  base: string;
  output: () => string;
}

function startGateway(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [server], {
    cwd: gatewayDir,
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gateway did not start:\n${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve({ child, base: listening[1]!, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`gateway exited with ${code}:\n${output}`));
    });
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

function runToExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [server], {
    cwd: gatewayDir,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

const client = httpClient();
const call = client.call;
const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const INDEX = '<!doctype html><html><body><div id="root"></div><script src="/main.3f2a9c1d.js"></script></body></html>';

let root: string;
let gateway: Started;

beforeAll(async () => {
  assertBuilt();
  root = mkdtempSync(join(tmpdir(), 'gateway-frontends-'));
  const files: Record<string, string> = {
    'shell/index.html': INDEX,
    'shell/main.3f2a9c1d.js': 'console.log("shell")',
    'shell/remotes.json': '{"decisions":"/remotes/decisions/mf-manifest.json"}',
    'shell/sw.js': 'self.addEventListener("fetch", () => {})',
    'shell/favicon.ico': 'icon',
    'decisions/remoteEntry.js': 'var decisions = {}',
    'decisions/mf-manifest.json': '{"name":"decisions"}',
    'decisions/x.3f2a9c1d4b.js': 'export const x = 1',
    'elections/remoteEntry.js': 'var elections = {}',
    'elections/static/js/elected.0a1b2c3d4e5f.js': 'export const elected = []',
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), content);
  }
  writeFileSync(join(root, 'secret.txt'), 'outside the dist folders');
  const nowhere = await closedPortUrl();
  gateway = await startGateway({
    SHELL_DIST: join(root, 'shell'),
    DECISIONS_REMOTE_DIST: join(root, 'decisions'),
    ELECTIONS_REMOTE_DIST: join(root, 'elections'),
    IDENTITY_URL: nowhere,
    DECISIONS_URL: nowhere,
    ELECTIONS_URL: nowhere,
    CHAT_URL: nowhere,
    NOTIFICATIONS_URL: nowhere,
  });
}, 30_000);

afterAll(async () => {
  if (gateway) await stop(gateway.child);
  await client.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('single-machine mode', () => {
  test('/ serves the shell page, revalidated, with the security headers', async () => {
    const answer = await call(gateway.base, '/', { headers: browser });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(INDEX);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`connect-src 'self' ws://${new URL(gateway.base).host} wss://${new URL(gateway.base).host}`);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  test('a deep link serves the shell page for client-side routing', async () => {
    for (const path of ['/elections/elected', '/decisions/12/proposals?tab=votes', '/users/u1']) {
      const answer = await call(gateway.base, path, { headers: browser });
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(INDEX);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
    expect((await call(gateway.base, '/index.html')).headers['cache-control']).toBe('no-cache');
  });

  test('a deep link from a client that does not ask for HTML is a 404', async () => {
    const answer = await call(gateway.base, '/elections/elected', { headers: { accept: 'application/json' } });
    expect(answer.status).toBe(404);
    expect(answer.json()).toMatchObject({ statusCode: 404, statusMessage: 'Not Found' });
  });

  test('a remote file is served with immutable caching when its name is hashed', async () => {
    const answer = await call(gateway.base, '/remotes/decisions/x.3f2a9c1d4b.js', { headers: browser });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('export const x = 1');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');

    const nested = await call(gateway.base, '/remotes/elections/static/js/elected.0a1b2c3d4e5f.js');
    expect(nested.status).toBe(200);
    expect(nested.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const shellAsset = await call(gateway.base, '/main.3f2a9c1d.js');
    expect(shellAsset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('entry files of the shell and the remotes are revalidated', async () => {
    for (const path of ['/remotes.json', '/sw.js', '/favicon.ico', '/remotes/decisions/remoteEntry.js', '/remotes/decisions/mf-manifest.json', '/remotes/elections/remoteEntry.js']) {
      const answer = await call(gateway.base, path);
      expect([path, answer.status]).toEqual([path, 200]);
      expect([path, answer.headers['cache-control']]).toEqual([path, 'no-cache']);
    }
    const remotes = await call(gateway.base, '/remotes.json');
    expect(remotes.json()).toEqual({ decisions: '/remotes/decisions/mf-manifest.json' });
    const etag = String(remotes.headers.etag);
    expect((await call(gateway.base, '/remotes.json', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  test('a missing remote file is a 404 in the spec shape, never the shell page', async () => {
    for (const path of ['/remotes/decisions/missing.js', '/remotes/decisions/missing', '/remotes/elections/', '/remotes/nope/remoteEntry.js']) {
      const answer = await call(gateway.base, path, { headers: browser });
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.json()).toMatchObject({ statusCode: 404, statusMessage: 'Not Found' });
    }
    const missingAsset = await call(gateway.base, '/missing.3f2a9c1d.js', { headers: browser });
    expect(missingAsset.status).toBe(404);
  });

  test('/api stays the API, never the shell page', async () => {
    const unknown = await call(gateway.base, '/api/nope', { headers: browser });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, statusMessage: 'Not Found', data: { path: '/api/nope' } });
    const down = await call(gateway.base, '/api/users/1', { headers: browser });
    expect(down.status).toBe(503);
    expect(down.json()).toEqual({ statusCode: 503, statusMessage: 'Service Unavailable' });
  });

  test('paths that climb out of a dist folder are refused', async () => {
    for (const path of ['/remotes/decisions/..%2f..%2fsecret.txt', '/remotes/decisions/%2e%2e/%2e%2e/secret.txt', '/..%2fsecret.txt', '/remotes/decisions/../../secret.txt']) {
      const answer = await call(gateway.base, path, { headers: browser });
      expect([path, answer.status]).not.toEqual([path, 200]);
      expect(answer.text).not.toContain('outside the dist folders');
    }
  });
});

describe('the server process', () => {
  test('a bad variable exits 1 naming it', async () => {
    const badPort = await runToExit({ PORT: 'abc' });
    expect(badPort.code).toBe(1);
    expect(badPort.stderr).toContain('PORT is invalid');
    const missingDist = await runToExit({ PORT: '0', SHELL_DIST: join(tmpdir(), 'no-such-shell-dist') });
    expect(missingDist.code).toBe(1);
    expect(missingDist.stderr).toContain('SHELL_DIST is invalid');
  });
});
