// `pnpm bench`: builds what is needed, runs every benchmark one after the other (each starts the
// services it measures, with a database and NATS prefix of its own), prints their figures and
// writes them as Markdown to docs/benchmarks.md with the machine's cores and memory.
// One benchmark: `node bench/run-all.mjs <name>` (a file name of bench/ without .mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWhatIsNeeded } from '../scripts/stack.mjs';
import { root, usedColumns } from './lib/bench.mjs';

/** In the order they run; each must finish within its budget. */
const BENCHMARKS = [
  { file: 'gateway-overhead', budgetS: 60 },
  { file: 'identity-login', budgetS: 120 },
  { file: 'signing-key-rotation', budgetS: 180 },
  { file: 'event-delay', budgetS: 60 },
  { file: 'chat-fanout', budgetS: 180 },
  { file: 'co-editing', budgetS: 150 },
  { file: 'notifications-list', budgetS: 240 },
  { file: 'notifications-broadcast', budgetS: 300 },
  { file: 'decisions-votes', budgetS: 120 },
  { file: 'decisions-votes-tracing', budgetS: 120 },
  { file: 'final-vote-tally', budgetS: 120 },
  { file: 'shell-first-load', budgetS: 240 },
  { file: 'lighthouse', budgetS: 360 },
  { file: 'open-pages', budgetS: 560 },
  { file: 'final-vote-evening', budgetS: 240 },
  { file: 'full-size-data', budgetS: 300 },
  { file: 'similar-search', budgetS: 180 },
];

/** `pnpm bench` as a whole must stay within this. */
const SUITE_BUDGET_S = 15 * 60;
/** docs/benchmarks.md: the generated part above this line, the hand-written part from it on. */
const HAND_WRITTEN = '<!-- Written by hand below this line: pnpm bench keeps it. -->';

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

/** CPU time of the whole machine from /proc/stat: busy and total jiffies. */
function cpuTimes() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = fields[3] + fields[4];
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/** The machine over one second: the share of its CPU in use, and the 1-minute load average. */
async function machineLoad() {
  const from = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const to = cpuTimes();
  return { busyPercent: (100 * (to.busy - from.busy)) / Math.max(1, to.total - from.total), loadAverage: os.loadavg()[0] };
}

/** Waits (up to 20 s) until what the previous benchmark left running has settled, so runs do not overlap. */
async function quietMachine() {
  let load = await machineLoad();
  for (let waited = 1; load.busyPercent > 20 && waited < 20; waited++) load = await machineLoad();
  return load;
}

const readResults = () =>
  existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line)) : [];

const outcomes = [];
/** For each benchmark file: the machine before and after it, and how many result tables it wrote. */
const machine = [];
const suiteStarted = Date.now();
for (const bench of selected) {
  const before = await quietMachine();
  const tablesBefore = readResults().length;
  const started = Date.now();
  const run = spawnSync(process.execPath, [path.join(root, 'bench', `${bench.file}.mjs`)], {
    cwd: path.join(root, 'bench'),
    stdio: 'inherit',
    timeout: bench.budgetS * 1000,
    env: { ...process.env, BENCH_RESULTS: resultsFile, BENCH_DURATION_MS: process.env.BENCH_DURATION_MS ?? '4000' },
  });
  const seconds = (Date.now() - started) / 1000;
  const after = await machineLoad();
  const ok = run.status === 0;
  outcomes.push({ file: bench.file, ok, seconds, why: run.error ? run.error.message : ok ? '' : `exit ${run.status ?? run.signal}` });
  machine.push({ file: bench.file, before, after, seconds, tables: readResults().length - tablesBefore });
  console.log(
    `== ${bench.file}: ${ok ? 'done' : 'FAILED'} in ${seconds.toFixed(1)} s; machine before ${before.busyPercent.toFixed(0)} % CPU (load ${before.loadAverage.toFixed(2)}), ` +
      `after ${after.busyPercent.toFixed(0)} % CPU (load ${after.loadAverage.toFixed(2)})`,
  );
}

const results = readResults();

const machineLine = (entry) =>
  `- Machine: ${entry.before.busyPercent.toFixed(0)} % CPU busy (1-minute load ${entry.before.loadAverage.toFixed(2)}) in the second before \`${entry.file}\`, ` +
  `${entry.after.busyPercent.toFixed(0)} % (load ${entry.after.loadAverage.toFixed(2)}) in the second after; it ran ${entry.seconds.toFixed(0)} s.`;

const targets = results.flatMap((result) => result.rows.filter((row) => row.target).map((row) => ({ benchmark: result.benchmark, row })));
const lines = [
  '# Benchmarks',
  '',
  `Measured by \`pnpm bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ` +
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB of memory, Node ${process.version}. Every ratio compares with a baseline measured in the same run; ` +
    'each benchmark starts once the machine is quiet, and its table ends with the machine\'s load before and after it.',
  '',
  '## Targets',
  '',
  '| benchmark | measure | target | result |',
  '| --- | --- | --- | --- |',
  ...targets.map(({ benchmark, row }) => `| ${benchmark} | ${row.name} | ${row.target} | ${row.met ? 'met' : '**missed**'} |`),
  '',
];
let table = 0;
for (const entry of machine) {
  const own = results.slice(table, table + entry.tables);
  table += entry.tables;
  own.forEach((result, index) => {
    const columns = usedColumns(result.rows);
    lines.push(
      `## ${result.benchmark}`,
      '',
      `| measure | ${columns.map((column) => column.header).join(' | ')} |`,
      `| --- | ${columns.map((column) => (column.align === 'right' ? '---:' : '---')).join(' | ')} |`,
      ...result.rows.map((row) => `| ${row.name} | ${columns.map((column) => column.cell(row)).join(' | ')} |`),
    );
    const notes = [...(result.notes ?? []).map((note) => `- ${note}`), ...(index === own.length - 1 ? [machineLine(entry)] : [])];
    if (notes.length) lines.push('', ...notes);
    lines.push('');
  });
}
const failed = outcomes.filter((outcome) => !outcome.ok);
if (failed.length) lines.push('## Did not finish', '', ...failed.map((outcome) => `- ${outcome.file}: ${outcome.why} after ${outcome.seconds.toFixed(0)} s`), '');
const suiteSeconds = (Date.now() - suiteStarted) / 1000;
lines.push(`Whole suite: ${suiteSeconds.toFixed(0)} s (budget ${SUITE_BUDGET_S / 60} minutes: ${suiteSeconds <= SUITE_BUDGET_S ? 'met' : '**missed**'}).`, '');

if (only.length > 0) {
  // A subset leaves docs/benchmarks.md alone; its report is there to read.
  writeFileSync(path.join(root, '.tmp', 'bench-report.md'), `${lines.join('\n')}\n`);
  console.log('\nWrote .tmp/bench-report.md');
} else {
  const file = path.join(root, 'docs', 'benchmarks.md');
  // What people wrote under the marker (comparisons across sessions, profiles) survives a new run.
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const kept = previous.includes(HAND_WRITTEN) ? previous.slice(previous.indexOf(HAND_WRITTEN)) : `${HAND_WRITTEN}\n`;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${lines.join('\n')}\n${kept}`);
  console.log('\nWrote docs/benchmarks.md');
}
process.exit(failed.length ? 1 : 0);
