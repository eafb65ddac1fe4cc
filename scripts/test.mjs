// `pnpm test`: lint, typecheck and build, then every test (unit, integration, browser) in one jest run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FRONTENDS, buildWhatIsNeeded, root } from './stack.mjs';

function step(title, command, args) {
  console.log(`\n== ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  console.log(`== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

const node = process.execPath;
const bin = (name) => path.join(root, 'node_modules', name);

if (!step('lint', node, [bin('eslint/bin/eslint.js'), '.', '--max-warnings=0'])) process.exit(1);
console.log('\n== typecheck and build');
try {
  buildWhatIsNeeded();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
for (const frontend of FRONTENDS) {
  if (!step(`typecheck frontend ${frontend}`, node, [bin('typescript/bin/tsc'), '-p', `frontends/${frontend}/tsconfig.json`, '--noEmit'])) process.exit(1);
}
if (!step('typecheck end-to-end, fault and security tests', node, [bin('typescript/bin/tsc'), '-p', 'e2e/tsconfig.json'])) process.exit(1);

mkdirSync(path.join(root, '.tmp'), { recursive: true });
const results = path.join(root, '.tmp', 'jest-results.json');
const ok = step('tests', node, [
  '--experimental-vm-modules',
  bin('jest/bin/jest.js'),
  '--maxWorkers=2',
  '--json',
  `--outputFile=${results}`,
  ...process.argv.slice(2),
]);
try {
  const summary = JSON.parse(readFileSync(results, 'utf8'));
  console.log(`\n${summary.numPassedTests} passed, ${summary.numFailedTests} failed`);
} catch {
  console.log('\n0 passed, 1 failed');
}
process.exit(ok ? 0 : 1);
