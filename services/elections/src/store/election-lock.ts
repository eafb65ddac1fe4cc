import { sql, type SqlExecutor } from '@civic/service-kit';
import { ELECTION_LOCK } from './tables.js';

/** Takes the election lock exclusively till the transaction ends (the tally and closing of elections). */
export async function holdElectionLockExclusive(tx: SqlExecutor): Promise<void> {
  await tx.$queryRaw(sql`SELECT pg_advisory_xact_lock(${ELECTION_LOCK}::bigint)::text`);
}

/** Takes the election lock shared till the transaction ends (any change to candidacies and votes). */
export async function holdElectionLockShared(tx: SqlExecutor): Promise<void> {
  await tx.$queryRaw(sql`SELECT pg_advisory_xact_lock_shared(${ELECTION_LOCK}::bigint)::text`);
}
