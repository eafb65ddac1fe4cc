// `pnpm start`: the whole product on this machine, stopped cleanly with Ctrl-C; data kept in .data/.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseReplicas, root, startStack } from './stack.mjs';

// `pnpm start -- --replicas chat=3,decisions=2`: several processes of a component behind a balancer.
let replicas;
try {
  const { values } = parseArgs({ args: process.argv.slice(2).filter((arg) => arg !== '--'), options: { replicas: { type: 'string' } } });
  replicas = values.replicas === undefined ? {} : parseReplicas(values.replicas);
} catch (error) {
  console.error(`${error.message}\nUsage: pnpm start [-- --replicas chat=3,decisions=2]`);
  process.exit(2);
}

// DATA_DIR: another folder than .data/ (a second stack beside the first, a test's own).
const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.join(root, '.data');

/**
 * `<data folder>/start.pid` says which start uses the folder and whether it is stopping. On Ctrl-C,
 * pnpm gives the prompt back at once while this script still stops the stack (its PostgreSQL last):
 * a start typed right then waits for that one instead of meeting its ports and lock files.
 */
const pidFile = path.join(dataDir, 'start.pid');
const writeState = (state) => writeFileSync(pidFile, `${process.pid} ${state}\n`);

/** The other start named by the pid file, when it is still alive: { pid, state }. */
function previousStart() {
  if (!existsSync(pidFile)) return null;
  const [pidText, state] = readFileSync(pidFile, 'utf8').trim().split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  // A PID reused by an unrelated process since (after a reboot) is not a previous start.
  const cmdline = `/proc/${pid}/cmdline`;
  if (existsSync('/proc/self') && !(existsSync(cmdline) && readFileSync(cmdline, 'utf8').includes('start.mjs'))) return null;
  return { pid, state };
}

async function waitForPreviousStart() {
  let previous = previousStart();
  if (!previous) return;
  if (previous.state !== 'stopping') {
    console.error(`pnpm start already runs with ${path.relative(process.cwd(), dataDir) || dataDir}/ (PID ${previous.pid}): stop it with Ctrl-C first, or start this one with DATA_DIR=<another folder> and other ports (README).`);
    process.exit(1);
  }
  console.log(`Waiting for the previous pnpm start (PID ${previous.pid}) to finish stopping...`);
  const deadline = Date.now() + 90_000;
  while ((previous = previousStart())) {
    if (Date.now() > deadline) {
      console.error(`The previous pnpm start (PID ${previous.pid}) is still stopping after 90 s: stop it (kill ${previous.pid}), then start again.`);
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let stack;
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  writeState('stopping');
  console.log('\nStopping...');
  await stack?.stop();
  console.log('Stopped.');
  process.exit(code);
}

await waitForPreviousStart();
mkdirSync(dataDir, { recursive: true });
writeState('running');
process.once('exit', () => {
  // Only this start's own file: a start waiting for this one may already have written its own.
  if (existsSync(pidFile) && readFileSync(pidFile, 'utf8').startsWith(`${process.pid} `)) rmSync(pidFile, { force: true });
});
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  // SKIP_BUILD=1: already built (the tests).
  stack = await startStack({ echo: process.env.ECHO_LOGS === '1', replicas, dataDir, build: process.env.SKIP_BUILD !== '1' });
} catch (error) {
  console.error(`\nCould not start: ${error.message}`);
  process.exit(1);
}

stack.onUnexpectedExit((name, code) => {
  if (stopping) return;
  console.error(`${name} stopped unexpectedly (code ${code}); logs are in ${stack.logDir}. Stopping the rest.`);
  void shutdown(1);
});

console.log(`
The citizen legislative platform is running:
  ${stack.url}
  readiness:   ${stack.url}/readyz
  replicas:    ${Object.values(stack.deployments).map((d) => `${d.name} ${d.pods().length}`).join(', ')}
  logs:        ${path.relative(process.cwd(), stack.logDir) || '.'}/ (ECHO_LOGS=1 pnpm start prints them here)${stack.localRedis ? `\n  redis:       ${stack.redisUrl} (started here: chat runs several replicas)` : ''}${stack.mailViewer ? `\n  mail:        ${stack.mailViewer} (messages the platform sends)` : ''}
Press Ctrl-C to stop.`);
