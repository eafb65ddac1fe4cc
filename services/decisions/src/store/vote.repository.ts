import type { VoteChoice, VoteCounts } from '@civic/contracts';
import { BallotPool, countersAfterCast, countersAfterWithdrawal, returningCounters } from './ballots.js';
import { tableNames } from './tables.js';

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
    SELECT p.id FROM ${tableNames.proposal} p
    WHERE p.id = $1::uuid AND p.state = 'in-vote'
      AND NOT EXISTS (SELECT 1 FROM ${tableNames.citizen} c WHERE c.user_id = $2::uuid AND c.suspended_until > $4::timestamptz)
    FOR NO KEY UPDATE OF p
  ), up AS (
    INSERT INTO ${tableNames.vote} AS v (proposal_id, user_id, choice, previous, updated_at)
    SELECT id, $2::uuid, $3, NULL, $4::timestamptz FROM target
    ON CONFLICT (proposal_id, user_id) DO UPDATE SET previous = v.choice, choice = EXCLUDED.choice, updated_at = EXCLUDED.updated_at
    RETURNING choice, previous
  )
  UPDATE ${tableNames.proposal} p SET
    ${countersAfterCast('p')}
  FROM up WHERE p.id = $1::uuid
  ${returningCounters('p')}`;

const withdrawSql = `WITH target AS (
    SELECT p.id FROM ${tableNames.proposal} p
    WHERE p.id = $1::uuid AND p.state = 'in-vote'
      AND NOT EXISTS (SELECT 1 FROM ${tableNames.citizen} c WHERE c.user_id = $2::uuid AND c.suspended_until > $3::timestamptz)
    FOR NO KEY UPDATE OF p
  ), gone AS (
    DELETE FROM ${tableNames.vote} v USING target WHERE v.proposal_id = target.id AND v.user_id = $2::uuid RETURNING v.choice
  )
  UPDATE ${tableNames.proposal} p SET
    ${countersAfterWithdrawal('p')}
  FROM target WHERE p.id = target.id
  ${returningCounters('p')}`;

export class VoteRepository extends BallotPool {
  constructor(databaseUrl: string, maxConnections = 10) {
    super(databaseUrl, maxConnections);
  }

  /** The counts after the vote, or null when the proposal is not in a vote or the voter is suspended. */
  async cast(proposalId: string, userId: string, choice: VoteChoice, now: Date): Promise<VoteCounts | null> {
    return this.ballot('cast-vote', castSql, [proposalId, userId, choice, now]);
  }

  async withdraw(proposalId: string, userId: string, now: Date): Promise<VoteCounts | null> {
    return this.ballot('withdraw-vote', withdrawSql, [proposalId, userId, now]);
  }
}
