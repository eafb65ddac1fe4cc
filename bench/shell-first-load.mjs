// Shell first load: the home page's largest contentful paint (LCP) in headless Chromium against the
// whole local stack (gateway serving the built shell, the decisions service answering the phases),
// on a cold first visit and on a repeat visit served by the service worker. Baseline, same run: a
// static page with the same kind of content (a heading and a paragraph, no JavaScript) from a bare
// Node HTTP server, the floor of what the browser can do here. Also the first-load JavaScript.
// Run: node bench/run-all.mjs shell-first-load. Target: home LCP under 1500 ms (issue 9).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DATABASE_URL, NATS_URL, REDIS_URL, benchNatsPrefix, report, root, runId } from './lib/bench.mjs';
import { startStack } from '../scripts/stack.mjs';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 15);
const TARGET_MS = 1500;
// playwright-core is a dependency of the browser tests (e2e/); the system Chromium, never a download.
const { chromium } = createRequire(path.join(root, 'e2e/package.json'))('playwright-core');

function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** The LCP (ms after navigation start) of `url` once its h1 is on screen. */
async function lcpOf(page, url) {
  await page.goto(url);
  await page.locator('h1').first().waitFor();
  await page.waitForTimeout(300);
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p99: at(0.99), count: sorted.length };
}

const staticPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main><h1>Share and co-create the laws</h1>
<p>Propose laws, discuss them, vote on proposals, write articles and amendments together, and read the laws the community has adopted.</p></main></body></html>`;
const baseline = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(staticPage);
});
await new Promise((resolve) => baseline.listen(0, '127.0.0.1', resolve));
const baselineUrl = `http://127.0.0.1:${baseline.address().port}/`;

const { default: pg } = await import('pg');
const database = `bench_shell_${runId}`;
const admin = new pg.Client({ connectionString: DATABASE_URL });
await admin.connect();
await admin.query(`CREATE DATABASE "${database}"`);
await admin.end();
const databaseUrl = new URL(DATABASE_URL);
databaseUrl.pathname = `/${database}`;
const nats = benchNatsPrefix('shell');
const dataDir = path.join(os.tmpdir(), `civic-bench-shell-${randomBytes(3).toString('hex')}`);

const stack = await startStack({
  databaseUrl: databaseUrl.toString(),
  natsUrl: NATS_URL,
  natsPrefix: nats.prefix,
  redisUrl: REDIS_URL,
  ports: 'free',
  host: '127.0.0.1',
  dataDir,
  build: false,
  log: () => undefined,
});
const home = `http://127.0.0.1:${stack.ports.gateway}/`;
const browser = await launch();

try {
  // Warm-up: the services' first queries and the OS file cache are not what is measured.
  {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await lcpOf(await context.newPage(), home);
    await context.close();
  }
  const baselineSamples = [];
  const coldSamples = [];
  const repeatSamples = [];
  let firstLoadScripts = [];
  for (let i = 0; i < SAMPLES; i++) {
    {
      const context = await browser.newContext();
      baselineSamples.push(await lcpOf(await context.newPage(), baselineUrl));
      await context.close();
    }
    {
      // A first visit: a fresh profile, no HTTP cache, no service worker yet.
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.endsWith('.js') && !url.pathname.startsWith('/remotes/') && url.pathname !== '/sw.js') scripts.push(url.pathname);
      });
      coldSamples.push(await lcpOf(page, home));
      // What loaded by the first paint: the page socket's chunk loads later, once the page is idle.
      if (i === 0) firstLoadScripts = [...scripts];
      // A repeat visit in a new tab of the same profile: the service worker installed by the first
      // visit now serves the shell.
      await page.evaluate(async () => navigator.serviceWorker && (await navigator.serviceWorker.ready));
      const again = await context.newPage();
      repeatSamples.push(await lcpOf(again, home));
      await context.close();
    }
  }
  const gzipped = firstLoadScripts.reduce(
    (sum, script) => sum + gzipSync(readFileSync(path.join(root, 'frontends/shell/dist', script))).length,
    0,
  );
  const cold = stats(coldSamples);
  const repeat = stats(repeatSamples);
  report(
    'Shell first load: home page largest contentful paint, headless Chromium (ms)',
    [
      { name: 'baseline: static HTML page, bare Node server', ...stats(baselineSamples) },
      { name: 'home, first visit (cold)', ...cold, target: `p50 < ${TARGET_MS} ms`, met: cold.p50 < TARGET_MS },
      { name: 'home, repeat visit (service worker)', ...repeat, target: `p50 < ${TARGET_MS} ms`, met: repeat.p50 < TARGET_MS },
    ],
    [
      `${SAMPLES} samples each, a fresh browser profile per first visit; LCP = the last largest-contentful-paint entry once the h1 shows.`,
      `First-load JavaScript of the shell and shared libraries: ${firstLoadScripts.length} files, ${(gzipped / 1024).toFixed(1)} KB gzipped (budget 170 KB).`,
    ],
  );
} finally {
  await browser.close();
  await stack.stop();
  baseline.close();
  await nats.cleanup().catch(() => undefined);
  const cleanup = new pg.Client({ connectionString: DATABASE_URL });
  await cleanup.connect();
  await cleanup.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
  await cleanup.end();
  rmSync(dataDir, { recursive: true, force: true });
}
