import { CandidateTo, type Candidate, type CandidateVote } from '@civic/contracts';
import type { SqlExecutor } from '@civic/service-kit';
import { ELECTION_LOCK, tables } from './tables.js';
import type { ElectionsPrisma } from './prisma.js';

const { candidacy, vote, member, election } = tables;

interface CandidateRow {
  id: string;
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

export type VoteOutcome = 'done' | 'notACandidate' | 'closed';

/** The month's election has closed: its candidacies and votes no longer change. */
const openMonth = (monthColumn: string) => `NOT EXISTS (SELECT 1 FROM ${election} e WHERE e.candidacy_month = ${monthColumn})`;

/** Candidacies of the open month and the votes on them. */
export class CandidacyRepository {
  constructor(private readonly prisma: ElectionsPrisma) {}

  /** The candidates standing for `role` in `month` ('YYYY-MM-01'), best first (ties to the earlier candidacy). */
  async candidates(role: CandidateTo, month: string): Promise<Candidate[]> {
    const rows = await this.prisma.$queryRawUnsafe<CandidateRow[]>(
      `SELECT c.user_id::text AS id, m.user_name, m.moderator, m.scribe, c.applied_at,
              COALESCE(sum(v.vote) FILTER (WHERE v.vote > 0), 0)::int AS votes_for,
              COALESCE(-sum(v.vote) FILTER (WHERE v.vote < 0), 0)::int AS votes_against,
              (SELECT array_agg(c2.candidate_to::int) FROM ${candidacy} c2 WHERE c2.user_id = c.user_id AND c2.month = c.month) AS roles
       FROM ${candidacy} c
       LEFT JOIN ${member} m ON m.user_id = c.user_id
       LEFT JOIN ${vote} v ON v.candidate_id = c.user_id AND v.candidate_to = c.candidate_to AND v.month = c.month
       WHERE c.candidate_to = $1 AND c.month = $2::date AND m.deleted_at IS NULL
       GROUP BY c.user_id, c.month, m.user_name, m.moderator, m.scribe, c.applied_at
       ORDER BY COALESCE(sum(v.vote), 0) DESC, c.applied_at, c.user_id`,
      role,
      month,
    );
    return rows.map((row) => {
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
        candidateTo: role,
        totalVotes: row.votes_for - row.votes_against,
        votesFor: row.votes_for,
        votesAgainst: row.votes_against,
        appliedAt: row.applied_at.toISOString(),
      };
    });
  }

  /** The votes `userId` cast in `month`. */
  async votesOf(userId: string, month: string): Promise<CandidateVote[]> {
    const rows = await this.prisma.$queryRawUnsafe<VoteRow[]>(
      `SELECT vote::int AS vote, candidate_id::text AS candidate_id, voter_id::text AS voter_id, candidate_to::int AS candidate_to
       FROM ${vote} WHERE voter_id = $1::uuid AND month = $2::date ORDER BY candidate_to, voted_at`,
      userId,
      month,
    );
    return rows.map((row) => ({ vote: row.vote === 1 ? 1 : -1, candidateId: row.candidate_id, userId: row.voter_id, candidateTo: row.candidate_to as CandidateTo }));
  }

  /**
   * Casts (replacing any earlier vote of the same user for the same candidate and role) or, with
   * `choice` null, takes back a vote. Holds the election lock shared, and the candidacy row, so neither
   * the monthly tally nor a withdrawal happens half-way.
   */
  async setVote(input: { voterId: string; candidateId: string; role: CandidateTo; month: string; choice: 1 | -1 | null; now: Date }): Promise<VoteOutcome> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$queryRawUnsafe(`SELECT pg_advisory_xact_lock_shared(${ELECTION_LOCK})::text`);
      const closed = await tx.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM ${election} WHERE candidacy_month = $1::date`, input.month);
      if (closed.length > 0) return 'closed';
      const standing = await tx.$queryRawUnsafe<unknown[]>(
        `SELECT 1 FROM ${candidacy} c JOIN ${member} m ON m.user_id = c.user_id AND m.deleted_at IS NULL
         WHERE c.user_id = $1::uuid AND c.candidate_to = $2 AND c.month = $3::date FOR SHARE OF c`,
        input.candidateId,
        input.role,
        input.month,
      );
      if (standing.length === 0) return 'notACandidate';
      if (input.choice === null) {
        await tx.$executeRawUnsafe(
          `DELETE FROM ${vote} WHERE voter_id = $1::uuid AND candidate_id = $2::uuid AND candidate_to = $3 AND month = $4::date`,
          input.voterId,
          input.candidateId,
          input.role,
          input.month,
        );
      } else {
        await tx.$executeRawUnsafe(
          `INSERT INTO ${vote} (voter_id, candidate_id, candidate_to, month, vote, voted_at) VALUES ($1::uuid, $2::uuid, $3, $4::date, $5, $6::timestamptz)
           ON CONFLICT (voter_id, candidate_id, candidate_to, month) DO UPDATE SET vote = EXCLUDED.vote, voted_at = EXCLUDED.voted_at`,
          input.voterId,
          input.candidateId,
          input.role,
          input.month,
          input.choice,
          input.now.toISOString(),
        );
      }
      return 'done';
    });
  }

  /**
   * identity.user.candidacy-changed: stand in the month of `candidateDate`, or (null) withdraw from
   * the role in every month still open, which removes the candidate's votes there too. Months whose
   * election closed are left as they were (a late event never rewrites a result).
   */
  static async candidacyChanged(
    tx: SqlExecutor,
    change: { userId: string; userName: string; candidateTo: CandidateTo; candidateDate: string | null; occurredAt: string },
  ): Promise<void> {
    await tx.$queryRawUnsafe(`SELECT pg_advisory_xact_lock_shared(${ELECTION_LOCK})::text`);
    await tx.$executeRawUnsafe(
      `INSERT INTO ${member} (user_id, user_name, registered_at) VALUES ($1::uuid, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET user_name = EXCLUDED.user_name`,
      change.userId,
      change.userName,
    );
    if (change.candidateDate !== null) {
      await tx.$executeRawUnsafe(
        `INSERT INTO ${candidacy} (user_id, candidate_to, month, applied_at)
         SELECT $1::uuid, $2, $3::date, $4::timestamptz WHERE ${openMonth('$3::date')}
         ON CONFLICT (user_id, candidate_to, month) DO NOTHING`,
        change.userId,
        change.candidateTo,
        change.candidateDate,
        change.occurredAt,
      );
      return;
    }
    await tx.$executeRawUnsafe(
      `DELETE FROM ${vote} v WHERE v.candidate_id = $1::uuid AND v.candidate_to = $2 AND ${openMonth('v.month')}`,
      change.userId,
      change.candidateTo,
    );
    await tx.$executeRawUnsafe(`DELETE FROM ${candidacy} c WHERE c.user_id = $1::uuid AND c.candidate_to = $2 AND ${openMonth('c.month')}`, change.userId, change.candidateTo);
  }
}
