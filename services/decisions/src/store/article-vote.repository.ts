import type { VoteChoice, VoteCounts } from '@civic/contracts';
import { BallotPool, countersAfterCast, countersAfterWithdrawal, returningCounters } from './ballots.js';
import { tableNames } from './tables.js';

/**
 * Ballots of the final vote, one SQL statement each over a plain `pg` pool (as the vote on
 * proposals). The statement locks the article (counters) and takes a share lock on its law, so the
 * end of the final vote (which locks the law rows) waits for ballots in flight and refuses later
 * ones; it upserts the one (article, user) row and moves the live counters by the difference.
 */
const castSql = `WITH target AS (
    SELECT a.id FROM ${tableNames.article} a JOIN ${tableNames.law} l ON l.id = a.law_id
    WHERE a.id = $1::uuid AND a.law_id = $5::uuid AND a.deleted_at IS NULL AND l.state = 'final-vote' AND l.deleted_at IS NULL
      AND (a.parent_id IS NULL OR EXISTS (SELECT 1 FROM ${tableNames.article} p WHERE p.id = a.parent_id AND p.deleted_at IS NULL))
      AND NOT EXISTS (SELECT 1 FROM ${tableNames.citizen} c WHERE c.user_id = $2::uuid AND c.suspended_until > $4::timestamptz)
    FOR NO KEY UPDATE OF a FOR SHARE OF l
  ), up AS (
    INSERT INTO ${tableNames.articleVote} AS v (article_id, user_id, choice, previous, updated_at)
    SELECT id, $2::uuid, $3, NULL, $4::timestamptz FROM target
    ON CONFLICT (article_id, user_id) DO UPDATE SET previous = v.choice, choice = EXCLUDED.choice, updated_at = EXCLUDED.updated_at
    RETURNING choice, previous
  )
  UPDATE ${tableNames.article} a SET
    ${countersAfterCast('a')}
  FROM up WHERE a.id = $1::uuid
  ${returningCounters('a')}`;

const withdrawSql = `WITH target AS (
    SELECT a.id FROM ${tableNames.article} a JOIN ${tableNames.law} l ON l.id = a.law_id
    WHERE a.id = $1::uuid AND a.law_id = $4::uuid AND a.deleted_at IS NULL AND l.state = 'final-vote' AND l.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM ${tableNames.citizen} c WHERE c.user_id = $2::uuid AND c.suspended_until > $3::timestamptz)
    FOR NO KEY UPDATE OF a FOR SHARE OF l
  ), gone AS (
    DELETE FROM ${tableNames.articleVote} v USING target WHERE v.article_id = target.id AND v.user_id = $2::uuid RETURNING v.choice
  )
  UPDATE ${tableNames.article} a SET
    ${countersAfterWithdrawal('a')}
  FROM target WHERE a.id = target.id
  ${returningCounters('a')}`;

export class ArticleVoteRepository extends BallotPool {
  constructor(databaseUrl: string, maxConnections = 5) {
    super(databaseUrl, maxConnections);
  }

  /** The live counts after the ballot, or null when the text is not in a final vote or the voter is suspended. */
  async cast(lawId: string, articleId: string, userId: string, choice: VoteChoice, now: Date): Promise<VoteCounts | null> {
    return this.ballot('cast-article-vote', castSql, [articleId, userId, choice, now, lawId]);
  }

  async withdraw(lawId: string, articleId: string, userId: string, now: Date): Promise<VoteCounts | null> {
    return this.ballot('withdraw-article-vote', withdrawSql, [articleId, userId, now, lawId]);
  }
}
