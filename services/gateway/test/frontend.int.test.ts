/**
 * Single-machine mode, against the built server (`node dist/server.js`) as the start script runs it.
 * @fastify/static needs require() of an ES module, which Node does natively but jest's module
 * system cannot (before Node 24.9), so these tests drive a real process instead of buildApp.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { httpClient } from './http-client.js';
import { gatewayDir, server, startBuiltGateway, type StartedGateway } from './built-gateway.js';
import { closedPortUrl } from './upstream-fakes.js';


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
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A built remote version as the remote build writes it: every file under dist/<version>/. */
function remoteVersionFiles(name: string, version: string): Record<string, string> {
  const manifest = { name, metaData: { publicPath: `/remotes/${name}/${version}/`, remoteEntry: { name: 'remoteEntry.js', path: '' } } };
  return {
    [`${name}/${version}/mf-manifest.json`]: JSON.stringify(manifest),
    [`${name}/${version}/remoteEntry.js`]: `var ${name} = "${version}"`,
    [`${name}/${version}/x.3f2a9c1d4b.js`]: `export const x = "${version}"`,
  };
}

function writeFiles(files: Record<string, string>): void {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), content);
  }
}

/** Makes `version` the remote's current one the way the build does: a rename over dist/current. */
function makeCurrent(name: string, version: string): void {
  writeFileSync(join(root, name, '.current-test'), `${version}\n`);
  renameSync(join(root, name, '.current-test'), join(root, name, 'current'));
}

/** The version the stable manifest URL answers with (from its publicPath), or its status. */
async function activeVersion(base: string, name: string): Promise<string | number> {
  const answer = await call(base, `/remotes/${name}/mf-manifest.json`);
  if (answer.status !== 200) return answer.status;
  return String((answer.json().metaData as { publicPath: string }).publicPath.split('/')[3]);
}

/** Polls until the stable manifest URL answers `expected` (dist/current is re-read within a second). */
async function waitForActive(base: string, name: string, expected: string | number): Promise<void> {
  const deadline = Date.now() + 5000;
  let seen = await activeVersion(base, name);
  while (seen !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen = await activeVersion(base, name);
  }
  expect(seen).toBe(expected);
}

let root: string;
let gateway: StartedGateway;
let nowhere: string;
let upstreams: Record<string, string>;

beforeAll(async () => {
  assertBuilt();
  root = mkdtempSync(join(tmpdir(), 'gateway-frontends-'));
  writeFiles({
    'shell/index.html': INDEX,
    'shell/main.3f2a9c1d.js': 'console.log("shell")',
    'shell/remotes.json': '{"decisions":"/remotes/decisions/mf-manifest.json"}',
    'shell/sw.js': 'self.addEventListener("fetch", () => {})',
    'shell/favicon.ico': 'icon',
    ...remoteVersionFiles('decisions', 'v1'),
    ...remoteVersionFiles('decisions', 'v2'),
    // A build still being written: never served.
    ...remoteVersionFiles('decisions', '.building-v3-123'),
    'elections/2024.1.0/remoteEntry.js': 'var elections = {}',
    'elections/2024.1.0/mf-manifest.json': '{"name":"elections","metaData":{"publicPath":"/remotes/elections/2024.1.0/"}}',
    'elections/2024.1.0/static/js/elected.0a1b2c3d4e5f.js': 'export const elected = []',
  });
  makeCurrent('decisions', 'v1');
  writeFileSync(join(root, 'secret.txt'), 'outside the dist folders');
  nowhere = await closedPortUrl();
  upstreams = { IDENTITY_URL: nowhere, DECISIONS_URL: nowhere, ELECTIONS_URL: nowhere, CHAT_URL: nowhere, NOTIFICATIONS_URL: nowhere };
  gateway = await startBuiltGateway({
    SHELL_DIST: join(root, 'shell'),
    DECISIONS_REMOTE_DIST: join(root, 'decisions'),
    // Relative to the gateway's working directory, as a start script may give it.
    ELECTIONS_REMOTE_DIST: relative(gatewayDir, join(root, 'elections')),
    ...upstreams,
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

  test('every file of a remote version is immutable, its entry and manifest included', async () => {
    const chunk = await call(gateway.base, '/remotes/decisions/v1/x.3f2a9c1d4b.js', { headers: browser });
    expect(chunk.status).toBe(200);
    expect(chunk.text).toBe('export const x = "v1"');
    expect(chunk.headers['content-type']).toMatch(/javascript/);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect(chunk.headers['x-content-type-options']).toBe('nosniff');

    for (const path of ['/remotes/decisions/v1/remoteEntry.js', '/remotes/decisions/v2/remoteEntry.js', '/remotes/decisions/v2/mf-manifest.json', '/remotes/elections/2024.1.0/static/js/elected.0a1b2c3d4e5f.js']) {
      const answer = await call(gateway.base, path);
      expect([path, answer.status, answer.headers['cache-control']]).toEqual([path, 200, IMMUTABLE]);
    }
    expect((await call(gateway.base, '/remotes/decisions/v2/remoteEntry.js')).text).toBe('var decisions = "v2"');
    const shellAsset = await call(gateway.base, '/main.3f2a9c1d.js');
    expect(shellAsset.headers['cache-control']).toBe(IMMUTABLE);
  });

  test("a remote's stable manifest URL answers the current version's manifest, revalidated", async () => {
    const manifest = await call(gateway.base, '/remotes/decisions/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ name: 'decisions', metaData: { publicPath: '/remotes/decisions/v1/' } });
    const etag = String(manifest.headers.etag);
    expect((await call(gateway.base, '/remotes/decisions/mf-manifest.json', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  test('shell entry files are revalidated', async () => {
    for (const path of ['/remotes.json', '/sw.js', '/favicon.ico']) {
      const answer = await call(gateway.base, path);
      expect([path, answer.status]).toEqual([path, 200]);
      expect([path, answer.headers['cache-control']]).toEqual([path, 'no-cache']);
    }
    const remotes = await call(gateway.base, '/remotes.json');
    expect(remotes.json()).toEqual({ decisions: '/remotes/decisions/mf-manifest.json' });
    const etag = String(remotes.headers.etag);
    expect((await call(gateway.base, '/remotes.json', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  test('a missing version, file or unversioned path is a 404 in the spec shape, never cached nor the shell page', async () => {
    for (const path of [
      '/remotes/decisions/v9/remoteEntry.js',
      '/remotes/decisions/v1/missing.js',
      '/remotes/decisions/v1/',
      '/remotes/decisions/v1',
      '/remotes/decisions/remoteEntry.js',
      '/remotes/decisions/current',
      '/remotes/decisions/current/x',
      '/remotes/decisions/.building-v3-123/mf-manifest.json',
      '/remotes/decisions/',
      '/remotes/elections/mf-manifest.json',
      '/remotes/nope/mf-manifest.json',
      '/remotes/nope/v1/remoteEntry.js',
    ]) {
      const answer = await call(gateway.base, path, { headers: browser });
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.json()).toMatchObject({ statusCode: 404, statusMessage: 'Not Found' });
      expect([path, answer.headers['cache-control']]).not.toEqual([path, IMMUTABLE]);
    }
    const missingAsset = await call(gateway.base, '/missing.3f2a9c1d.js', { headers: browser });
    expect(missingAsset.status).toBe(404);
  });

  test('a rollout switches the manifest within a second while every kept version keeps answering', async () => {
    await waitForActive(gateway.base, 'decisions', 'v1');
    makeCurrent('decisions', 'v2');
    await waitForActive(gateway.base, 'decisions', 'v2');
    // A page loaded before the rollout still gets its version's files, a new page the new ones.
    for (const version of ['v1', 'v2']) {
      const chunk = await call(gateway.base, `/remotes/decisions/${version}/x.3f2a9c1d4b.js`);
      expect([version, chunk.status, chunk.text]).toEqual([version, 200, `export const x = "${version}"`]);
    }

    // dist/current naming a version that is not there: the manifest is a 404, the others stay.
    makeCurrent('decisions', 'v7');
    await waitForActive(gateway.base, 'decisions', 404);
    expect((await call(gateway.base, '/remotes/decisions/v2/remoteEntry.js')).status).toBe(200);

    // Rolling back is making the older version current again.
    makeCurrent('decisions', 'v1');
    await waitForActive(gateway.base, 'decisions', 'v1');
  });

  test('a remote built after the gateway started is served once dist/current names it', async () => {
    expect(await activeVersion(gateway.base, 'elections')).toBe(404);
    makeCurrent('elections', '2024.1.0');
    await waitForActive(gateway.base, 'elections', '2024.1.0');
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
    for (const path of [
      '/remotes/decisions/v1/..%2f..%2f..%2fsecret.txt',
      '/remotes/decisions/%2e%2e/%2e%2e/secret.txt',
      '/remotes/decisions/..%2f../secret.txt',
      '/..%2fsecret.txt',
      '/remotes/decisions/v1/../../../secret.txt',
    ]) {
      const answer = await call(gateway.base, path, { headers: browser });
      expect([path, answer.status]).not.toEqual([path, 200]);
      expect(answer.text).not.toContain('outside the dist folders');
    }
  });
});

describe('a pinned remote version (rollback by configuration)', () => {
  test('<NAME>_REMOTE_VERSION answers the manifest whatever dist/current says', async () => {
    makeCurrent('decisions', 'v2');
    const pinned = await startBuiltGateway({ DECISIONS_REMOTE_DIST: join(root, 'decisions'), DECISIONS_REMOTE_VERSION: 'v1', ...upstreams });
    try {
      expect(await activeVersion(pinned.base, 'decisions')).toBe('v1');
      const manifest = await call(pinned.base, '/remotes/decisions/mf-manifest.json');
      expect(manifest.headers['cache-control']).toBe('no-cache');
      // Pages that loaded the newer version keep their files.
      expect((await call(pinned.base, '/remotes/decisions/v2/remoteEntry.js')).status).toBe(200);
    } finally {
      await stop(pinned.child);
    }
  });

  test('a pinned version that is not built, or is not a version, stops the start naming the variable', async () => {
    const missing = await runToExit({ PORT: '0', DECISIONS_REMOTE_DIST: join(root, 'decisions'), DECISIONS_REMOTE_VERSION: 'v9' });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('DECISIONS_REMOTE_VERSION is invalid (no such build in DECISIONS_REMOTE_DIST)');
    for (const bad of ['current', '../v1', '.building-v3-123']) {
      const refused = await runToExit({ PORT: '0', DECISIONS_REMOTE_DIST: join(root, 'decisions'), DECISIONS_REMOTE_VERSION: bad });
      expect([bad, refused.code]).toEqual([bad, 1]);
      expect(refused.stderr).toContain('DECISIONS_REMOTE_VERSION is invalid');
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
