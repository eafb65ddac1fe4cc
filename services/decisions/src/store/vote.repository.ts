import type { VoteChoice, VoteCounts } from '@civic/contracts';
import { BallotPool, castStatement, voterNotSuspended, withdrawalStatement, type BallotBox } from './ballots.js';
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
const proposals: BallotBox = { table: tableNames.proposal, alias: 'p', ballots: tableNames.vote, key: 'proposal_id' };

/** The proposal while in its vote, its voter not suspended at `at`. */
const inVote = (at: string) => `
    SELECT p.id FROM ${tableNames.proposal} p
    WHERE p.id = $1::uuid AND p.state = 'in-vote'
      AND ${voterNotSuspended(tableNames.citizen, at)}
    FOR NO KEY UPDATE OF p`;

const castSql = castStatement(proposals, inVote('$4'));
const withdrawSql = withdrawalStatement(proposals, inVote('$3'));

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
