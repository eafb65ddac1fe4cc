import { randomUUID } from 'node:crypto';
import { CandidateTo, candidateToValues, ElectionClosed, type ElectionDetail, type ElectionSummary, type Official } from '@civic/contracts';
import { enqueueEvent, newEvent, type SqlExecutor } from '@civic/service-kit';
import { addMonths, compareMonths, electionInstant, monthKey, monthStart, parseMonth, type ElectionTime, type Month } from '../domain/calendar.js';
import { electedOf, noOfficials, officialsKey, rankRole, removedOfficials, seatsFor, type Officials, type RankedCandidate, type Seats } from '../domain/tally.js';
import { SCHEMA, type ElectionsPrisma } from './prisma.js';
import { tables } from './tables.js';

const { candidacy, vote, member, election, result } = tables;

/** Catch-up after a long downtime closes at most this many missed months at once (oldest dropped). */
const MAX_CATCH_UP_MONTHS = 24;

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

export interface ClosedElection {
  electionId: string;
  month: string;
  elected: Officials;
  removed: Officials;
}

const summarySelect = `
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

/** Closed elections and their results; closing them is the scheduler's (see `closeDue`). */
export class ElectionRepository {
  constructor(private readonly prisma: ElectionsPrisma) {}

  async list(limit = 120): Promise<ElectionSummary[]> {
    const rows = await this.prisma.$queryRawUnsafe<ElectionRow[]>(`${summarySelect} ORDER BY e.month DESC LIMIT $1`, limit);
    return rows.map(toSummary);
  }

  async byId(id: string): Promise<ElectionDetail | null> {
    const [row] = await this.prisma.$queryRawUnsafe<ElectionRow[]>(`${summarySelect} WHERE e.id = $1::uuid`, id);
    if (!row) return null;
    const seats = (await this.prisma.election.findUniqueOrThrow({ where: { id }, select: { seats: true } })).seats as Record<string, number>;
    const results = await this.prisma.$queryRawUnsafe<ResultRow[]>(
      `SELECT candidate_to::int AS candidate_to, user_id::text AS user_id, user_name, total_votes, votes_for, votes_against, rank, elected, applied_at
       FROM ${result} WHERE election_id = $1::uuid ORDER BY candidate_to, rank`,
      id,
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
    const [row] = await this.prisma.$queryRawUnsafe<ElectionRow[]>(`${summarySelect} ORDER BY e.month DESC LIMIT 1`);
    if (!row) return { election: null, moderators: [], scribes: [], greatWises: [] };
    const rows = await this.prisma.$queryRawUnsafe<{ candidate_to: number; id: string; user_name: string; total_votes: number }[]>(
      `SELECT r.candidate_to::int AS candidate_to, r.user_id::text AS id, COALESCE(NULLIF(m.user_name, ''), r.user_name) AS user_name, r.total_votes
       FROM ${result} r LEFT JOIN ${member} m ON m.user_id = r.user_id
       WHERE r.election_id = $1::uuid AND r.elected ORDER BY r.candidate_to, r.rank`,
      row.id,
    );
    const of = (role: CandidateTo) => rows.filter((r) => r.candidate_to === role).map((r) => ({ id: r.id, userName: r.user_name, totalVotes: r.total_votes }));
    return { election: toSummary(row), moderators: of(CandidateTo.Moderator), scribes: of(CandidateTo.Scribe), greatWises: of(CandidateTo.GreatWise) };
  }

  /**
   * Closes every election due at `now` that is not closed yet, oldest first, inside the caller's
   * transaction (which holds the election lock): the months after the last closed one up to the
   * latest due; on a fresh installation, from the first month that had candidacies (an election with
   * nothing to tally is never the first one, so a seeded moderator keeps the role until a real vote).
   */
  static async closeDue(tx: SqlExecutor, now: Date, latestDue: Month, time: ElectionTime, seats: Seats): Promise<ClosedElection[]> {
    const [last] = await tx.$queryRawUnsafe<{ month: string }[]>(`SELECT month FROM ${election} ORDER BY month DESC LIMIT 1`);
    let first: Month;
    if (last) first = addMonths(parseMonth(last.month), 1);
    else {
      const [earliest] = await tx.$queryRawUnsafe<{ month: string | null }[]>(`SELECT to_char(min(month), 'YYYY-MM-DD') AS month FROM ${candidacy}`);
      if (!earliest?.month) return [];
      first = addMonths(parseMonth(earliest.month), 1);
    }
    if (compareMonths(first, latestDue) > 0) return [];
    const oldestAllowed = addMonths(latestDue, 1 - MAX_CATCH_UP_MONTHS);
    if (compareMonths(first, oldestAllowed) < 0) first = oldestAllowed;

    let previous = last ? await ElectionRepository.officialsOf(tx, last.month) : noOfficials();
    const closed: ClosedElection[] = [];
    for (let month = first; compareMonths(month, latestDue) <= 0; month = addMonths(month, 1)) {
      const outcome = await ElectionRepository.close(tx, month, now, time, seats, previous);
      closed.push(outcome);
      previous = outcome.elected;
    }
    return closed;
  }

  private static async officialsOf(tx: SqlExecutor, month: string): Promise<Officials> {
    const rows = await tx.$queryRawUnsafe<{ candidate_to: number; user_id: string }[]>(
      `SELECT r.candidate_to::int AS candidate_to, r.user_id::text AS user_id FROM ${result} r JOIN ${election} e ON e.id = r.election_id
       WHERE e.month = $1 AND r.elected ORDER BY r.candidate_to, r.rank`,
      month,
    );
    const officials = noOfficials();
    for (const row of rows) officials[officialsKey(row.candidate_to as CandidateTo)].push(row.user_id);
    return officials;
  }

  /** Tallies the candidacies of the month before `office`, stores the result and writes the event. */
  private static async close(tx: SqlExecutor, office: Month, now: Date, time: ElectionTime, seats: Seats, previous: Officials): Promise<ClosedElection> {
    const candidacyMonth = monthStart(addMonths(office, -1));
    const figures = await tx.$queryRawUnsafe<FigureRow[]>(
      `SELECT c.user_id::text AS user_id, m.user_name, c.candidate_to::int AS candidate_to, c.applied_at,
              COALESCE(sum(v.vote) FILTER (WHERE v.vote > 0), 0)::int AS votes_for,
              COALESCE(-sum(v.vote) FILTER (WHERE v.vote < 0), 0)::int AS votes_against
       FROM ${candidacy} c
       LEFT JOIN ${member} m ON m.user_id = c.user_id
       LEFT JOIN ${vote} v ON v.candidate_id = c.user_id AND v.candidate_to = c.candidate_to AND v.month = c.month
       WHERE c.month = $1::date AND m.deleted_at IS NULL
       GROUP BY c.user_id, c.candidate_to, c.applied_at, m.user_name`,
      candidacyMonth,
    );
    const [voters] = await tx.$queryRawUnsafe<{ count: number }[]>(`SELECT count(DISTINCT voter_id)::int AS count FROM ${vote} WHERE month = $1::date`, candidacyMonth);
    const names = new Map(figures.map((row) => [row.user_id, row.user_name ?? '']));
    const ranked = new Map<CandidateTo, RankedCandidate[]>();
    for (const role of candidateToValues) {
      const ofRole = figures.filter((row) => row.candidate_to === role);
      ranked.set(
        role,
        rankRole(
          ofRole.map((row) => ({ userId: row.user_id, votesFor: row.votes_for, votesAgainst: row.votes_against, appliedAt: row.applied_at })),
          seatsFor(seats, role),
        ),
      );
    }
    const electionId = randomUUID();
    const month = monthKey(office);
    await tx.$executeRawUnsafe(
      `INSERT INTO ${election} (id, month, candidacy_month, scheduled_at, closed_at, seats, voters) VALUES ($1::uuid, $2, $3::date, $4::timestamptz, $5::timestamptz, $6::jsonb, $7)`,
      electionId,
      month,
      candidacyMonth,
      electionInstant(office, time).toISOString(),
      now.toISOString(),
      JSON.stringify({ 1: seats.moderators, 2: seats.scribes, 3: seats.greatWises }),
      voters?.count ?? 0,
    );
    for (const [role, candidates] of ranked) {
      for (const candidate of candidates) {
        await tx.$executeRawUnsafe(
          `INSERT INTO ${result} (election_id, candidate_to, user_id, user_name, total_votes, votes_for, votes_against, rank, elected, applied_at)
           VALUES ($1::uuid, $2, $3::uuid, $4, $5, $6, $7, $8, $9, $10::timestamptz)`,
          electionId,
          role,
          candidate.userId,
          names.get(candidate.userId) ?? '',
          candidate.totalVotes,
          candidate.votesFor,
          candidate.votesAgainst,
          candidate.rank,
          candidate.elected,
          candidate.appliedAt.toISOString(),
        );
      }
    }
    const elected = electedOf(ranked);
    const removed = removedOfficials(previous, elected);
    await enqueueEvent(tx, SCHEMA, newEvent(ElectionClosed, { electionId, month, elected, removed }, now));
    return { electionId, month, elected, removed };
  }
}
