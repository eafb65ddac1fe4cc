// What the paint benchmarks (shell-first-load.mjs, full-size-data.mjs) share: headless Chromium, the
// static page they compare with, and the largest contentful paint of the page shown.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from './bench.mjs';

// playwright-core is a dependency of the browser tests (e2e/); the system Chromium, never a download.
const { chromium } = createRequire(path.join(root, 'e2e/package.json'))('playwright-core');

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * The paint benchmarks' baseline: a static page with the home page's kind of content (a heading and a
 * paragraph, no JavaScript) from a bare Node HTTP server, the floor of what the browser can do here.
 */
export async function startStaticPage() {
  const staticPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main><h1>Share and co-create the laws</h1>
<p>Propose laws, discuss them, vote on proposals, write articles and amendments together, and read the laws the community has adopted.</p></main></body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(staticPage);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

/** The largest contentful paint of the page shown, in ms after its navigation started. */
export function largestContentfulPaint(page) {
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
