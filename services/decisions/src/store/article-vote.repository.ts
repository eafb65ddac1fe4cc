import pg from 'pg';
import type { VoteChoice, VoteCounts } from '@civic/contracts';
import { scoreOf } from '../domain/ranking.js';
import { tables } from './tables.js';

/**
 * Ballots of the final vote, one SQL statement each over a plain `pg` pool (as the vote on
 * proposals). The statement locks the article (counters) and takes a share lock on its law, so the
 * end of the final vote (which locks the law rows) waits for ballots in flight and refuses later
 * ones; it upserts the one (article, user) row and moves the live counters by the difference.
 */
const castSql = `WITH target AS (
    SELECT a.id FROM ${tables.article} a JOIN ${tables.law} l ON l.id = a.law_id
    WHERE a.id = $1::uuid AND a.law_id = $5::uuid AND a.deleted_at IS NULL AND l.state = 'final-vote' AND l.deleted_at IS NULL
      AND (a.parent_id IS NULL OR EXISTS (SELECT 1 FROM ${tables.article} p WHERE p.id = a.parent_id AND p.deleted_at IS NULL))
      AND NOT EXISTS (SELECT 1 FROM ${tables.citizen} c WHERE c.user_id = $2::uuid AND c.suspended_until > $4::timestamptz)
    FOR NO KEY UPDATE OF a FOR SHARE OF l
  ), up AS (
    INSERT INTO ${tables.articleVote} AS v (article_id, user_id, choice, previous, updated_at)
    SELECT id, $2::uuid, $3, NULL, $4::timestamptz FROM target
    ON CONFLICT (article_id, user_id) DO UPDATE SET previous = v.choice, choice = EXCLUDED.choice, updated_at = EXCLUDED.updated_at
    RETURNING choice, previous
  )
  UPDATE ${tables.article} a SET
    votes_for = a.votes_for + (up.choice = 'for')::int - (up.previous IS NOT DISTINCT FROM 'for')::int,
    votes_against = a.votes_against + (up.choice = 'against')::int - (up.previous IS NOT DISTINCT FROM 'against')::int,
    votes_neutral = a.votes_neutral + (up.choice = 'neutral')::int - (up.previous IS NOT DISTINCT FROM 'neutral')::int,
    votes_blank = a.votes_blank + (up.choice = 'blank')::int - (up.previous IS NOT DISTINCT FROM 'blank')::int
  FROM up WHERE a.id = $1::uuid
  RETURNING a.votes_for, a.votes_against, a.votes_neutral, a.votes_blank`;

const withdrawSql = `WITH target AS (
    SELECT a.id FROM ${tables.article} a JOIN ${tables.law} l ON l.id = a.law_id
    WHERE a.id = $1::uuid AND a.law_id = $4::uuid AND a.deleted_at IS NULL AND l.state = 'final-vote' AND l.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM ${tables.citizen} c WHERE c.user_id = $2::uuid AND c.suspended_until > $3::timestamptz)
    FOR NO KEY UPDATE OF a FOR SHARE OF l
  ), gone AS (
    DELETE FROM ${tables.articleVote} v USING target WHERE v.article_id = target.id AND v.user_id = $2::uuid RETURNING v.choice
  )
  UPDATE ${tables.article} a SET
    votes_for = a.votes_for - (SELECT count(*) FROM gone WHERE choice = 'for')::int,
    votes_against = a.votes_against - (SELECT count(*) FROM gone WHERE choice = 'against')::int,
    votes_neutral = a.votes_neutral - (SELECT count(*) FROM gone WHERE choice = 'neutral')::int,
    votes_blank = a.votes_blank - (SELECT count(*) FROM gone WHERE choice = 'blank')::int
  FROM target WHERE a.id = target.id
  RETURNING a.votes_for, a.votes_against, a.votes_neutral, a.votes_blank`;

interface CounterRow {
  votes_for: number;
  votes_against: number;
  votes_neutral: number;
  votes_blank: number;
}

const toCounts = (row: CounterRow): VoteCounts => ({
  for: row.votes_for,
  against: row.votes_against,
  neutral: row.votes_neutral,
  blank: row.votes_blank,
  score: scoreOf({ for: row.votes_for, against: row.votes_against }),
});

export class ArticleVoteRepository {
  private readonly pool: pg.Pool;

  constructor(databaseUrl: string, maxConnections = 5) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: maxConnections });
    this.pool.on('error', () => undefined);
  }

  /** The live counts after the ballot, or null when the text is not in a final vote or the voter is suspended. */
  async cast(lawId: string, articleId: string, userId: string, choice: VoteChoice, now: Date): Promise<VoteCounts | null> {
    const row = (await this.pool.query<CounterRow>({ name: 'cast-article-vote', text: castSql, values: [articleId, userId, choice, now, lawId] })).rows[0];
    return row ? toCounts(row) : null;
  }

  async withdraw(lawId: string, articleId: string, userId: string, now: Date): Promise<VoteCounts | null> {
    const row = (await this.pool.query<CounterRow>({ name: 'withdraw-article-vote', text: withdrawSql, values: [articleId, userId, now, lawId] })).rows[0];
    return row ? toCounts(row) : null;
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
