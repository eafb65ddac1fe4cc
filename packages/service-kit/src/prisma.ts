import { PrismaPg } from '@prisma/adapter-pg';
import { raw, type Sql } from '@prisma/client-runtime-utils';

/**
 * Tagged SQL, the one way the services and this kit write SQL (docs/architecture.md#database):
 * `sql\`SELECT … WHERE id = ${id}::uuid\`` sends `id` as a parameter; `raw` only for names that come
 * from code (a qualified table), `join` for lists and fragments. The same functions as each service's
 * `Prisma.sql`, `Prisma.raw` and `Prisma.join`.
 */
export { sql, raw, join, empty, Sql } from '@prisma/client-runtime-utils';

/**
 * The driver adapter for a service's Prisma client: its own PostgreSQL schema in the shared
 * database (Prisma 7 ignores `?schema=` in the URL, the adapter option sets it).
 */
export function createPrismaAdapter(databaseUrl: string, schema: string, maxConnections = 10): PrismaPg {
  return new PrismaPg({ connectionString: databaseUrl, max: maxConnections }, { schema });
}

/** The SQL surface of a Prisma client or transaction that the outbox and inbox need. */
export interface SqlExecutor {
  $executeRaw(query: Sql): PromiseLike<number>;
  $queryRaw<T = unknown>(query: Sql): PromiseLike<T>;
}

export interface SqlClient extends SqlExecutor {
  $transaction<R>(fn: (tx: SqlExecutor) => Promise<R>, options?: { maxWait?: number; timeout?: number }): Promise<R>;
}

/** Quotes a schema or table identifier for raw SQL (names come from code, never from users). */
export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
  return `"${name}"`;
}

/**
 * A service's tables by the names its raw SQL uses, each qualified by the schema:
 * `qualifiedTables('decisions', { vote: 'proposal_vote' }).vote` is `"decisions"."proposal_vote"`.
 */
export function qualifiedTables<K extends string>(schema: string, names: Record<K, string>): Record<K, string> {
  return Object.fromEntries(Object.entries<string>(names).map(([key, table]) => [key, `${quoteIdent(schema)}.${quoteIdent(table)}`])) as Record<K, string>;
}

/** One schema-qualified table as a fragment for tagged SQL: sql`SELECT … FROM ${qualifiedTable('identity', 'users')}`. */
export function qualifiedTable(schema: string, table: string): Sql {
  return raw(`${quoteIdent(schema)}.${quoteIdent(table)}`);
}

/**
 * The tables of `qualifiedTables` as fragments for tagged SQL, interpolated straight into queries:
 * `sql\`SELECT … FROM ${tables.vote} v WHERE v.month = ${month}::date\``.
 */
export function qualifiedTableFragments<K extends string>(schema: string, names: Record<K, string>): Record<K, Sql> {
  return Object.fromEntries(Object.entries<string>(names).map(([key, table]) => [key, qualifiedTable(schema, table)])) as Record<K, Sql>;
}
