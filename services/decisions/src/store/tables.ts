import { quoteIdent } from '@civic/service-kit';
import { SCHEMA } from './prisma.js';

/** Schema-qualified table names for raw SQL. */
export const tables = {
  citizen: `${quoteIdent(SCHEMA)}."citizen"`,
  cycle: `${quoteIdent(SCHEMA)}."cycle"`,
  proposal: `${quoteIdent(SCHEMA)}."proposal"`,
  vote: `${quoteIdent(SCHEMA)}."proposal_vote"`,
} as const;
