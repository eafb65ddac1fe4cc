// `pnpm bench`: builds what is needed, runs every benchmark one after the other (each starts the
// services it measures, with a database and NATS prefix of its own), prints their figures and
// writes them as Markdown to docs/benchmarks.md with the machine's cores and memory.
// One benchmark: `node bench/run-all.mjs <name>` (a file name of bench/ without .mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWhatIsNeeded } from '../scripts/stack.mjs';
import { root } from './lib/bench.mjs';

/** In the order they run; each must finish within its budget. */
const BENCHMARKS = [
  { file: 'gateway-overhead', budgetS: 60 },
  { file: 'identity-login', budgetS: 120 },
  { file: 'event-delay', budgetS: 60 },
  { file: 'chat-fanout', budgetS: 180 },
  { file: 'notifications-list', budgetS: 240 },
  { file: 'decisions-votes', budgetS: 120 },
  { file: 'decisions-votes-tracing', budgetS: 120 },
  { file: 'final-vote-tally', budgetS: 120 },
  { file: 'shell-first-load', budgetS: 240 },
];

const only = process.argv.slice(2);
const selected = only.length ? BENCHMARKS.filter((bench) => only.includes(bench.file)) : BENCHMARKS;
if (selected.length === 0) {
  console.error(`No benchmark named ${only.join(', ')}; known: ${BENCHMARKS.map((bench) => bench.file).join(', ')}`);
  process.exit(2);
}

try {
  buildWhatIsNeeded();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

mkdirSync(path.join(root, '.tmp'), { recursive: true });
const resultsFile = path.join(root, '.tmp', 'bench-results.jsonl');
rmSync(resultsFile, { force: true });

const outcomes = [];
const suiteStarted = Date.now();
for (const bench of selected) {
  const started = Date.now();
  const run = spawnSync(process.execPath, [path.join(root, 'bench', `${bench.file}.mjs`)], {
    cwd: path.join(root, 'bench'),
    stdio: 'inherit',
    timeout: bench.budgetS * 1000,
    env: { ...process.env, BENCH_RESULTS: resultsFile, BENCH_DURATION_MS: process.env.BENCH_DURATION_MS ?? '4000' },
  });
  const seconds = (Date.now() - started) / 1000;
  const ok = run.status === 0;
  outcomes.push({ file: bench.file, ok, seconds, why: run.error ? run.error.message : ok ? '' : `exit ${run.status ?? run.signal}` });
  console.log(`== ${bench.file}: ${ok ? 'done' : 'FAILED'} in ${seconds.toFixed(1)} s`);
}

const results = existsSync(resultsFile)
  ? readFileSync(resultsFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line))
  : [];

const cell = (value, format) => (value === undefined || value === null || Number.isNaN(value) ? '' : format(value));
const lines = [
  '# Benchmarks',
  '',
  `Measured by \`pnpm bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ` +
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB of memory, Node ${process.version}. Every ratio compares with a baseline measured in the same run.`,
  '',
];
for (const result of results) {
  lines.push(`## ${result.benchmark}`, '', '| measure | per second | p50 | p99 | peak memory | ratio to baseline | target |', '| --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const row of result.rows) {
    lines.push(
      `| ${row.name} | ${cell(row.perSecond, (v) => v.toFixed(0))} | ${cell(row.p50, (v) => `${v.toFixed(2)} ms`)} | ${cell(row.p99, (v) => `${v.toFixed(2)} ms`)} | ` +
        `${cell(row.peakRss, (v) => `${(v / 1048576).toFixed(0)} MiB`)} | ${cell(row.ratio, (v) => `${v.toFixed(2)}x`)} | ` +
        `${row.target ? `${row.target}: ${row.met ? 'met' : '**missed**'}` : ''} |`,
    );
  }
  if (result.notes?.length) lines.push('', ...result.notes.map((note) => `- ${note}`));
  lines.push('');
}
const failed = outcomes.filter((outcome) => !outcome.ok);
if (failed.length) lines.push('## Did not finish', '', ...failed.map((outcome) => `- ${outcome.file}: ${outcome.why} after ${outcome.seconds.toFixed(0)} s`), '');
lines.push(`Whole suite: ${((Date.now() - suiteStarted) / 1000).toFixed(0)} s.`, '');

if (only.length === 0) {
  mkdirSync(path.join(root, 'docs'), { recursive: true });
  writeFileSync(path.join(root, 'docs', 'benchmarks.md'), lines.join('\n'));
  console.log('\nWrote docs/benchmarks.md');
}
process.exit(failed.length ? 1 : 0);
