import type { ProposalCategory, ProposalInput, ProposalState, PublicProposal, VoteChoice } from '@civic/contracts';
import { empty, join, sql, type Sql, type SqlExecutor } from '@civic/service-kit';
import type { Outcome } from '../domain/ranking.js';
import { tsquery, type SearchTerm } from '../domain/search-query.js';
import { scoreOf } from '../domain/ranking.js';
import { carriedWithSecondChance, type ProposalInVote } from '../domain/vote-close.js';
import { tables } from './tables.js';
import { VISIBLE } from './cycle.repository.js';

interface ProposalRow {
  id: string;
  cycleId: string;
  votedCycleId: string | null;
  userId: string;
  userName: string;
  title: string;
  description: string;
  category: ProposalCategory;
  state: ProposalState;
  moderationStatus: number;
  pin: boolean;
  deletedByModerator: boolean;
  rank: number | null;
  for: number;
  against: number;
  neutral: number;
  blank: number;
  createdAt: Date;
  updatedAt: Date;
  myVote: VoteChoice | null;
}

/** The proposals with their author's name and the reader's vote (`viewerId`, null for a visitor). */
const select = (viewerId: string | null) => sql`SELECT p.id::text AS id, p.cycle_id::text AS "cycleId", p.voted_cycle_id::text AS "votedCycleId", p.user_id::text AS "userId",
  coalesce(c.user_name, '') AS "userName", p.title, p.description, p.category, p.state, p.moderation_status::int AS "moderationStatus",
  p.pin, p.deleted_by_moderator AS "deletedByModerator", p.rank, p.votes_for AS "for", p.votes_against AS against,
  p.votes_neutral AS neutral, p.votes_blank AS blank, p.created_at AS "createdAt", p.updated_at AS "updatedAt", v.choice AS "myVote"
  FROM ${tables.proposal} p
  LEFT JOIN ${tables.citizen} c ON c.user_id = p.user_id
  LEFT JOIN ${tables.vote} v ON v.proposal_id = p.id AND v.user_id = ${viewerId}::uuid`;

const listOrder = sql`p.rank ASC NULLS LAST, p.pin DESC, p.created_at ASC, p.id ASC`;
const order = sql`ORDER BY ${listOrder}`;

export function toProposal(row: ProposalRow): PublicProposal {
  return {
    id: row.id,
    cycleId: row.cycleId,
    title: row.title,
    description: row.description,
    category: row.category,
    state: row.state,
    userId: row.userId,
    userName: row.userName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    moderationStatus: row.moderationStatus === 1 ? 1 : 0,
    pin: row.pin,
    deletedByModerator: row.deletedByModerator,
    counts: { for: row.for, against: row.against, neutral: row.neutral, blank: row.blank, score: scoreOf(row) },
    myVote: row.myVote,
    rank: row.rank,
    secondChance: carriedWithSecondChance(row),
  };
}

export interface ProposalFilter {
  cycleId?: string;
  category?: ProposalCategory;
  state?: ProposalState;
  /** Only this author's proposals (to show their own rejected or deleted ones). */
  userId?: string;
  /** Include rejected and deleted proposals (only with `userId`). */
  includeHidden?: boolean;
  /** Only those matching every word (docs/product.md#search), best match first. */
  terms?: SearchTerm[];
}

/** Proposals as stored: reads with counts and the reader's vote (not their permitted actions: domain/permitted-actions.ts), and row writes (through the executor given: the client or a transaction). */
export class ProposalRepository {
  constructor(private readonly db: SqlExecutor) {}

  /** At most `limit` proposals in the list order (a board's column reads fewer than a cycle's list). */
  async list(filter: ProposalFilter, viewerId: string | null, limit = 500): Promise<PublicProposal[]> {
    const where: Sql[] = [];
    if (filter.cycleId) where.push(sql`p.cycle_id = ${filter.cycleId}::uuid`);
    if (filter.category) where.push(sql`p.category = ${filter.category}`);
    if (filter.state) where.push(sql`p.state = ${filter.state}`);
    if (filter.userId) where.push(sql`p.user_id = ${filter.userId}::uuid`);
    if (!filter.includeHidden) where.push(sql`p.${VISIBLE}`);
    let ranked = empty;
    if (filter.terms?.length) {
      const query = tsquery(filter.terms, 'all');
      where.push(sql`p.search_vector @@ ${query}`);
      ranked = sql`ts_rank(p.search_vector, ${query}) DESC, `;
    }
    const rows = await this.db.$queryRaw<ProposalRow[]>(
      sql`${select(viewerId)} WHERE ${where.length ? join(where, ' AND ') : sql`TRUE`} ORDER BY ${ranked}${listOrder} LIMIT ${Math.trunc(limit)}`,
    );
    return rows.map(toProposal);
  }

  /** The proposals a cycle's page shows: its own, and after its vote those it ranked (moved on or not). */
  async ofCycle(cycleId: string, viewerId: string | null): Promise<PublicProposal[]> {
    const rows = await this.db.$queryRaw<ProposalRow[]>(
      sql`${select(viewerId)} WHERE (p.cycle_id = ${cycleId}::uuid OR p.voted_cycle_id = ${cycleId}::uuid) AND p.${VISIBLE} ${order}`,
    );
    return rows.map(toProposal);
  }

  async byId(id: string, viewerId: string | null): Promise<PublicProposal | null> {
    const rows = await this.db.$queryRaw<ProposalRow[]>(sql`${select(viewerId)} WHERE p.id = ${id}::uuid`);
    return rows[0] ? toProposal(rows[0]) : null;
  }

  /** What a user's next submission depends on: their last submission, and the visible proposals of the cycle open for proposals (null when none is open). */
  async submissionFacts(userId: string): Promise<{ lastSubmittedAt: Date | null; openCycleProposals: number | null }> {
    const lastSubmittedAt = await this.lastSubmittedAt(userId);
    const [cycle] = await this.db.$queryRaw<{ id: string }[]>(sql`SELECT id::text AS id FROM ${tables.cycle} WHERE phase = 'proposals' ORDER BY number DESC LIMIT 1`);
    return { lastSubmittedAt, openCycleProposals: cycle ? await this.visibleInCycle(cycle.id) : null };
  }

  async insert(row: ProposalInput & { id: string; cycleId: string; userId: string; now: Date }): Promise<void> {
    await this.db.$executeRaw(
      sql`INSERT INTO ${tables.proposal} (id, cycle_id, user_id, title, description, category, state, created_at, updated_at, submitted_at)
       VALUES (${row.id}::uuid, ${row.cycleId}::uuid, ${row.userId}::uuid, ${row.title}, ${row.description}, ${row.category}, 'submitted',
         ${row.now}::timestamptz, ${row.now}::timestamptz, ${row.now}::timestamptz)`,
    );
  }

  /**
   * Puts the proposal back as submitted in `cycleId`, counters reset, if it is still as the command
   * judged it (`expected`: its state and whether a moderator deleted it); answers whether a row changed.
   */
  async resubmit(id: string, cycleId: string, expected: { state: ProposalState; deletedByModerator: boolean }, now: Date): Promise<boolean> {
    const changed = await this.db.$executeRaw(
      sql`UPDATE ${tables.proposal} SET cycle_id = ${cycleId}::uuid, state = 'submitted', deleted_at = NULL, deleted_by = NULL, rank = NULL,
         voted_cycle_id = NULL, moderation_status = 0, pin = false, votes_for = 0, votes_against = 0, votes_neutral = 0, votes_blank = 0,
         updated_at = ${now}::timestamptz, submitted_at = ${now}::timestamptz
       WHERE id = ${id}::uuid AND state = ${expected.state} AND deleted_by_moderator = ${expected.deletedByModerator}`,
    );
    return changed > 0;
  }

  async deleteVotes(proposalId: string): Promise<void> {
    await this.db.$executeRaw(sql`DELETE FROM ${tables.vote} WHERE proposal_id = ${proposalId}::uuid`);
  }

  /** Serialises the submissions of one author until the transaction ends. */
  async lockAuthor(userId: string): Promise<void> {
    await this.db.$queryRaw(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`proposal-author:${userId}`}, 0))::text`);
  }

  async lastSubmittedAt(userId: string): Promise<Date | null> {
    const [last] = await this.db.$queryRaw<{ at: Date | null }[]>(sql`SELECT max(submitted_at) AS at FROM ${tables.proposal} WHERE user_id = ${userId}::uuid`);
    return last?.at ?? null;
  }

  async visibleInCycle(cycleId: string): Promise<number> {
    const [count] = await this.db.$queryRaw<{ count: number }[]>(
      sql`SELECT count(*)::int AS count FROM ${tables.proposal} WHERE cycle_id = ${cycleId}::uuid AND ${VISIBLE}`,
    );
    return count?.count ?? 0;
  }

  /** Writes an edit if the proposal is still in `expectedState` and not deleted by a moderator (`settleSignal`: no longer signalled); answers whether it did. */
  async update(id: string, input: ProposalInput, expectedState: ProposalState, now: Date, settleSignal = false): Promise<boolean> {
    const changed = await this.db.$executeRaw(
      sql`UPDATE ${tables.proposal} SET title = ${input.title}, description = ${input.description}, category = ${input.category}, updated_at = ${now}::timestamptz
         ${settleSignal ? sql`, moderation_status = 0` : empty}
       WHERE id = ${id}::uuid AND state = ${expectedState} AND NOT deleted_by_moderator`,
    );
    return changed > 0;
  }

  /** Marks the proposal deleted (kept, hidden) if it is still in `expectedState`; answers whether it did. */
  async markDeleted(id: string, by: { id: string; byModerator: boolean }, expectedState: ProposalState, now: Date): Promise<boolean> {
    const changed = await this.db.$executeRaw(
      sql`UPDATE ${tables.proposal} SET state = 'deleted', deleted_at = ${now}::timestamptz, deleted_by = ${by.id}::uuid, deleted_by_moderator = ${by.byModerator},
         pin = false, updated_at = ${now}::timestamptz
       WHERE id = ${id}::uuid AND state = ${expectedState}`,
    );
    return changed > 0;
  }

  /** Sets moderationStatus to 1 if it was 0 on a visible proposal; answers whether it did. */
  async markSignalled(id: string, now: Date): Promise<boolean> {
    const changed = await this.db.$executeRaw(
      sql`UPDATE ${tables.proposal} SET moderation_status = 1, updated_at = ${now}::timestamptz WHERE id = ${id}::uuid AND moderation_status = 0 AND ${VISIBLE}`,
    );
    return changed > 0;
  }

  async pin(id: string, pin: boolean): Promise<void> {
    await this.db.$executeRaw(sql`UPDATE ${tables.proposal} SET pin = ${pin} WHERE id = ${id}::uuid`);
  }

  // --- the vote on proposals, inside the transaction of the phase machine ---

  /** Every visible proposal of the cycle enters its vote, second-chance ones with a fresh count. */
  async openVote(cycleId: string): Promise<void> {
    await this.db.$executeRaw(
      sql`DELETE FROM ${tables.vote} WHERE proposal_id IN
         (SELECT id FROM ${tables.proposal} WHERE cycle_id = ${cycleId}::uuid AND state IN ('submitted', 'second-chance'))`,
    );
    await this.db.$executeRaw(
      sql`UPDATE ${tables.proposal} SET state = 'in-vote', rank = NULL, votes_for = 0, votes_against = 0, votes_neutral = 0, votes_blank = 0
       WHERE cycle_id = ${cycleId}::uuid AND state IN ('submitted', 'second-chance')`,
    );
  }

  /** The cycle's proposals in vote, locked: this waits for votes in flight and refuses later ones (they need 'in-vote'). */
  async lockInVote(cycleId: string): Promise<ProposalInVote[]> {
    return this.db.$queryRaw<ProposalInVote[]>(
      sql`SELECT id::text AS id, user_id::text AS "userId", created_at AS "createdAt", votes_for AS "for", votes_against AS against
       FROM ${tables.proposal} WHERE cycle_id = ${cycleId}::uuid AND state = 'in-vote' ORDER BY created_at FOR UPDATE`,
    );
  }

  async storeVoteOutcome(outcome: { id: string; outcome: Outcome; rank: number; votedCycleId: string; cycleId: string }, at: Date): Promise<void> {
    await this.db.$executeRaw(
      sql`UPDATE ${tables.proposal} SET state = ${outcome.outcome}, rank = ${outcome.rank}, voted_cycle_id = ${outcome.votedCycleId}::uuid,
         cycle_id = ${outcome.cycleId}::uuid, updated_at = ${at}::timestamptz WHERE id = ${outcome.id}::uuid`,
    );
  }
}
