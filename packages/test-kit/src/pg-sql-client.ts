import pg from 'pg';
import type { Sql, SqlClient, SqlExecutor } from '@civic/service-kit';
import { createTestDatabase, type TestDatabase } from './isolation.js';
import { OwnNatsServer } from './nats-server.js';

/**
 * The outbox/inbox SQL surface over plain `pg`, for testing the service kit without a generated
 * Prisma client. Same contract as Prisma's raw methods: row counts and row arrays.
 */
export function pgSqlClient(pool: pg.Pool): SqlClient & { end(): Promise<void> } {
  const executor = (run: (text: string, values: unknown[]) => Promise<pg.QueryResult>): SqlExecutor => ({
    async $executeRaw(query) {
      return (await run(query.text, query.values)).rowCount ?? 0;
    },
    async $queryRaw<T>(query: Sql) {
      return (await run(query.text, query.values)).rows as T;
    },
  });
  return {
    ...executor((text, values) => pool.query(text, values)),
    async $transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(executor((text, values) => client.query(text, values)));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    end: () => pool.end(),
  };
}

/** The tables the service kit's outbox and inbox need, as every service's first migration creates them. */
export async function createEventTables(pool: pg.Pool, schema: string): Promise<void> {
  await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  await pool.query(`CREATE TABLE "${schema}"."outbox_event" (
    id uuid PRIMARY KEY, seq bigserial UNIQUE, subject text NOT NULL, version integer NOT NULL,
    payload jsonb NOT NULL, occurred_at timestamptz(3) NOT NULL, sent_at timestamptz(3),
    trace_context jsonb)`);
  await pool.query(`CREATE TABLE "${schema}"."inbox_event" (
    consumer text NOT NULL, event_id uuid NOT NULL, subject text NOT NULL,
    processed_at timestamptz(3) NOT NULL DEFAULT now(), PRIMARY KEY (consumer, event_id))`);
}

/**
 * Ends a pool and waits until its connections have closed: `pool.end()` resolves as soon as it has
 * asked them to, and a forced DROP DATABASE right after would terminate one still closing, which the
 * pool then reports as an unhandled error.
 */
export async function closePool(pool: pg.Pool, timeoutMs = 5000): Promise<void> {
  const open = pool.totalCount;
  let closed = 0;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      if (++closed >= open) resolve();
    });
  });
  await pool.end();
  await Promise.race([allClosed, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
}

/** What the service kit's event tests stand on; set once the file's `beforeAll` ran. */
export interface EventTestBed {
  /** A database of the file's own holding one service's outbox and inbox tables. */
  database: TestDatabase;
  pool: pg.Pool;
  /** A NATS server of the file's own, which its tests may kill and restart. */
  nats: OwnNatsServer;
}

/** Registers the hooks that start an EventTestBed before the file's tests and remove it after them. */
export function useEventTestBed(label: string, schema: string, poolSize: number): EventTestBed {
  const bed = {} as EventTestBed;
  beforeAll(async () => {
    bed.database = await createTestDatabase(label);
    bed.pool = new pg.Pool({ connectionString: bed.database.url, max: poolSize });
    await createEventTables(bed.pool, schema);
    bed.nats = await OwnNatsServer.start();
  });
  afterAll(async () => {
    await closePool(bed.pool);
    await bed.database.drop();
    await bed.nats.dispose();
  });
  return bed;
}
