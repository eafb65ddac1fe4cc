import { setTimeout as sleep } from 'node:timers/promises';

import { listMigrationNames } from './migrations-folder.js';
import { assertSchemaName, queryRows } from './service-database.js';

export interface WaitForMigrationsOptions {
  databaseUrl: string;
  schema: string;
  /** The migrations this build ships: every one of them must be applied. */
  migrationsDir: string;
  /** Give up after this long (default: wait forever, as an init container does). */
  timeoutMs?: number;
  /** Time between two checks. */
  intervalMs?: number;
  /** Where the progress lines go: one line each time the state changes. */
  log?: (line: string) => void;
}

export interface WaitForDatabaseOptions {
  databaseUrl: string;
  timeoutMs: number;
  intervalMs?: number;
  log?: (line: string) => void;
}

// PostgreSQL error codes that mean "not there yet": no schema, no history table, or the server starting up.
const NOT_YET_CODES = new Set(['3F000', '42P01', '57P03', '3D000']);
// Socket-level errors while the server (or its Service) is not reachable yet.
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH']);

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether an error only means the database or the schema is not ready yet (worth another try). */
export function isNotReadyYet(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && (NOT_YET_CODES.has(code) || UNREACHABLE_CODES.has(code));
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = errorCode(error);
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

/** Names of the migrations recorded as finished (and not rolled back) in the schema's history. */
async function appliedMigrations(databaseUrl: string, schema: string): Promise<Set<string>> {
  const rows = await queryRows<{ migration_name: string }>(
    databaseUrl,
    `SELECT migration_name FROM "${schema}"."_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  return new Set(rows.map((row) => row.migration_name));
}

/**
 * Resolves once every migration of `migrationsDir` is applied to `schema`: a pod's init container
 * runs this so the service starts on its schema instead of crash-looping while the migration Job
 * runs. Migrations applied beyond the folder's (a newer release's) do not matter: a rolled-back
 * image starts on a schema written expand-then-contract. Unreachable database, missing schema or
 * history table count as "not yet"; any other error stops the wait.
 */
export async function waitForMigrations({
  databaseUrl,
  schema,
  migrationsDir,
  timeoutMs,
  intervalMs = 2000,
  log = (line) => console.log(line),
}: WaitForMigrationsOptions): Promise<{ checks: number }> {
  assertSchemaName(schema);
  const expected = await listMigrationNames(migrationsDir);
  const deadline = timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
  let lastLine = '';
  let checks = 0;
  const report = (line: string) => {
    if (line !== lastLine) log(line);
    lastLine = line;
  };
  for (;;) {
    checks += 1;
    let state: string;
    try {
      const applied = expected.length === 0 ? new Set<string>() : await appliedMigrations(databaseUrl, schema);
      const pending = expected.filter((name) => !applied.has(name));
      if (pending.length === 0) {
        log(`${schema}: schema ready (${expected.length} migration(s) applied)`);
        return { checks };
      }
      state = `${schema}: waiting for ${pending.length} of ${expected.length} migration(s) to be applied (the migration Job applies them): ${pending.join(', ')}`;
    } catch (error) {
      if (!isNotReadyYet(error)) throw error;
      state = `${schema}: waiting for the database and schema: ${describe(error)}`;
    }
    report(state);
    if (Date.now() + intervalMs > deadline) throw new Error(`Gave up after ${timeoutMs} ms: ${state}`);
    await sleep(intervalMs);
  }
}

/** Resolves once the database answers a query; retries while it is unreachable or starting. */
export async function waitForDatabase({
  databaseUrl,
  timeoutMs,
  intervalMs = 2000,
  log = (line) => console.log(line),
}: WaitForDatabaseOptions): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let logged = false;
  for (;;) {
    try {
      await queryRows(databaseUrl, 'SELECT 1');
      return;
    } catch (error) {
      if (!isNotReadyYet(error) || Date.now() + intervalMs > deadline) throw error;
      if (!logged) log(`waiting for the database: ${describe(error)}`);
      logged = true;
    }
    await sleep(intervalMs);
  }
}
