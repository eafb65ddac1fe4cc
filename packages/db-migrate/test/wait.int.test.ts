// The pods' init container (`db-migrate wait <service>`) against a real PostgreSQL: it holds until
// the migration Job has applied every migration of the image, and tolerates a schema that does not
// exist yet.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { applyMigrations, waitForDatabase, waitForMigrations } from '@civic/db-migrate';

const SERVER_URL = process.env['DATABASE_URL'] || 'postgresql://postgres@127.0.0.1:5432/postgres';
const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/cli.js');

const unique = () => randomBytes(4).toString('hex');
const databaseName = process.env['CIVIC_TEST_RUN'] ? `t_${process.env['CIVIC_TEST_RUN']}_wait_${unique()}` : `wait_${unique()}`;
const databaseUrl = (() => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let rootDir: string;
const migrationsDir = (service: string) => path.join(rootDir, 'services', service, 'prisma', 'migrations');

async function writeMigrations(service: string, names: string[]): Promise<void> {
  for (const name of names) {
    await mkdir(path.join(migrationsDir(service), name), { recursive: true });
    await writeFile(path.join(migrationsDir(service), name, 'migration.sql'), `CREATE TABLE "${name.slice(15)}" (id int);\n`);
  }
}

/** Runs the built CLI in the fake repository; resolves with its exit code and output. */
function runCli(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: rootDir, env: { ...process.env, DATABASE_URL: databaseUrl } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

beforeAll(async () => {
  await onServer(`CREATE DATABASE "${databaseName}"`);
  rootDir = await mkdtemp(path.join(tmpdir(), 'db-migrate-wait-'));
  await writeFile(path.join(rootDir, 'pnpm-workspace.yaml'), 'packages: []\n');
  await writeMigrations('alpha', ['20260101000000_first', '20260102000000_second']);
  await writeMigrations('beta', ['20260101000000_only']);
});

afterAll(async () => {
  await onServer(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await rm(rootDir, { recursive: true, force: true });
});

describe('waitForMigrations', () => {
  test('waits while the schema does not exist, then returns once the migrations are applied', async () => {
    const lines: string[] = [];
    let firstLine: () => void = () => {};
    const logged = new Promise<void>((resolve) => (firstLine = resolve));
    let settled = false;

    const waiting = waitForMigrations({
      databaseUrl,
      schema: 'alpha',
      migrationsDir: migrationsDir('alpha'),
      intervalMs: 50,
      log: (line) => {
        lines.push(line);
        firstLine();
      },
    }).finally(() => (settled = true));
    await logged;

    expect(settled).toBe(false);
    expect(lines[0]).toMatch(/^alpha: waiting for the database and schema: .*_prisma_migrations/);
    await applyMigrations({ databaseUrl, schema: 'alpha', migrationsDir: migrationsDir('alpha') });
    await waiting;
    expect(lines.at(-1)).toBe('alpha: schema ready (2 migration(s) applied)');
  });

  test('names the migrations still pending and gives up after its timeout', async () => {
    await writeMigrations('alpha', ['20260103000000_third']);

    await expect(
      waitForMigrations({ databaseUrl, schema: 'alpha', migrationsDir: migrationsDir('alpha'), timeoutMs: 100, intervalMs: 50, log: () => {} }),
    ).rejects.toThrow('alpha: waiting for 1 of 3 migration(s) to be applied (the migration Job applies them): 20260103000000_third');
  });

  test('accepts a schema that is ahead of the image (a rolled-back release)', async () => {
    const olderImage = path.join(rootDir, 'older-alpha');
    await mkdir(path.join(olderImage, '20260101000000_first'), { recursive: true });
    await writeFile(path.join(olderImage, '20260101000000_first', 'migration.sql'), 'SELECT 1;\n');

    await expect(waitForMigrations({ databaseUrl, schema: 'alpha', migrationsDir: olderImage, log: () => {} })).resolves.toEqual({ checks: 1 });
  });

  test('stops at once on an error that waiting cannot fix', async () => {
    const wrongPassword = new URL(databaseUrl);
    wrongPassword.username = `nobody_${unique()}`;

    await expect(
      waitForMigrations({ databaseUrl: wrongPassword.toString(), schema: 'alpha', migrationsDir: migrationsDir('alpha'), timeoutMs: 60_000, log: () => {} }),
    ).rejects.toThrow(/nobody_/);
  });
});

describe('waitForDatabase', () => {
  test('returns when the database answers, and gives up on one that never does', async () => {
    await expect(waitForDatabase({ databaseUrl, timeoutMs: 1000 })).resolves.toBeUndefined();
    const closedPort = new URL(databaseUrl);
    closedPort.port = '1';
    const lines: string[] = [];

    await expect(waitForDatabase({ databaseUrl: closedPort.toString(), timeoutMs: 100, intervalMs: 50, log: (line) => lines.push(line) })).rejects.toThrow(
      /ECONNREFUSED/,
    );
    expect(lines).toEqual([expect.stringMatching(/^waiting for the database: .*ECONNREFUSED/)]);
  });
});

describe('db-migrate wait (the built CLI, as the init container runs it)', () => {
  test('exits 1 naming the pending migration after --timeout, and 0 once applied', async () => {
    const pending = await runCli(['wait', 'beta', '--timeout', '0.2']);
    expect(pending.code).toBe(1);
    expect(pending.output).toContain('beta: waiting for the database and schema');

    const applied = await runCli(['apply', 'beta', '--wait-for-database', '5']);
    expect(applied.output).toContain('beta: applied 1 migration(s): 20260101000000_only');
    const ready = await runCli(['wait', 'beta']);
    expect(ready).toEqual({ code: 0, output: 'beta: schema ready (1 migration(s) applied)\n' });
  });
});
