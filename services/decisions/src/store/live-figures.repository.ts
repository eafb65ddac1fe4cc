import type { LawState, TextFigures } from '@civic/contracts';
import { sql, type SqlExecutor } from '@civic/service-kit';
import { countsOf } from '../domain/live-figures.js';
import { tables } from './tables.js';

interface LawFiguresRow {
  state: LawState;
  deleted: boolean;
  texts: { id: string; for: number; against: number; neutral: number; blank: number }[];
}

/** Visible: not deleted, and an amendment only while its article is (as the law's answer). */
const textVisible = sql`a.deleted_at IS NULL AND (a.parent_id IS NULL OR EXISTS (SELECT 1 FROM ${tables.article} p WHERE p.id = a.parent_id AND p.deleted_at IS NULL))`;

/** The public figures of the live topics, each read in one query (docs/live.md#decisions-topics). */
export class LiveFiguresRepository {
  constructor(private readonly db: SqlExecutor) {}

  /** A law's state and the counts of its visible articles and amendments; null when it does not exist. */
  async law(lawId: string): Promise<{ state: LawState; deleted: boolean; texts: TextFigures[] } | null> {
    const [row] = await this.db.$queryRaw<LawFiguresRow[]>(
      sql`SELECT l.state, l.deleted_at IS NOT NULL AS deleted,
        coalesce((SELECT json_agg(json_build_object('id', a.id, 'for', a.votes_for, 'against', a.votes_against, 'neutral', a.votes_neutral, 'blank', a.votes_blank)
          ORDER BY a.position, a.created_at, a.id) FROM ${tables.article} a WHERE a.law_id = l.id AND ${textVisible}), '[]'::json) AS texts
       FROM ${tables.law} l WHERE l.id = ${lawId}::uuid`,
    );
    if (!row) return null;
    return { state: row.state, deleted: row.deleted, texts: row.texts.map(({ id, ...tally }) => ({ id, counts: countsOf(tally) })) };
  }

  /** The cycle a proposal belongs to (it does not change while the proposal is in its vote). */
  async cycleOfProposal(proposalId: string): Promise<string | null> {
    const [row] = await this.db.$queryRaw<{ cycleId: string }[]>(sql`SELECT cycle_id::text AS "cycleId" FROM ${tables.proposal} WHERE id = ${proposalId}::uuid`);
    return row?.cycleId ?? null;
  }
}
