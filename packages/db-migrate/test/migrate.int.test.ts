import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { applyAllServiceMigrations, applyMigrations, createMigration, resolveFailedMigration } from '@civic/db-migrate';

const SERVER_URL = process.env['DATABASE_URL'] || 'postgresql://postgres@127.0.0.1:5432/postgres';
const SCHEMA = 'alpha';

const MEMBER_MODEL = `
generator client {
  provider = "prisma-client"
  output   = "../src/generated/prisma"
}

datasource db {
  provider = "postgresql"
}

model Member {
  id   Int    @id @default(autoincrement())
  name String
}
`;
const MEMBER_WITH_EMAIL = MEMBER_MODEL.replace('name String', 'name  String\n  email String? @unique');

function unique(): string {
  return randomBytes(4).toString('hex');
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// Prefixed with the test run's id when there is one, so the run's teardown also removes it after a crash.
const databaseName = process.env['CIVIC_TEST_RUN'] ? `t_${process.env['CIVIC_TEST_RUN']}_mig_${unique()}` : `mig_${unique()}`;
const databaseUrl = withDatabase(SERVER_URL, databaseName);
let workDir: string;
let schemaPath: string;
let migrationsDir: string;
const created: string[] = [];
let brokenMigration = '';

async function tablesBySchema(): Promise<Array<{ schema: string; table: string }>> {
  return onServer(databaseUrl, async (client) => {
    const { rows } = await client.query<{ schema: string; table: string }>(
      `SELECT table_schema AS schema, table_name AS table FROM information_schema.tables
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    );
    return rows;
  });
}

async function history(schema: string): Promise<Array<{ name: string; finished: boolean }>> {
  return onServer(databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string; finished: boolean }>(
      `SELECT migration_name AS name, finished_at IS NOT NULL AS finished FROM "${schema}"._prisma_migrations ORDER BY started_at`,
    );
    return rows;
  });
}

async function shadowDatabases(): Promise<string[]> {
  return onServer(SERVER_URL, async (client) => {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'mig\\_shadow\\_%'");
    return rows.map((row) => row.datname);
  });
}

async function writeHandMigration(name: string, sql: string): Promise<string> {
  const directory = `${new Date().toISOString().replace(/[-:T]/g, '').slice(0, 8)}999999_${name}`;
  await mkdir(path.join(migrationsDir, directory), { recursive: true });
  await writeFile(path.join(migrationsDir, directory, 'migration.sql'), sql);
  return directory;
}

beforeAll(async () => {
  await onServer(SERVER_URL, (client) => client.query(`CREATE DATABASE "${databaseName}"`));
  workDir = await mkdtemp(path.join(tmpdir(), 'db-migrate-'));
  schemaPath = path.join(workDir, 'prisma', 'schema.prisma');
  migrationsDir = path.join(workDir, 'prisma', 'migrations');
  await mkdir(path.dirname(schemaPath), { recursive: true });
  await writeFile(schemaPath, MEMBER_MODEL);
});

afterAll(async () => {
  await onServer(SERVER_URL, (client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
  await rm(workDir, { recursive: true, force: true });
});

describe('createMigration and applyMigrations', () => {
  test('creates the first migration from a fresh schema.prisma', async () => {
    const result = await createMigration({ databaseUrl, schema: SCHEMA, schemaPath, migrationsDir, name: 'init' });

    expect(result.created).toMatch(/^\d{14}_init$/);
    created.push(result.created!);
    const sql = await readFile(path.join(migrationsDir, result.created!, 'migration.sql'), 'utf8');
    expect(sql).toContain('CREATE TABLE "Member"');
    // Unqualified: the schema comes from the connection, so the same file serves every environment.
    expect(sql).not.toContain(SCHEMA);
    expect(await readFile(path.join(migrationsDir, 'migration_lock.toml'), 'utf8')).toContain('provider = "postgresql"');
    expect(await shadowDatabases()).toEqual([]);
  });

  test('applies it into the service schema, tables and history, nothing in public', async () => {
    const result = await applyMigrations({ databaseUrl, schema: SCHEMA, migrationsDir });

    expect(result.applied).toEqual(created);
    const tables = await tablesBySchema();
    expect(tables).toEqual([
      { schema: SCHEMA, table: 'Member' },
      { schema: SCHEMA, table: '_prisma_migrations' },
    ]);
    expect(await history(SCHEMA)).toEqual([{ name: created[0], finished: true }]);
  });

  test('applying again is a no-op', async () => {
    const result = await applyMigrations({ databaseUrl, schema: SCHEMA, migrationsDir });

    expect(result.applied).toEqual([]);
    expect(await history(SCHEMA)).toHaveLength(1);
  });

  test('a schema change produces a second migration holding only the change', async () => {
    await writeFile(schemaPath, MEMBER_WITH_EMAIL);

    const result = await createMigration({ databaseUrl, schema: SCHEMA, schemaPath, migrationsDir, name: 'Add member email' });

    expect(result.created).toMatch(/^\d{14}_add_member_email$/);
    expect(result.created! > created[0]!).toBe(true);
    created.push(result.created!);
    const sql = await readFile(path.join(migrationsDir, result.created!, 'migration.sql'), 'utf8');
    expect(sql).toContain('ALTER TABLE "Member" ADD COLUMN');
    expect(sql).toContain('"email" TEXT');
    expect(sql).toContain('CREATE UNIQUE INDEX "Member_email_key"');
    expect(sql).not.toContain('CREATE TABLE');
    expect(await applyMigrations({ databaseUrl, schema: SCHEMA, migrationsDir })).toEqual({ applied: [created[1]] });
  });

  test('no change produces no migration', async () => {
    const result = await createMigration({ databaseUrl, schema: SCHEMA, schemaPath, migrationsDir, name: 'nothing' });

    expect(result.created).toBeNull();
    expect((await readdir(migrationsDir)).sort()).toEqual([...created, 'migration_lock.toml'].sort());
    expect(await shadowDatabases()).toEqual([]);
  });

  test('two concurrent calls apply each migration exactly once', async () => {
    const schema = 'beta';

    const results = await Promise.all([
      applyMigrations({ databaseUrl, schema, migrationsDir }),
      applyMigrations({ databaseUrl, schema, migrationsDir }),
    ]);

    expect(results.flatMap((result) => result.applied).sort()).toEqual(created);
    expect(await history(schema)).toEqual(created.map((name) => ({ name, finished: true })));
  });

  test('hand-written SQL with semicolons inside function bodies and strings applies as written', async () => {
    const directory = await writeHandMigration(
      'touch_function',
      `CREATE FUNCTION touch_note() RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1;
  RETURN 'a; b';
END;
$$;
COMMENT ON TABLE "Member" IS 'people; who take part';
`,
    );
    created.push(directory);

    expect(await applyMigrations({ databaseUrl, schema: SCHEMA, migrationsDir })).toEqual({ applied: [directory] });
    const note = await onServer(databaseUrl, (client) => client.query<{ note: string }>(`SELECT ${SCHEMA}.touch_note() AS note`));
    expect(note.rows[0]?.note).toBe('a; b');
  });

  test('a failing migration is named in the error, is rolled back, and earlier ones stay applied', async () => {
    const broken = await writeHandMigration('zz_broken', 'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;\n');

    const failure = applyMigrations({ databaseUrl, schema: SCHEMA, migrationsDir });

    await expect(failure).rejects.toThrow(broken);
    await expect(failure).rejects.toThrow(/no_such_table/);
    const finished = (await history(SCHEMA)).filter((row) => row.finished).map((row) => row.name);
    expect(finished).toEqual(created);
    expect((await tablesBySchema()).map((row) => row.table)).not.toContain('half_done');
    brokenMigration = broken;
  });

  test('once fixed and resolved, the failed migration applies', async () => {
    await writeFile(path.join(migrationsDir, brokenMigration, 'migration.sql'), 'CREATE TABLE half_done (id int);\n');
    await expect(applyMigrations({ databaseUrl, schema: SCHEMA, migrationsDir })).rejects.toThrow(/failed migrations/);

    await resolveFailedMigration({ databaseUrl, schema: SCHEMA, migrationName: brokenMigration });

    expect(await applyMigrations({ databaseUrl, schema: SCHEMA, migrationsDir })).toEqual({ applied: [brokenMigration] });
    expect(await tablesBySchema()).toContainEqual({ schema: SCHEMA, table: 'half_done' });
  });
});

describe('applyAllServiceMigrations', () => {
  test('applies each service folder into the schema named after it and reports one line per service', async () => {
    const rootDir = path.join(workDir, 'repo');
    const serviceDir = path.join(rootDir, 'services', 'gamma', 'prisma', 'migrations', created[0]!);
    await mkdir(serviceDir, { recursive: true });
    await writeFile(path.join(serviceDir, 'migration.sql'), await readFile(path.join(migrationsDir, created[0]!, 'migration.sql')));
    await mkdir(path.join(rootDir, 'services', 'gateway', 'src'), { recursive: true });
    const lines: string[] = [];

    const first = await applyAllServiceMigrations({ databaseUrl, rootDir, log: (line) => lines.push(line) });
    const second = await applyAllServiceMigrations({ databaseUrl, rootDir, services: ['gamma'], log: (line) => lines.push(line) });

    expect(first).toEqual({ gamma: [created[0]] });
    expect(second).toEqual({ gamma: [] });
    expect(lines).toEqual([`gamma: applied 1 migration(s): ${created[0]}`, 'gamma: up to date']);
    expect(await tablesBySchema()).toContainEqual({ schema: 'gamma', table: 'Member' });
    await expect(applyAllServiceMigrations({ databaseUrl, rootDir, services: ['gateway'], log: () => {} })).rejects.toThrow(
      /No migrations folder for gateway/,
    );
  });
});
