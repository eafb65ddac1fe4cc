// `pnpm test`: lint, typecheck and build, then every test (unit, integration, browser...) in one jest
// run, with each step's and each jest project's time at the end. `pnpm test:fast` (`--fast`): lint,
// typecheck and the unit project only, for the edit-test loop. Other arguments go to jest.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FRONTENDS, root } from './stack.mjs';

const node = process.execPath;
const bin = (name) => path.join(root, 'node_modules', name);
const tsc = bin('typescript/bin/tsc');
const fast = process.argv.includes('--fast');
const jestArguments = process.argv.slice(2).filter((argument) => argument !== '--fast');
/** The cores the checks may use at once; jest later uses the same number of workers. */
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
const results = path.join(root, '.tmp', 'jest-results.json');
console.log('\n== tests');
const testsStarted = Date.now();
const jest = spawn(
  node,
  [
    '--experimental-vm-modules',
    bin('jest/bin/jest.js'),
    `--maxWorkers=${cores}`,
    '--json',
    `--outputFile=${results}`,
    ...(fast ? ['--selectProjects', 'unit'] : []),
    ...jestArguments,
    // Last: --reporters takes every value that follows it.
    '--reporters=default',
    `--reporters=${path.join(root, 'scripts/jest-project-times.mjs')}`,
  ],
  { cwd: root, stdio: 'inherit' },
);
const testsOk = await new Promise((resolve) => jest.on('close', (code) => resolve(code === 0)));
times.push(['tests', (Date.now() - testsStarted) / 1000]);
try {
  const projectTimes = JSON.parse(readFileSync(path.join(root, '.tmp', 'jest-project-times.json'), 'utf8'));
  for (const { project, seconds, files, fileSeconds } of projectTimes) {
    times.push([`  jest ${project}: ${files} files, ${fileSeconds.toFixed(0)} s of files`, seconds]);
  }
} catch {
  // jest ended before its reporter wrote: the summary below says so.
}
printTimes(started);
try {
  const summary = JSON.parse(readFileSync(results, 'utf8'));
  console.log(`\n${summary.numPassedTests} passed, ${summary.numFailedTests} failed`);
} catch {
  console.log('\n0 passed, 1 failed');
}
process.exit(testsOk ? 0 : 1);
