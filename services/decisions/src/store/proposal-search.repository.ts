import type { SimilarLaw, SimilarProposal } from '@civic/contracts';
import type { SqlExecutor } from '@civic/service-kit';
import { lexeme, tsqueryExpression, type SearchTerm } from '../domain/search-query.js';
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
    const query = tsqueryExpression(terms.length, 3, 'any');
    return this.db.$queryRawUnsafe<SimilarProposal[]>(
      `WITH search AS MATERIALIZED (SELECT ${query} AS q)
       SELECT p.id::text AS id, p.title, p.category, p.state, p.cycle_id::text AS "cycleId"
       FROM search, ${tables.proposal} p JOIN ${tables.cycle} c ON c.id = p.cycle_id
       WHERE c.phase IN ('proposals', 'voting') AND p.${VISIBLE} AND p.search_vector @@ search.q AND ($2::uuid IS NULL OR p.id <> $2::uuid)
       ORDER BY ts_rank(p.search_vector, search.q) DESC, p.created_at DESC, p.id
       LIMIT $1::int`,
      limit,
      excludeId,
      ...terms.map(lexeme),
    );
  }

  /** Archived laws (adopted or rejected), not deleted. */
  async similarLaws(terms: SearchTerm[], limit: number): Promise<SimilarLaw[]> {
    const any = tsqueryExpression(terms.length, 3, 'any');
    const all = tsqueryExpression(terms.length, 3, 'all');
    const archived = `l.state IN ('adopted', 'rejected') AND l.deleted_at IS NULL`;
    const candidates = (query: string) => `(SELECT l.id FROM search, ${tables.law} l WHERE l.search_vector @@ search.${query} AND ${archived} LIMIT $2::int)`;
    const rows = await this.db.$queryRawUnsafe<(Omit<SimilarLaw, 'archivedAt'> & { archivedAt: Date | null })[]>(
      `WITH search AS MATERIALIZED (SELECT ${any} AS q_any, ${all} AS q_all),
         candidate AS (${candidates('q_all')} UNION ${candidates('q_any')})
       SELECT l.id::text AS id, l.title, l.category, l.state, l.archived_at AS "archivedAt"
       FROM search, candidate JOIN ${tables.law} l ON l.id = candidate.id
       ORDER BY ts_rank(l.search_vector, search.q_any) DESC, l.archived_at DESC NULLS LAST, l.id
       LIMIT $1::int`,
      limit,
      LAW_CANDIDATES,
      ...terms.map(lexeme),
    );
    return rows.map((row) => ({ ...row, archivedAt: row.archivedAt?.toISOString() ?? null }));
  }
}
