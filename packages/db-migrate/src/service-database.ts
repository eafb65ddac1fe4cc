import { randomBytes } from 'node:crypto';

import { PrismaPg } from '@prisma/adapter-pg';
import {
  DriverAdapterError,
  type ConnectionInfo,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import pg from 'pg';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Service schemas are plain lower-case identifiers, so they need no quoting rules anywhere. */
export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(`Invalid schema name "${schema}": use lower-case letters, digits and underscores.`);
  }
}

export function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs one query on its own short-lived connection and returns its rows. */
export async function queryRows<Row extends object>(databaseUrl: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

export async function runStatement(databaseUrl: string, sql: string): Promise<void> {
  await queryRows(databaseUrl, sql);
}

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

/**
 * A pool whose sessions live in `schema`. The adapter's `schema` option only tells the engine which
 * schema to describe; the migration SQL and the engine's `_prisma_migrations` statements are
 * unqualified, so the session's search_path is what puts them in the service's schema.
 */
function createSchemaPool(databaseUrl: string, schema: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, options: `-c search_path=${schema}`, max: 4 });
  pool.on('connect', (client) => {
    // The engine reads catalog columns of PostgreSQL's one-byte "char" type (pg_constraint.contype),
    // which @prisma/adapter-pg 7.10 rejects as unsupported; their values are single-letter strings,
    // so we describe them as text. Mutating the row description before the adapter reads it.
    client.connection.prependListener('rowDescription', (message: { fields: pg.FieldDef[] }) => {
      for (const field of message.fields) if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
    });
  });
  // A failing idle connection must not crash the process; the next query reports the problem.
  pool.on('error', () => {});
  return pool;
}

/**
 * PostgreSQL's error in the adapter's shape, so the engine reports (and records in
 * `_prisma_migrations.logs`) the server's message rather than an opaque "External error id#0".
 */
function asAdapterError(error: unknown): unknown {
  if (!(error instanceof pg.DatabaseError) || error.code === undefined) return error;
  return new DriverAdapterError({
    kind: 'postgres',
    code: error.code,
    severity: error.severity ?? 'ERROR',
    message: error.message,
    detail: error.detail,
    column: error.column,
    hint: error.hint,
  });
}

/**
 * The PrismaPg adapter on our pool, with two corrections: a migration script is sent whole (the
 * adapter splits scripts on every `;`, which breaks function bodies and string literals, and
 * PostgreSQL runs a multi-statement query atomically, like Prisma's native engine), and disposing
 * ends the pool and runs `cleanup` (used to drop a shadow database).
 */
async function connectAdapter(pool: pg.Pool, schema: string, cleanup?: () => Promise<void>): Promise<SqlDriverAdapter> {
  const adapter = await new PrismaPg(pool, { schema }).connect();
  let disposed: Promise<void> | undefined;
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: (query) => adapter.queryRaw(query),
    executeRaw: (query) => adapter.executeRaw(query),
    startTransaction: (isolationLevel) => adapter.startTransaction(isolationLevel),
    executeScript: async (script) => {
      try {
        await pool.query(script);
      } catch (error) {
        throw asAdapterError(error);
      }
    },
    getConnectionInfo: (): ConnectionInfo => adapter.getConnectionInfo(),
    dispose: () => {
      disposed ??= (async () => {
        try {
          await adapter.dispose();
          await pool.end();
        } finally {
          await cleanup?.();
        }
      })();
      return disposed;
    },
  };
}

/**
 * Connections for the schema engine: the service's schema in the target database, and on request a
 * shadow database created on the same server (PrismaPg's own shadow support connects back to the
 * main database when given a connection string). `close()` releases whatever the engine left open.
 */
export class ServiceDatabase implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = 'postgres' as const;
  readonly adapterName = '@civic/db-migrate';
  private readonly opened: SqlDriverAdapter[] = [];

  constructor(
    private readonly databaseUrl: string,
    private readonly schema: string,
  ) {
    assertSchemaName(schema);
  }

  async connect(): Promise<SqlDriverAdapter> {
    const adapter = await connectAdapter(createSchemaPool(this.databaseUrl, this.schema), this.schema);
    this.opened.push(adapter);
    return adapter;
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const name = `mig_shadow_${randomBytes(6).toString('hex')}`;
    await runStatement(this.databaseUrl, `CREATE DATABASE "${name}"`);
    const dropShadow = () => runStatement(this.databaseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    try {
      const pool = createSchemaPool(withDatabase(this.databaseUrl, name), this.schema);
      const adapter = await connectAdapter(pool, this.schema, dropShadow);
      this.opened.push(adapter);
      return adapter;
    } catch (error) {
      await dropShadow();
      throw error;
    }
  }

  async close(): Promise<void> {
    const results = await Promise.allSettled(this.opened.splice(0).map((adapter) => adapter.dispose()));
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  }
}
