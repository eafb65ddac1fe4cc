import { CandidateTo, type Candidate, type CandidateVote } from '@civic/contracts';
import { sql, type Sql, type SqlExecutor } from '@civic/service-kit';
import { tables } from './tables.js';

const { candidacy, vote, member, election } = tables;

interface CandidateRow {
  id: string;
  candidate_to: number;
  user_name: string | null;
  moderator: boolean | null;
  scribe: boolean | null;
  applied_at: Date;
  votes_for: number;
  votes_against: number;
  roles: number[] | null;
}

interface VoteRow {
  vote: number;
  candidate_id: string;
  voter_id: string;
  candidate_to: number;
}

const voteSums = sql`sum(vote) FILTER (WHERE vote > 0) AS votes_for, -sum(vote) FILTER (WHERE vote < 0) AS votes_against, sum(vote) AS total`;
const rolesOfCandidate = sql`(SELECT array_agg(c2.candidate_to::int) FROM ${candidacy} c2 WHERE c2.user_id = c.user_id AND c2.month = c.month)`;

/** Candidate rows: each candidacy `c` with its member `m`, the query then joining the vote sums as `t`. */
const candidateRows = sql`SELECT c.user_id::text AS id, c.candidate_to::int AS candidate_to, m.user_name, m.moderator, m.scribe, c.applied_at,
                                 COALESCE(t.votes_for, 0)::int AS votes_for,
                                 COALESCE(t.votes_against, 0)::int AS votes_against,
                                 ${rolesOfCandidate} AS roles
                          FROM ${candidacy} c
                          LEFT JOIN ${member} m ON m.user_id = c.user_id`;

/** A row of the candidates' query as the API answers it. */
function candidateOf(row: CandidateRow, month: string): Candidate {
  const roles = new Set(row.roles ?? []);
  const dateIf = (to: CandidateTo) => (roles.has(to) ? month : null);
  return {
    id: row.id,
    userName: row.user_name ?? '',
    moderator: row.moderator ?? false,
    scribe: row.scribe ?? false,
    moderatorCandidateDate: dateIf(CandidateTo.Moderator),
    scribeCandidateDate: dateIf(CandidateTo.Scribe),
    greatWiseCandidateDate: dateIf(CandidateTo.GreatWise),
    candidateTo: row.candidate_to as CandidateTo,
    totalVotes: row.votes_for - row.votes_against,
    votesFor: row.votes_for,
    votesAgainst: row.votes_against,
    appliedAt: row.applied_at.toISOString(),
  };
}

/** The month's election has closed: its candidacies and votes no longer change. */
const openMonth = (month: Sql) => sql`NOT EXISTS (SELECT 1 FROM ${election} e WHERE e.candidacy_month = ${month})`;

/** Candidacies and the votes on them; each takes the client or a transaction. */
export class CandidacyRepository {
  constructor(private readonly db: SqlExecutor) {}

  /** The candidates standing for `role` in `month` ('YYYY-MM-01'), best first (ties to the earlier candidacy). */
  async candidates(role: CandidateTo, month: string): Promise<Candidate[]> {
    const rows = await this.db.$queryRaw<CandidateRow[]>(
      // Votes are summed per candidate first (from the covering index), then joined to the candidacies.
      sql`${candidateRows}
          LEFT JOIN (SELECT candidate_id, ${voteSums} FROM ${vote} WHERE candidate_to = ${role} AND month = ${month}::date GROUP BY candidate_id) t ON t.candidate_id = c.user_id
          WHERE c.candidate_to = ${role} AND c.month = ${month}::date AND m.deleted_at IS NULL
          ORDER BY COALESCE(t.total, 0) DESC, c.applied_at, c.user_id`,
    );
    return rows.map((row) => candidateOf(row, month));
  }

  /**
   * Every role's candidates in `month` in one query, by role (1, 2, 3), each role's best first as
   * `candidates` answers them: the open election's live figures (docs/live.md).
   */
  async allCandidates(month: string): Promise<Candidate[]> {
    const rows = await this.db.$queryRaw<CandidateRow[]>(
      sql`${candidateRows}
          LEFT JOIN (SELECT candidate_to, candidate_id, ${voteSums} FROM ${vote} WHERE month = ${month}::date GROUP BY candidate_to, candidate_id) t
                 ON t.candidate_to = c.candidate_to AND t.candidate_id = c.user_id
          WHERE c.month = ${month}::date AND m.deleted_at IS NULL
          ORDER BY c.candidate_to, COALESCE(t.total, 0) DESC, c.applied_at, c.user_id`,
    );
    return rows.map((row) => candidateOf(row, month));
  }

  /** The votes `userId` cast in `month`. */
  async votesOf(userId: string, month: string): Promise<CandidateVote[]> {
    const rows = await this.db.$queryRaw<VoteRow[]>(
      sql`SELECT vote::int AS vote, candidate_id::text AS candidate_id, voter_id::text AS voter_id, candidate_to::int AS candidate_to
          FROM ${vote} WHERE voter_id = ${userId}::uuid AND month = ${month}::date ORDER BY candidate_to, voted_at`,
    );
    return rows.map((row) => ({ vote: row.vote === 1 ? 1 : -1, candidateId: row.candidate_id, userId: row.voter_id, candidateTo: row.candidate_to as CandidateTo }));
  }

  /** Whether the election of `month` ('YYYY-MM-01') has closed. */
  async monthClosed(month: string): Promise<boolean> {
    const closed = await this.db.$queryRaw<unknown[]>(sql`SELECT 1 FROM ${election} WHERE candidacy_month = ${month}::date`);
    return closed.length > 0;
  }

  /** Whether `candidateId`, not deleted, stands for `role` in `month`; holds the candidacy row (shared) till the transaction ends. */
  async holdStanding(candidateId: string, role: CandidateTo, month: string): Promise<boolean> {
    const standing = await this.db.$queryRaw<unknown[]>(
      sql`SELECT 1 FROM ${candidacy} c JOIN ${member} m ON m.user_id = c.user_id AND m.deleted_at IS NULL
          WHERE c.user_id = ${candidateId}::uuid AND c.candidate_to = ${role} AND c.month = ${month}::date FOR SHARE OF c`,
    );
    return standing.length > 0;
  }

  /** Stores the vote, replacing an earlier one of the same voter for the same candidate, role and month. */
  async upsertVote(input: { voterId: string; candidateId: string; role: CandidateTo; month: string; vote: 1 | -1; at: Date }): Promise<void> {
    await this.db.$executeRaw(
      sql`INSERT INTO ${vote} (voter_id, candidate_id, candidate_to, month, vote, voted_at)
          VALUES (${input.voterId}::uuid, ${input.candidateId}::uuid, ${input.role}, ${input.month}::date, ${input.vote}, ${input.at.toISOString()}::timestamptz)
          ON CONFLICT (voter_id, candidate_id, candidate_to, month) DO UPDATE SET vote = EXCLUDED.vote, voted_at = EXCLUDED.voted_at`,
    );
  }

  async deleteVote(input: { voterId: string; candidateId: string; role: CandidateTo; month: string }): Promise<void> {
    await this.db.$executeRaw(
      sql`DELETE FROM ${vote} WHERE voter_id = ${input.voterId}::uuid AND candidate_id = ${input.candidateId}::uuid AND candidate_to = ${input.role} AND month = ${input.month}::date`,
    );
  }

  /** Records the member's name (creating the member when no event about them arrived yet). */
  async upsertMemberName(userId: string, userName: string): Promise<void> {
    await this.db.$executeRaw(
      sql`INSERT INTO ${member} (user_id, user_name, registered_at) VALUES (${userId}::uuid, ${userName}, now())
          ON CONFLICT (user_id) DO UPDATE SET user_name = EXCLUDED.user_name`,
    );
  }

  /** Inserts the candidacy unless it exists or its month's election closed. */
  async insertCandidacyInOpenMonth(input: { userId: string; role: CandidateTo; month: string; appliedAt: string }): Promise<void> {
    const month = sql`${input.month}::date`;
    await this.db.$executeRaw(
      sql`INSERT INTO ${candidacy} (user_id, candidate_to, month, applied_at)
          SELECT ${input.userId}::uuid, ${input.role}, ${month}, ${input.appliedAt}::timestamptz WHERE ${openMonth(month)}
          ON CONFLICT (user_id, candidate_to, month) DO NOTHING`,
    );
  }

  /** Deletes the votes on the candidate for `role` in every month whose election has not closed. */
  async deleteVotesOnInOpenMonths(candidateId: string, role: CandidateTo): Promise<void> {
    await this.db.$executeRaw(sql`DELETE FROM ${vote} v WHERE v.candidate_id = ${candidateId}::uuid AND v.candidate_to = ${role} AND ${openMonth(sql`v.month`)}`);
  }

  /** Deletes the user's candidacies for `role` in every month whose election has not closed. */
  async deleteCandidaciesInOpenMonths(userId: string, role: CandidateTo): Promise<void> {
    await this.db.$executeRaw(sql`DELETE FROM ${candidacy} c WHERE c.user_id = ${userId}::uuid AND c.candidate_to = ${role} AND ${openMonth(sql`c.month`)}`);
  }
}
