import { quoteIdent } from '@civic/service-kit';
import { SCHEMA } from './prisma.js';

/** Schema-qualified table names for raw SQL. */
export const tables = {
  citizen: `${quoteIdent(SCHEMA)}."citizen"`,
  cycle: `${quoteIdent(SCHEMA)}."cycle"`,
  proposal: `${quoteIdent(SCHEMA)}."proposal"`,
  vote: `${quoteIdent(SCHEMA)}."proposal_vote"`,
  draw: `${quoteIdent(SCHEMA)}."creator_draw"`,
  law: `${quoteIdent(SCHEMA)}."law"`,
  creator: `${quoteIdent(SCHEMA)}."law_creator"`,
  group: `${quoteIdent(SCHEMA)}."law_group"`,
  article: `${quoteIdent(SCHEMA)}."article"`,
  articleVote: `${quoteIdent(SCHEMA)}."article_vote"`,
  source: `${quoteIdent(SCHEMA)}."source"`,
} as const;
