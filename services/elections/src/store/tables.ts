import { qualifiedTableFragments } from '@civic/service-kit';
import { SCHEMA } from './prisma.js';

/** The schema-qualified tables as fragments of tagged SQL: sql`SELECT … FROM ${tables.vote} v`. */
export const tables = qualifiedTableFragments(SCHEMA, { member: 'member', candidacy: 'candidacy', vote: 'candidate_vote', election: 'election', result: 'election_result' });

/**
 * Advisory lock of the election job. The job holds it exclusively while it tallies and closes; every
 * change to candidacies and votes holds it shared, so none lands in a month while its tally runs.
 */
export const ELECTION_LOCK = 4_021_118_003;
