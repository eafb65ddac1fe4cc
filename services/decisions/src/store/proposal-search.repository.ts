import type { SimilarLaw, SimilarProposal } from '@civic/contracts';
import { sql, type Sql, type SqlExecutor } from '@civic/service-kit';
import { tsquery, type SearchTerm } from '../domain/search-query.js';
import { VISIBLE } from './cycle.repository.js';
import { tables } from './tables.js';

/**
 * Laws ranked per answer at most, from each of two sets: those holding every word, then those holding
 * any. A few common words match thousands of archived laws; ranking them all would cost a full read
 * of the archive on each keystroke, while the best five are found among those sharing every word
 * (all of them, up to this number) or, failing enough of those, among the first that share one.
 */
export const LAW_CANDIDATES = 500;

/**
 * The search of what resembles a proposal being written (docs/product.md#search): the indexed
 * `search_vector` of proposals and laws (filled by the database) against any of the words, ranked
 * with the title weighing more than the description, the newest first among equals. The query is
 * computed once in a materialized CTE: as a parameter of the scan, it lets the planner use the GIN
 * index, where a constant it misjudges as matching a third of the rows leads to reading them all.
 */
export class ProposalSearchRepository {
  constructor(private readonly db: SqlExecutor) {}

  /** Visible proposals of the current cycle: the one open for proposals, and the one voting on its proposals. */
  async similarProposals(terms: SearchTerm[], limit: number, excludeId: string | null): Promise<SimilarProposal[]> {
    return this.db.$queryRaw<SimilarProposal[]>(
      sql`WITH search AS MATERIALIZED (SELECT ${tsquery(terms, 'any')} AS q)
       SELECT p.id::text AS id, p.title, p.category, p.state, p.cycle_id::text AS "cycleId"
       FROM search, ${tables.proposal} p JOIN ${tables.cycle} c ON c.id = p.cycle_id
       WHERE c.phase IN ('proposals', 'voting') AND p.${VISIBLE} AND p.search_vector @@ search.q AND (${excludeId}::uuid IS NULL OR p.id <> ${excludeId}::uuid)
       ORDER BY ts_rank(p.search_vector, search.q) DESC, p.created_at DESC, p.id
       LIMIT ${limit}::int`,
    );
  }

  /** Archived laws (adopted or rejected), not deleted. */
  async similarLaws(terms: SearchTerm[], limit: number): Promise<SimilarLaw[]> {
    const archived = sql`l.state IN ('adopted', 'rejected') AND l.deleted_at IS NULL`;
    const candidates = (query: Sql) => sql`(SELECT l.id FROM search, ${tables.law} l WHERE l.search_vector @@ ${query} AND ${archived} LIMIT ${LAW_CANDIDATES}::int)`;
    const rows = await this.db.$queryRaw<(Omit<SimilarLaw, 'archivedAt'> & { archivedAt: Date | null })[]>(
      sql`WITH search AS MATERIALIZED (SELECT ${tsquery(terms, 'any')} AS q_any, ${tsquery(terms, 'all')} AS q_all),
         candidate AS (${candidates(sql`search.q_all`)} UNION ${candidates(sql`search.q_any`)})
       SELECT l.id::text AS id, l.title, l.category, l.state, l.archived_at AS "archivedAt"
       FROM search, candidate JOIN ${tables.law} l ON l.id = candidate.id
       ORDER BY ts_rank(l.search_vector, search.q_any) DESC, l.archived_at DESC NULLS LAST, l.id
       LIMIT ${limit}::int`,
    );
    return rows.map((row) => ({ ...row, archivedAt: row.archivedAt?.toISOString() ?? null }));
  }
}
