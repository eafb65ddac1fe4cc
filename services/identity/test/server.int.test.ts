import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, setupServiceTest, waitFor, type ServiceTestContext } from '@civic/test-kit';

// The built server, as `pnpm start` and the containers run it (the test command builds first).
const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/server.js');

/** Every process a test started, stopped after the file even when its test failed half-way. */
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [server], { env: { PATH: process.env['PATH'] ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.on('data', (chunk) => (stdout += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stderr, stdout }) };
}

/**
 * A process loads the whole service before it reads its settings: with both cores busy beside a full
 * test run, a slow machine has taken over 30 s to start one.
 */
const PROCESS_START_MS = 90_000;

beforeAll(() => {
  if (!existsSync(server)) throw new Error('services/identity/dist/server.js is missing: run `pnpm build` (pnpm test does it)');
});

describe('identity server process', () => {
  it('exits 1 naming every missing or bad setting', async () => {
    const run = runServer({ PORT: 'eighty', NATS_URL: 'http://wrong' });
    expect(await run.exited).toBe(1);
    const { stderr } = run.output();
    expect(stderr).toMatch(/identity: Invalid configuration/);
    expect(stderr).toMatch(/PORT is invalid .*"eighty"/);
    expect(stderr).toMatch(/DATABASE_URL is required but not set/);
    expect(stderr).toMatch(/NATS_URL is invalid/);
  }, PROCESS_START_MS);

  describe('with a valid configuration', () => {
    let context: ServiceTestContext;
    beforeAll(async () => {
      context = await setupServiceTest(['identity'], 'server');
    });
    afterAll(() => context.cleanup());

    it('starts, becomes ready, logs JSON, and shuts down gracefully on SIGTERM', async () => {
      const port = await freePort();
      const run = runServer({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: context.databaseUrl, NATS_URL: context.natsUrl, NATS_PREFIX: context.natsPrefix });
      await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200, PROCESS_START_MS);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'x-request-id': 'from-the-gateway-1' } });
      expect(health.headers.get('x-request-id')).toBe('from-the-gateway-1');
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      const lines = run.output().stdout.trim().split('\n').map((line) => JSON.parse(line));
      expect(lines.some((line) => line.service === 'identity' && /listening/i.test(line.msg))).toBe(true);
      expect(lines.some((line) => line.msg === 'draining, then shutting down' && line.signal === 'SIGTERM')).toBe(true);
    }, 2 * PROCESS_START_MS);
  });
});
