import { CandidateTo, candidateToValues, type ElectionDetail, type ElectionSummary, type Official } from '@civic/contracts';
import { noOfficials, officialsKey, type Officials, type RankedCandidate, type RoleFigures, type Seats } from '../domain/tally.js';
import { sql } from '@civic/service-kit';
import type { ElectionsDb } from './prisma.js';
import { tables } from './tables.js';

const { candidacy, vote, member, election, result } = tables;

interface FigureRow {
  user_id: string;
  user_name: string | null;
  candidate_to: number;
  applied_at: Date;
  votes_for: number;
  votes_against: number;
}

interface ElectionRow {
  id: string;
  month: string;
  candidacy_month: string;
  scheduled_at: Date;
  closed_at: Date;
  voters: number;
  candidates: number;
  moderators: number;
  scribes: number;
  great_wises: number;
}

interface ResultRow {
  candidate_to: number;
  user_id: string;
  user_name: string;
  total_votes: number;
  votes_for: number;
  votes_against: number;
  rank: number;
  elected: boolean;
  applied_at: Date;
}

const summarySelect = sql`
  SELECT e.id::text AS id, e.month, to_char(e.candidacy_month, 'YYYY-MM-DD') AS candidacy_month, e.scheduled_at, e.closed_at, e.voters,
         (SELECT count(*) FROM ${result} r WHERE r.election_id = e.id)::int AS candidates,
         (SELECT count(*) FROM ${result} r WHERE r.election_id = e.id AND r.elected AND r.candidate_to = 1)::int AS moderators,
         (SELECT count(*) FROM ${result} r WHERE r.election_id = e.id AND r.elected AND r.candidate_to = 2)::int AS scribes,
         (SELECT count(*) FROM ${result} r WHERE r.election_id = e.id AND r.elected AND r.candidate_to = 3)::int AS great_wises
  FROM ${election} e`;

function toSummary(row: ElectionRow): ElectionSummary {
  return {
    id: row.id,
    month: row.month,
    candidacyMonth: row.candidacy_month,
    scheduledAt: row.scheduled_at.toISOString(),
    closedAt: row.closed_at.toISOString(),
    voters: row.voters,
    candidates: row.candidates,
    elected: { moderators: row.moderators, scribes: row.scribes, greatWises: row.great_wises },
  };
}

/** Closed elections and their results, and what closing one reads and writes (commands/close-due-elections). */
export class ElectionRepository {
  constructor(private readonly db: ElectionsDb) {}

  async list(limit = 120): Promise<ElectionSummary[]> {
    const rows = await this.db.$queryRaw<ElectionRow[]>(sql`${summarySelect} ORDER BY e.month DESC LIMIT ${limit}`);
    return rows.map(toSummary);
  }

  async byId(id: string): Promise<ElectionDetail | null> {
    const [row] = await this.db.$queryRaw<ElectionRow[]>(sql`${summarySelect} WHERE e.id = ${id}::uuid`);
    if (!row) return null;
    // Elections are never deleted: the row just read is there.
    const [stored] = await this.db.$queryRaw<{ seats: Record<string, number> }[]>(sql`SELECT seats FROM ${election} WHERE id = ${id}::uuid`);
    const seats = stored?.seats ?? {};
    const results = await this.db.$queryRaw<ResultRow[]>(
      sql`SELECT candidate_to::int AS candidate_to, user_id::text AS user_id, user_name, total_votes, votes_for, votes_against, rank, elected, applied_at
          FROM ${result} WHERE election_id = ${id}::uuid ORDER BY candidate_to, rank`,
    );
    return {
      ...toSummary(row),
      roles: candidateToValues.map((role) => ({
        candidateTo: role,
        seats: seats[String(role)] ?? 0,
        candidates: results
          .filter((r) => r.candidate_to === role)
          .map((r) => ({
            userId: r.user_id,
            userName: r.user_name,
            totalVotes: r.total_votes,
            votesFor: r.votes_for,
            votesAgainst: r.votes_against,
            rank: r.rank,
            elected: r.elected,
            appliedAt: r.applied_at.toISOString(),
          })),
      })),
    };
  }

  /** The officials of the latest closed election, by role (current names from the member projection). */
  async latestOfficials(): Promise<{ election: ElectionSummary | null; moderators: Official[]; scribes: Official[]; greatWises: Official[] }> {
    const [row] = await this.db.$queryRaw<ElectionRow[]>(sql`${summarySelect} ORDER BY e.month DESC LIMIT 1`);
    if (!row) return { election: null, moderators: [], scribes: [], greatWises: [] };
    const rows = await this.db.$queryRaw<{ candidate_to: number; id: string; user_name: string; total_votes: number }[]>(
      sql`SELECT r.candidate_to::int AS candidate_to, r.user_id::text AS id, COALESCE(NULLIF(m.user_name, ''), r.user_name) AS user_name, r.total_votes
          FROM ${result} r LEFT JOIN ${member} m ON m.user_id = r.user_id
          WHERE r.election_id = ${row.id}::uuid AND r.elected ORDER BY r.candidate_to, r.rank`,
    );
    const of = (role: CandidateTo) => rows.filter((r) => r.candidate_to === role).map((r) => ({ id: r.id, userName: r.user_name, totalVotes: r.total_votes }));
    return { election: toSummary(row), moderators: of(CandidateTo.Moderator), scribes: of(CandidateTo.Scribe), greatWises: of(CandidateTo.GreatWise) };
  }

  /** The month ('YYYY-MM') of the latest closed election, if any. */
  async lastClosedMonth(): Promise<string | null> {
    const [last] = await this.db.$queryRaw<{ month: string }[]>(sql`SELECT month FROM ${election} ORDER BY month DESC LIMIT 1`);
    return last?.month ?? null;
  }

  /** The first month ('YYYY-MM-01') that had candidacies, if any. */
  async earliestCandidacyMonth(): Promise<string | null> {
    const [earliest] = await this.db.$queryRaw<{ month: string | null }[]>(sql`SELECT to_char(min(month), 'YYYY-MM-DD') AS month FROM ${candidacy}`);
    return earliest?.month ?? null;
  }

  /** The elected of the election of `month` ('YYYY-MM'), by role in rank order. */
  async officialsOf(month: string): Promise<Officials> {
    const rows = await this.db.$queryRaw<{ candidate_to: number; user_id: string }[]>(
      sql`SELECT r.candidate_to::int AS candidate_to, r.user_id::text AS user_id FROM ${result} r JOIN ${election} e ON e.id = r.election_id
          WHERE e.month = ${month} AND r.elected ORDER BY r.candidate_to, r.rank`,
    );
    const officials = noOfficials();
    for (const row of rows) officials[officialsKey(row.candidate_to as CandidateTo)].push(row.user_id);
    return officials;
  }

  /**
   * The officials in office after the election of `month`: its elected, and for moderators those of
   * the latest election up to `month` that elected any (an election electing none leaves them in place).
   */
  async officialsInOffice(month: string): Promise<Officials> {
    const officials = await this.officialsOf(month);
    if (officials.moderators.length > 0) return officials;
    const rows = await this.db.$queryRaw<{ user_id: string }[]>(
      sql`SELECT r.user_id::text AS user_id FROM ${result} r JOIN ${election} e ON e.id = r.election_id
          WHERE r.candidate_to = ${CandidateTo.Moderator} AND r.elected AND e.month = (
            SELECT max(e2.month) FROM ${election} e2 JOIN ${result} r2 ON r2.election_id = e2.id
            WHERE r2.candidate_to = ${CandidateTo.Moderator} AND r2.elected AND e2.month <= ${month})
          ORDER BY r.rank`,
    );
    return { ...officials, moderators: rows.map((row) => row.user_id) };
  }

  /** The candidacies of `candidacyMonth` ('YYYY-MM-01') of members not deleted, with their votes and current names. */
  async figuresOf(candidacyMonth: string): Promise<(RoleFigures & { userName: string | null })[]> {
    const rows = await this.db.$queryRaw<FigureRow[]>(
      sql`SELECT c.user_id::text AS user_id, m.user_name, c.candidate_to::int AS candidate_to, c.applied_at,
                 COALESCE(sum(v.vote) FILTER (WHERE v.vote > 0), 0)::int AS votes_for,
                 COALESCE(-sum(v.vote) FILTER (WHERE v.vote < 0), 0)::int AS votes_against
          FROM ${candidacy} c
          LEFT JOIN ${member} m ON m.user_id = c.user_id
          LEFT JOIN ${vote} v ON v.candidate_id = c.user_id AND v.candidate_to = c.candidate_to AND v.month = c.month
          WHERE c.month = ${candidacyMonth}::date AND m.deleted_at IS NULL
          GROUP BY c.user_id, c.candidate_to, c.applied_at, m.user_name`,
    );
    return rows.map((row) => ({
      userId: row.user_id,
      userName: row.user_name,
      candidateTo: row.candidate_to as CandidateTo,
      votesFor: row.votes_for,
      votesAgainst: row.votes_against,
      appliedAt: row.applied_at,
    }));
  }

  /** How many users voted in `candidacyMonth` ('YYYY-MM-01'). */
  async votersOf(candidacyMonth: string): Promise<number> {
    const [voters] = await this.db.$queryRaw<{ count: number }[]>(sql`SELECT count(DISTINCT voter_id)::int AS count FROM ${vote} WHERE month = ${candidacyMonth}::date`);
    return voters?.count ?? 0;
  }

  async insertElection(row: { id: string; month: string; candidacyMonth: string; scheduledAt: Date; closedAt: Date; seats: Seats; voters: number }): Promise<void> {
    const seats = JSON.stringify({ 1: row.seats.moderators, 2: row.seats.scribes, 3: row.seats.greatWises });
    await this.db.$executeRaw(
      sql`INSERT INTO ${election} (id, month, candidacy_month, scheduled_at, closed_at, seats, voters)
          VALUES (${row.id}::uuid, ${row.month}, ${row.candidacyMonth}::date, ${row.scheduledAt.toISOString()}::timestamptz, ${row.closedAt.toISOString()}::timestamptz, ${seats}::jsonb, ${row.voters})`,
    );
  }

  async insertResult(electionId: string, role: CandidateTo, candidate: RankedCandidate, userName: string): Promise<void> {
    await this.db.$executeRaw(
      sql`INSERT INTO ${result} (election_id, candidate_to, user_id, user_name, total_votes, votes_for, votes_against, rank, elected, applied_at)
          VALUES (${electionId}::uuid, ${role}, ${candidate.userId}::uuid, ${userName}, ${candidate.totalVotes}, ${candidate.votesFor},
                  ${candidate.votesAgainst}, ${candidate.rank}, ${candidate.elected}, ${candidate.appliedAt.toISOString()}::timestamptz)`,
    );
  }
}
