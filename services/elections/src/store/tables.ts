import { quoteIdent } from '@civic/service-kit';
import { SCHEMA } from './prisma.js';

/** Schema-qualified table names for raw SQL. */
export const tables = {
  member: `${quoteIdent(SCHEMA)}."member"`,
  candidacy: `${quoteIdent(SCHEMA)}."candidacy"`,
  vote: `${quoteIdent(SCHEMA)}."candidate_vote"`,
  election: `${quoteIdent(SCHEMA)}."election"`,
  result: `${quoteIdent(SCHEMA)}."election_result"`,
} as const;

/**
 * Advisory lock of the election job. The job holds it exclusively while it tallies and closes; every
 * change to candidacies and votes holds it shared, so none lands in a month while its tally runs.
 */
export const ELECTION_LOCK = 4_021_118_003;
