// Lighthouse on a phone (issue 34): the standard audit (Lighthouse 12, its default mobile emulation:
// a mid-range phone's screen, simulated slow 4G, 4x CPU slowdown) of the pages a new visitor opens
// first: home, the proposals, the final vote, an archived law and the elections. Each page is audited
// BENCH_LIGHTHOUSE_RUNS times (3) in a fresh Lighthouse run (storage and cache cleared, no service
// worker); the run with the median performance score is kept, as Lighthouse advises.
// The stack is the one `pnpm start` runs (scripts/stack.mjs: the services and the gateway serving the
// built front ends) on a database seeded with the small dataset of full-size-data (a cycle in its
// final vote, open proposals, archived laws, closed elections). BENCH_ORIGIN=http://host:port audits
// a stack already running instead (its archived law: the newest one the archive lists).
// Targets: performance >= 90, LCP < 2.5 s, accessibility 100, best practices 100, SEO >= 95.
// Run: node bench/run-all.mjs lighthouse.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { SERVICES } from '../scripts/stack.mjs';
import { createBenchDatabase, report, root, startBenchStack } from './lib/bench.mjs';
import { SMALL_SIZE, seedPlatform } from './lib/full-size-seed.mjs';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Where each page's kept report goes, whole (Lighthouse's JSON). */
const REPORTS = path.join(root, '.tmp/lighthouse');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Per measure: its label, where it is read in a Lighthouse result, its unit and target. */
const MEASURES = [
  { key: 'performance', label: 'performance', unit: 'score', read: (lhr) => score(lhr, 'performance'), target: '>= 90', met: (v) => v >= 90 },
  { key: 'lcp', label: 'largest contentful paint', unit: 's', read: (lhr) => lhr.audits['largest-contentful-paint'].numericValue / 1000, target: '< 2.5 s', met: (v) => v < 2.5 },
  { key: 'accessibility', label: 'accessibility', unit: 'score', read: (lhr) => score(lhr, 'accessibility'), target: '100', met: (v) => v === 100 },
  { key: 'best-practices', label: 'best practices', unit: 'score', read: (lhr) => score(lhr, 'best-practices'), target: '100', met: (v) => v === 100 },
  { key: 'seo', label: 'SEO', unit: 'score', read: (lhr) => score(lhr, 'seo'), target: '>= 95', met: (v) => v >= 95 },
];

// chrome-launcher comes with Lighthouse: the machine's Chromium, never a download.
const { launch } = createRequire(createRequire(import.meta.url).resolve('lighthouse/package.json'))('chrome-launcher');
const argon2 = createRequire(path.join(root, 'services/identity/package.json'))('argon2');

function score(lhr, category) {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

/** The pages a new visitor opens first; the archived law is the newest in the archive. */
async function pagesOf(origin) {
  const newest = (await (await fetch(`${origin}/api/laws`)).json()).laws?.[0];
  if (!newest?.id) throw new Error('the archive lists no law: nothing to audit at /archive/{id}');
  return [
    ['home', '/'],
    ['proposals', '/decisions/proposals'],
    ['final vote', '/decisions/final-vote'],
    ['archived law', `/archive/${newest.id}`],
    ['elections', '/elections'],
  ];
}

/** What Lighthouse says would save the most on a page: its opportunities and failed audits, briefly. */
function findings(lhr) {
  const failed = Object.values(lhr.audits).filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual');
  return failed
    .map((audit) => {
      const saving = audit.details?.overallSavingsMs ? ` (${Math.round(audit.details.overallSavingsMs)} ms)` : audit.details?.overallSavingsBytes ? ` (${Math.round(audit.details.overallSavingsBytes / 1024)} KiB)` : '';
      return `${audit.id}${saving}`;
    })
    .join(', ');
}

/**
 * One Lighthouse run of a page. A run whose trace recording failed (NO_NAVSTART, which Lighthouse
 * itself says to answer by running again) is run once more.
 */
async function auditPage(port, name, url) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    if (!lhr.runtimeError) return lhr;
    if (attempt === 2 || lhr.runtimeError.code !== 'NO_NAVSTART') throw new Error(`${name}: ${lhr.runtimeError.message}`);
    console.log(`  ${name}: ${lhr.runtimeError.code}, run again`);
  }
}

async function audit(origin) {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    logLevel: 'silent',
  });
  const results = [];
  try {
    // Warm-up: the services' first queries and the OS file cache are not what is measured.
    await lighthouse(`${origin}/`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    for (const [name, pagePath] of await pagesOf(origin)) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await auditPage(chrome.port, name, `${origin}${pagePath}`));
      }
      runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const median = runs[Math.floor((runs.length - 1) / 2)];
      // The whole report of the kept run, to read what the figures hide (the LCP element, the shifts).
      mkdirSync(REPORTS, { recursive: true });
      writeFileSync(path.join(REPORTS, `${name.replace(/\W+/g, '-')}.json`), JSON.stringify(median));
      const figures = Object.fromEntries(MEASURES.map((measure) => [measure.key, measure.read(median)]));
      console.log(`  ${name}: ${MEASURES.map((measure) => `${measure.label} ${figures[measure.key]}`).join(', ')}; to fix: ${findings(median) || 'nothing'}`);
      results.push({
        name,
        path: pagePath,
        figures,
        runs: runs.map((lhr) => score(lhr, 'performance')),
        lighthouseVersion: median.lighthouseVersion,
        // Lighthouse's own measure of this machine's CPU speed: its simulated phone multiplies the
        // main-thread time it observes here, so a slower machine scores lower on the same build.
        benchmarkIndex: median.environment?.benchmarkIndex,
        totalBlockingMs: Math.round(median.audits['total-blocking-time']?.numericValue ?? 0),
        layoutShift: Number((median.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        firstPaintMs: Math.round(median.audits['first-contentful-paint']?.numericValue ?? 0),
        findings: findings(median),
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

let results;
if (process.env.BENCH_ORIGIN) {
  results = await audit(process.env.BENCH_ORIGIN.replace(/\/$/, ''));
} else {
  const database = await createBenchDatabase('lighthouse', SERVICES);
  let stack = null;
  try {
    const passwordHash = await argon2.hash('lighthouse bench password 1', { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 });
    await seedPlatform(database.url, SMALL_SIZE, passwordHash);
    stack = await startBenchStack('lighthouse', database.url);
    results = await audit(stack.origin);
  } finally {
    await stack?.stop();
    await database.drop().catch(() => undefined);
  }
}

report(
  'Lighthouse, mobile emulation (simulated slow 4G, 4x CPU slowdown), a new visitor',
  results.flatMap((page) =>
    MEASURES.map((measure) => {
      const value = page.figures[measure.key];
      return { name: `${page.name} (${page.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, '{id}')}): ${measure.label}`, value, unit: measure.unit, target: measure.target, met: measure.met(value) };
    }),
  ),
  [
    `Lighthouse ${results[0]?.lighthouseVersion ?? ''} in its default mobile profile against the local Chromium, ${RUNS} runs per page, each with storage and cache cleared; the run with the median performance score is shown (performance of every run: ${results.map((page) => `${page.name} ${page.runs.join('/')}`).join('; ')}).`,
    `Machine: Lighthouse benchmark index ${results.map((page) => Math.round(page.benchmarkIndex ?? 0)).join('/')} (per page; Lighthouse calls a machine under 1,000 too slow for reliable performance scores). Total blocking time: ${results.map((page) => `${page.name} ${page.totalBlockingMs} ms`).join(', ')}. First contentful paint: ${results.map((page) => `${page.name} ${(page.firstPaintMs / 1000).toFixed(2)} s`).join(', ')}. Layout shift: ${results.map((page) => `${page.name} ${page.layoutShift}`).join(', ')}.`,
    ...results.filter((page) => page.findings).map((page) => `${page.name}, what Lighthouse still flags: ${page.findings}.`),
  ],
);
