import { readFile } from 'node:fs/promises';
import path from 'node:path';

import pg from 'pg';

import { loadMigrationList, normalizeMigrationName, writeMigration } from './migrations-folder.js';
import { assertSchemaName, queryRows, runStatement, ServiceDatabase } from './service-database.js';
import { startSchemaEngine, whileEngineWorks, type SchemaEngine } from './wasm-engine.js';

export interface ApplyMigrationsOptions {
  databaseUrl: string;
  /** The PostgreSQL schema that receives the tables and the `_prisma_migrations` history. */
  schema: string;
  /** A Prisma migrations folder: `<timestamp>_<name>/migration.sql` and `migration_lock.toml`. */
  migrationsDir: string;
}

export interface ResolveOptions {
  databaseUrl: string;
  schema: string;
  migrationName: string;
}

export interface CreateMigrationOptions extends ApplyMigrationsOptions {
  /** The schema.prisma the migrations folder must catch up with. */
  schemaPath: string;
  name: string;
}

// We manage no externally owned tables or enums.
const NO_FILTERS = { externalTables: [], externalEnums: [] };

// Advisory lock keys: a fixed namespace for this tool, then the schema, so services migrate in parallel.
const LOCK_SQL = "SELECT pg_advisory_lock(hashtext('civic-db-migrate'), hashtext($1))";
const UNLOCK_SQL = "SELECT pg_advisory_unlock(hashtext('civic-db-migrate'), hashtext($1))";

function withEngine<T>(databaseUrl: string, schema: string, work: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  return whileEngineWorks(async () => {
    const database = new ServiceDatabase(databaseUrl, schema);
    try {
      const engine = await startSchemaEngine(database);
      try {
        return await work(engine);
      } finally {
        engine.free();
      }
    } finally {
      await database.close();
    }
  });
}

/** Holds a session-level advisory lock for `schema` while `work` runs, so concurrent deploys take turns. */
async function whileLocked<T>(databaseUrl: string, schema: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(LOCK_SQL, [schema]);
    try {
      return await work();
    } finally {
      await client.query(UNLOCK_SQL, [schema]);
    }
  } finally {
    await client.end();
  }
}

/** The engine's message without its Rust span trace, which only repeats the migration name. */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split(/\n\s+0: /)[0]!.trim();
}

/** The migration the history shows as started and neither finished nor rolled back, if any. */
async function failedMigration(databaseUrl: string, schema: string): Promise<string | undefined> {
  try {
    const rows = await queryRows<{ migration_name: string }>(
      databaseUrl,
      `SELECT migration_name FROM "${schema}"."_prisma_migrations"
        WHERE finished_at IS NULL AND rolled_back_at IS NULL ORDER BY started_at DESC LIMIT 1`,
    );
    return rows[0]?.migration_name;
  } catch {
    return undefined; // no history table: the engine failed before running any migration
  }
}

/**
 * Applies the folder's pending migrations to `schema`, in order, recording them in that schema's
 * `_prisma_migrations` as `prisma migrate deploy` does. Idempotent and safe to run concurrently.
 * Each migration runs as one multi-statement query, so a failing one leaves none of its changes.
 */
export async function applyMigrations({ databaseUrl, schema, migrationsDir }: ApplyMigrationsOptions): Promise<{ applied: string[] }> {
  assertSchemaName(schema);
  const migrationsList = await loadMigrationList(migrationsDir);
  if (migrationsList.migrationDirectories.length === 0) return { applied: [] };

  return whileLocked(databaseUrl, schema, async () => {
    // Created under the lock: the engine's own check-then-create races between processes.
    await runStatement(databaseUrl, `CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    try {
      const { appliedMigrationNames } = await withEngine(databaseUrl, schema, (engine) =>
        engine.applyMigrations({ migrationsList, filters: NO_FILTERS }),
      );
      return { applied: appliedMigrationNames };
    } catch (error) {
      // The engine records the failing migration in the history; its own message buries the name.
      const failed = await failedMigration(databaseUrl, schema);
      const where = `of schema "${schema}" (${path.resolve(migrationsDir)})`;
      throw new Error(
        failed
          ? `Migration ${failed} ${where} failed: ${describe(error)}\n` +
              `A failing migration leaves no changes (it runs as one transaction). Fix it, then run \`db-migrate resolve ${schema} ${failed}\` ` +
              `(or resolveFailedMigration) before applying again.`
          : `Applying migrations ${where} failed: ${describe(error)}`,
        { cause: error },
      );
    }
  });
}

/**
 * Marks a failed migration as rolled back (like `prisma migrate resolve --rolled-back`), so the next
 * apply runs it again. Safe here because a failing migration script leaves no changes behind.
 */
export async function resolveFailedMigration({ databaseUrl, schema, migrationName }: ResolveOptions): Promise<void> {
  assertSchemaName(schema);
  await whileLocked(databaseUrl, schema, () =>
    withEngine(databaseUrl, schema, (engine) => engine.markMigrationRolledBack({ migrationName })),
  ).catch((error: unknown) => {
    throw new Error(`Marking migration ${migrationName} of schema "${schema}" rolled back failed: ${describe(error)}`, { cause: error });
  });
}

/**
 * Diffs the migrations folder (replayed into a temporary shadow database) against `schemaPath` and
 * writes the difference as `<yyyyMMddHHmmss>_<name>/migration.sql`; null when there is none.
 */
export async function createMigration({
  databaseUrl,
  schema,
  schemaPath,
  migrationsDir,
  name,
}: CreateMigrationOptions): Promise<{ created: string | null }> {
  assertSchemaName(schema);
  const migrationName = normalizeMigrationName(name);
  const datamodel = await readFile(schemaPath, 'utf8');
  const migrationsList = await loadMigrationList(migrationsDir);

  let diff;
  try {
    diff = await withEngine(databaseUrl, schema, (engine) =>
      engine.diff({
        from: { tag: 'migrations', ...migrationsList },
        to: { tag: 'schemaDatamodel', files: [{ path: path.resolve(schemaPath), content: datamodel }] },
        script: true,
        // Makes the engine say whether the diff is empty (exit code 2 = there are changes).
        exitCode: true,
        filters: NO_FILTERS,
      }),
    );
  } catch (error) {
    throw new Error(`Creating migration "${migrationName}" for schema "${schema}" failed: ${describe(error)}`, { cause: error });
  }
  if (diff.exitCode !== 2 || !diff.stdout) return { created: null };
  return { created: await writeMigration(migrationsDir, migrationName, diff.stdout) };
}
