import { qualifiedTables, raw, type Sql } from '@civic/service-kit';
import { SCHEMA } from './prisma.js';

/** Schema-qualified table names as text: only for the ballots' statements on the plain pg pool (ballots.ts). */
export const tableNames = qualifiedTables(SCHEMA, {
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
  lawPdf: 'law_pdf',
});

/** The same tables as SQL fragments, interpolated straight into tagged queries: sql`SELECT … FROM ${tables.law} l`. */
export const tables = Object.fromEntries(Object.entries<string>(tableNames).map(([key, name]) => [key, raw(name)])) as Record<keyof typeof tableNames, Sql>;
