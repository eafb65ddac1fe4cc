// `pnpm test`: lint, typecheck and build, then every test (unit, integration, browser...) in one jest
// run, with each step's and each jest project's time at the end. `pnpm test:fast` (`--fast`): lint,
// typecheck and the unit project only, for the edit-test loop. Other arguments go to jest.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FRONTENDS, root } from './stack.mjs';

const node = process.execPath;
const bin = (name) => path.join(root, 'node_modules', name);
// TypeScript 7's native compiler builds and typechecks; the 5.9 package stays only for typescript-eslint.
const tsc = bin('typescript-native/bin/tsc');
const fast = process.argv.includes('--fast');
const jestArguments = process.argv.slice(2).filter((argument) => argument !== '--fast');
/** The cores: the checks run this many at once (see LANES for jest). */
const cores = 2;
const times = [];

/** Runs one command, its output held back and printed whole when it ends (steps run side by side). */
function runQuietly({ title, command, args }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      times.push([title, seconds]);
      const ok = code === 0;
      if (!ok && output) process.stdout.write(output);
      console.log(`== ${title}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      resolve(ok);
    });
  });
}

/** Runs chains of steps, at most `cores` chains at once; a chain stops at its first failure. */
async function runChains(chains) {
  const queue = [...chains];
  let allOk = true;
  const lane = async () => {
    for (let chain = queue.shift(); chain; chain = queue.shift()) {
      for (const step of chain) {
        if (!(await runQuietly(step))) {
          allOk = false;
          break;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: cores }, lane));
  return allOk;
}

function printTimes(started) {
  console.log('\n== times');
  for (const [title, seconds] of times) console.log(`${title.padEnd(48)} ${seconds.toFixed(1).padStart(7)} s`);
  console.log(`${'total'.padEnd(48)} ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s`);
}

const started = Date.now();
console.log('== checks and build');
// The Prisma clients first: the builds and every typecheck read them.
let ok = await runQuietly({ title: 'prisma clients', command: node, args: ['scripts/prisma-generate.mjs'] });
const typecheck = (name, project) => ({ title: `typecheck ${name}`, command: node, args: [tsc, '-p', project, '--noEmit'] });
ok &&= await runChains([
  // The longest chain first, so that the two lanes end about together.
  [
    { title: 'build services and packages (tsc -b)', command: node, args: [tsc, '-b'] },
    ...(fast ? [] : [{ title: 'build front ends', command: 'pnpm', args: ['--recursive', '--filter', './frontends/*', 'build'] }]),
  ],
  [{ title: 'lint', command: node, args: [bin('eslint/bin/eslint.js'), '.', '--max-warnings=0'] }],
  [typecheck('end-to-end, fault and security tests', 'e2e/tsconfig.json')],
  ...FRONTENDS.map((frontend) => [typecheck(`frontend ${frontend}`, `frontends/${frontend}/tsconfig.json`)]),
]);
if (!ok) {
  printTimes(started);
  process.exit(1);
}

mkdirSync(path.join(root, '.tmp'), { recursive: true });

/**
 * The jest projects in two lanes side by side, each a row of jest processes run one after the other,
 * all at the same priority. A file that drives a whole stack (services, gateway, Chromium) needs about
 * a core; the in-process files (unit, integration) wait on PostgreSQL, NATS and Redis between bursts
 * of CPU, so they run two at a time, and at most three files run at once. The first lane runs the files
 * on shared stacks, then the rolling-update rehearsal (two replicas of every component under load),
 * with only one stack file beside it by then, then a few of the files that start their own stack. The
 * second lane runs the in-process files, then the other own-stack files. The split of the own-stack
 * files evens the lanes.
 * Measured on two cores: 1,385 s, against 1,808 s with one worker per lane (at most two files at
 * once; the files' own times put the former split, every stack file in one lane, at about 1,800 s).
 * Tried and dropped: a third lane of in-process files under `nice` beside two stack lanes. On a slower
 * machine it got too little CPU for its timed waits (a gateway's start, a transaction's connection, a
 * socket's acknowledgement).
 * With paths or other jest arguments, or --fast, one jest process as before.
 */
/** Own-stack files that end the first lane (the others end the second): the split that evens the lanes. */
const OWN_STACK_FILES_IN_FIRST_LANE = [
  'e2e/own-stack/elections.e2e.test.ts',
  'e2e/own-stack/decisions.e2e.test.ts',
  'e2e/own-stack/law-and-home.e2e.test.ts',
  'e2e/own-stack/rules-text.e2e.test.ts',
  'e2e/own-stack/member-pages.e2e.test.ts',
];
const LANES = [
  [
    { name: 'shared-stacks', projects: ['browser', 'security', 'fault', 'tracing'] },
    { name: 'rehearsal', projects: ['rehearsal'] },
    { name: 'own-stacks-1', projects: ['own-stack'], only: OWN_STACK_FILES_IN_FIRST_LANE },
  ],
  [
    { name: 'in-process', projects: ['unit', 'integration'], workers: 2 },
    { name: 'own-stacks-2', projects: ['own-stack'], skip: OWN_STACK_FILES_IN_FIRST_LANE },
  ],
];

/** A path as a jest path pattern (a regular expression) that matches it alone. */
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Runs one jest process; its results and project times go to files named after the run. `only`: the
 * paths it runs of its projects' files; `skip`: the paths it leaves.
 */
function runJest({ name, projects, workers = 1, only = [], skip = [] }) {
  const results = path.join(root, '.tmp', name ? `jest-results-${name}.json` : 'jest-results.json');
  const projectTimes = path.join(root, '.tmp', name ? `jest-project-times-${name}.json` : 'jest-project-times.json');
  const child = spawn(
    node,
    [
      '--experimental-vm-modules',
      bin('jest/bin/jest.js'),
      `--maxWorkers=${workers}`,
      // Also keeps the files in a worker process when there is one worker (jest would run them in its
      // own process, where a handle a test leaves open keeps the run from ending), and renews a worker
      // that a long lane has grown.
      '--workerIdleMemoryLimit=2GB',
      '--json',
      `--outputFile=${results}`,
      ...(projects ? ['--selectProjects', ...projects] : []),
      ...(skip.length > 0 ? ['--testPathIgnorePatterns', ...skip.map(escapeRegExp)] : []),
      ...jestArguments,
      '--reporters=default',
      `--reporters=${path.join(root, 'scripts/jest-project-times.mjs')}`,
      // Last: jest reads the values that follow an option as that option's.
      ...(only.length > 0 ? ['--', ...only.map(escapeRegExp)] : []),
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, JEST_PROJECT_TIMES_FILE: projectTimes } },
  );
  return new Promise((resolve) => child.on('close', (code) => resolve({ ok: code === 0, results, projectTimes })));
}

console.log('\n== tests');
const testsStarted = Date.now();
/** The lanes side by side; each lane's jest processes one after the other. */
async function runLanes() {
  const lanes = await Promise.all(
    LANES.map(async (lane) => {
      const runs = [];
      for (const run of lane) runs.push(await runJest(run));
      return runs;
    }),
  );
  return lanes.flat();
}
const runs = fast || jestArguments.length > 0 ? [await runJest({ projects: fast ? ['unit'] : undefined, workers: cores })] : await runLanes();
const testsOk = runs.every((run) => run.ok);
times.push(['tests', (Date.now() - testsStarted) / 1000]);
for (const run of runs) {
  try {
    for (const { project, seconds, files, fileSeconds } of JSON.parse(readFileSync(run.projectTimes, 'utf8'))) {
      times.push([`  jest ${project}: ${files} files, ${fileSeconds.toFixed(0)} s of files`, seconds]);
    }
  } catch {
    // jest ended before its reporter wrote: the summary below says so.
  }
}
printTimes(started);
let passed = 0;
const failed = [];
for (const run of runs) {
  try {
    const summary = JSON.parse(readFileSync(run.results, 'utf8'));
    passed += summary.numPassedTests;
    for (const file of summary.testResults) {
      for (const test of file.assertionResults) if (test.status === 'failed') failed.push(`${path.relative(root, file.name)}: ${test.fullName}`);
      if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')) failed.push(`${path.relative(root, file.name)}: ${file.message.split('\n')[0]}`);
    }
  } catch {
    failed.push(`a jest process (${path.relative(root, run.results)}) wrote no results`);
  }
}
console.log(`\n${passed} passed, ${failed.length} failed`);
for (const line of failed) console.log(`  failed: ${line}`);
process.exit(testsOk ? 0 : 1);
