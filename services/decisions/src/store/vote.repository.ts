import pg from 'pg';
import type { VoteChoice, VoteCounts } from '@civic/contracts';
import { scoreOf } from '../domain/ranking.js';
import { tables } from './tables.js';

/**
 * The hot path of the vote on proposals: each cast or withdrawal is one SQL statement over a plain
 * `pg` pool (Prisma's per-query cost matters at thousands of votes per second).
 *
 * The statement locks the proposal row only while it is 'in-vote' and its voter is not suspended,
 * upserts the one (proposal, user) row, and moves the proposal's counters by the difference between
 * the new choice and the one it replaced (`previous`, read under the row lock of the upsert), so
 * concurrent votes of one user leave exactly one row and counters equal to the rows. Closing the
 * vote locks the same proposal rows, so a vote either lands before the close or is refused.
 */
const castSql = `WITH target AS (
    SELECT p.id FROM ${tables.proposal} p
    WHERE p.id = $1::uuid AND p.state = 'in-vote'
      AND NOT EXISTS (SELECT 1 FROM ${tables.citizen} c WHERE c.user_id = $2::uuid AND c.suspended_until > $4::timestamptz)
    FOR NO KEY UPDATE OF p
  ), up AS (
    INSERT INTO ${tables.vote} AS v (proposal_id, user_id, choice, previous, updated_at)
    SELECT id, $2::uuid, $3, NULL, $4::timestamptz FROM target
    ON CONFLICT (proposal_id, user_id) DO UPDATE SET previous = v.choice, choice = EXCLUDED.choice, updated_at = EXCLUDED.updated_at
    RETURNING choice, previous
  )
  UPDATE ${tables.proposal} p SET
    votes_for = p.votes_for + (up.choice = 'for')::int - (up.previous IS NOT DISTINCT FROM 'for')::int,
    votes_against = p.votes_against + (up.choice = 'against')::int - (up.previous IS NOT DISTINCT FROM 'against')::int,
    votes_neutral = p.votes_neutral + (up.choice = 'neutral')::int - (up.previous IS NOT DISTINCT FROM 'neutral')::int,
    votes_blank = p.votes_blank + (up.choice = 'blank')::int - (up.previous IS NOT DISTINCT FROM 'blank')::int
  FROM up WHERE p.id = $1::uuid
  RETURNING p.votes_for, p.votes_against, p.votes_neutral, p.votes_blank`;

const withdrawSql = `WITH target AS (
    SELECT p.id FROM ${tables.proposal} p
    WHERE p.id = $1::uuid AND p.state = 'in-vote'
      AND NOT EXISTS (SELECT 1 FROM ${tables.citizen} c WHERE c.user_id = $2::uuid AND c.suspended_until > $3::timestamptz)
    FOR NO KEY UPDATE OF p
  ), gone AS (
    DELETE FROM ${tables.vote} v USING target WHERE v.proposal_id = target.id AND v.user_id = $2::uuid RETURNING v.choice
  )
  UPDATE ${tables.proposal} p SET
    votes_for = p.votes_for - (SELECT count(*) FROM gone WHERE choice = 'for')::int,
    votes_against = p.votes_against - (SELECT count(*) FROM gone WHERE choice = 'against')::int,
    votes_neutral = p.votes_neutral - (SELECT count(*) FROM gone WHERE choice = 'neutral')::int,
    votes_blank = p.votes_blank - (SELECT count(*) FROM gone WHERE choice = 'blank')::int
  FROM target WHERE p.id = target.id
  RETURNING p.votes_for, p.votes_against, p.votes_neutral, p.votes_blank`;

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

export class VoteRepository {
  private readonly pool: pg.Pool;

  constructor(databaseUrl: string, maxConnections = 10) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: maxConnections });
    this.pool.on('error', () => undefined); // an idle client lost: the pool replaces it
  }

  /** The counts after the vote, or null when the proposal is not in a vote or the voter is suspended. */
  async cast(proposalId: string, userId: string, choice: VoteChoice, now: Date): Promise<VoteCounts | null> {
    // A named statement: PostgreSQL plans it once per connection.
    const row = (await this.pool.query<CounterRow>({ name: 'cast-vote', text: castSql, values: [proposalId, userId, choice, now] })).rows[0];
    return row ? toCounts(row) : null;
  }

  async withdraw(proposalId: string, userId: string, now: Date): Promise<VoteCounts | null> {
    const row = (await this.pool.query<CounterRow>({ name: 'withdraw-vote', text: withdrawSql, values: [proposalId, userId, now] })).rows[0];
    return row ? toCounts(row) : null;
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
