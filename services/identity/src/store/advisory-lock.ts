import { sql } from '@civic/service-kit';
import type { Db } from './prisma.js';

/**
 * Holds a transaction-scoped advisory lock on `key` until the transaction ends, serialising the
 * transactions that take the same key. Tagged SQL: Prisma's API has no form for it (and the lock
 * function returns void, which Prisma cannot read, hence the wrapping SELECT).
 */
export async function lockUntilCommit(db: Db, key: string): Promise<void> {
  await db.$queryRaw(sql`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))) AS l`);
}
