// Shell first load: the home page's largest contentful paint (LCP) in headless Chromium against the
// whole local stack (gateway serving the built shell, the decisions service answering the phases),
// on a cold first visit and on a repeat visit served by the service worker. Baseline, same run: a
// static page with the same kind of content (a heading and a paragraph, no JavaScript) from a bare
// Node HTTP server, the floor of what the browser can do here. Also the first-load JavaScript.
// Run: node bench/run-all.mjs shell-first-load. Target: home LCP under 1500 ms (issue 9).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createBenchDatabase, report, root, startBenchStack } from './lib/bench.mjs';
import { launchChromium, largestContentfulPaint, startStaticPage } from './lib/browser.mjs';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 15);
const TARGET_MS = 1500;
/** The LCP (ms after navigation start) of `url` once its h1 is on screen. */
async function lcpOf(page, url) {
  await page.goto(url);
  await page.locator('h1').first().waitFor();
  await page.waitForTimeout(300);
  return largestContentfulPaint(page);
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p99: at(0.99), count: sorted.length };
}

const baseline = await startStaticPage();

// An empty database: the stack applies the migrations as it starts.
const database = await createBenchDatabase('shell', []);
const stack = await startBenchStack('shell', database.url);
const home = `${stack.origin}/`;
const browser = await launchChromium();

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
      baselineSamples.push(await lcpOf(await context.newPage(), baseline.url));
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
  await database.drop().catch(() => undefined);
}
