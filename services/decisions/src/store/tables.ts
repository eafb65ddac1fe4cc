import { qualifiedTables } from '@civic/service-kit';
import { SCHEMA } from './prisma.js';

/** Schema-qualified table names for raw SQL. */
export const tables = qualifiedTables(SCHEMA, {
  citizen: 'citizen',
  citizenCount: 'citizen_count',
  cycle: 'cycle',
  proposal: 'proposal',
  vote: 'proposal_vote',
  draw: 'creator_draw',
  law: 'law',
  creator: 'law_creator',
  group: 'law_group',
  article: 'article',
  articleVote: 'article_vote',
  source: 'source',
  textVersion: 'text_version',
  seal: 'law_seal',
});
