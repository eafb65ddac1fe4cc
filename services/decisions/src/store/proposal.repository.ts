import type { Proposal, ProposalCategory, ProposalInput, ProposalState, VoteChoice } from '@civic/contracts';
import type { SqlExecutor } from '@civic/service-kit';
import type { Outcome } from '../domain/ranking.js';
import { lexeme, tsqueryExpression, type SearchTerm } from '../domain/search-query.js';
import { scoreOf } from '../domain/ranking.js';
import type { ProposalInVote } from '../domain/vote-close.js';
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

const select = `SELECT p.id::text AS id, p.cycle_id::text AS "cycleId", p.voted_cycle_id::text AS "votedCycleId", p.user_id::text AS "userId",
  coalesce(c.user_name, '') AS "userName", p.title, p.description, p.category, p.state, p.moderation_status::int AS "moderationStatus",
  p.pin, p.deleted_by_moderator AS "deletedByModerator", p.rank, p.votes_for AS "for", p.votes_against AS against,
  p.votes_neutral AS neutral, p.votes_blank AS blank, p.created_at AS "createdAt", p.updated_at AS "updatedAt", v.choice AS "myVote"
  FROM ${tables.proposal} p
  LEFT JOIN ${tables.citizen} c ON c.user_id = p.user_id
  LEFT JOIN ${tables.vote} v ON v.proposal_id = p.id AND v.user_id = $1::uuid`;

const order = `ORDER BY p.rank ASC NULLS LAST, p.pin DESC, p.created_at ASC, p.id ASC`;

export function toProposal(row: ProposalRow): Proposal {
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

/** Proposals as stored: reads with counts and the reader's vote, and row writes (through the executor given: the client or a transaction). */
export class ProposalRepository {
  constructor(private readonly db: SqlExecutor) {}

  /** At most `limit` proposals in the list order (a board's column reads fewer than a cycle's list). */
  async list(filter: ProposalFilter, viewerId: string | null, limit = 500): Promise<Proposal[]> {
    const where: string[] = [];
    const values: unknown[] = [viewerId];
    const add = (clause: (index: number) => string, value: unknown) => {
      values.push(value);
      where.push(clause(values.length));
    };
    if (filter.cycleId) add((i) => `p.cycle_id = $${i}::uuid`, filter.cycleId);
    if (filter.category) add((i) => `p.category = $${i}`, filter.category);
    if (filter.state) add((i) => `p.state = $${i}`, filter.state);
    if (filter.userId) add((i) => `p.user_id = $${i}::uuid`, filter.userId);
    if (!filter.includeHidden) where.push(`p.${VISIBLE}`);
    let listOrder = order;
    if (filter.terms?.length) {
      const query = tsqueryExpression(filter.terms.length, values.length + 1, 'all');
      values.push(...filter.terms.map(lexeme));
      where.push(`p.search_vector @@ ${query}`);
      listOrder = `ORDER BY ts_rank(p.search_vector, ${query}) DESC, ${order.slice('ORDER BY '.length)}`;
    }
    const rows = await this.db.$queryRawUnsafe<ProposalRow[]>(`${select} WHERE ${where.join(' AND ') || 'TRUE'} ${listOrder} LIMIT ${Math.trunc(limit)}`, ...values);
    return rows.map(toProposal);
  }

  /** The proposals a cycle's page shows: its own, and after its vote those it ranked (moved on or not). */
  async ofCycle(cycleId: string, viewerId: string | null): Promise<Proposal[]> {
    const rows = await this.db.$queryRawUnsafe<ProposalRow[]>(
      `${select} WHERE (p.cycle_id = $2::uuid OR p.voted_cycle_id = $2::uuid) AND p.${VISIBLE} ${order}`,
      viewerId,
      cycleId,
    );
    return rows.map(toProposal);
  }

  async byId(id: string, viewerId: string | null): Promise<Proposal | null> {
    const rows = await this.db.$queryRawUnsafe<ProposalRow[]>(`${select} WHERE p.id = $2::uuid`, viewerId, id);
    return rows[0] ? toProposal(rows[0]) : null;
  }

  /** What a user's next submission depends on: their last submission, and the visible proposals of the cycle open for proposals (null when none is open). */
  async submissionFacts(userId: string): Promise<{ lastSubmittedAt: Date | null; openCycleProposals: number | null }> {
    const lastSubmittedAt = await this.lastSubmittedAt(userId);
    const [cycle] = await this.db.$queryRawUnsafe<{ id: string }[]>(`SELECT id::text AS id FROM ${tables.cycle} WHERE phase = 'proposals' ORDER BY number DESC LIMIT 1`);
    return { lastSubmittedAt, openCycleProposals: cycle ? await this.visibleInCycle(cycle.id) : null };
  }

  async insert(row: ProposalInput & { id: string; cycleId: string; userId: string; now: Date }): Promise<void> {
    await this.db.$executeRawUnsafe(
      `INSERT INTO ${tables.proposal} (id, cycle_id, user_id, title, description, category, state, created_at, updated_at, submitted_at)
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5, $6, 'submitted', $7::timestamptz, $7::timestamptz, $7::timestamptz)`,
      row.id,
      row.cycleId,
      row.userId,
      row.title,
      row.description,
      row.category,
      row.now,
    );
  }

  /** Puts a rejected or self-deleted proposal back as submitted in `cycleId`, counters reset; answers whether a row changed. */
  async resubmit(id: string, cycleId: string, now: Date): Promise<boolean> {
    const changed = await this.db.$executeRawUnsafe(
      `UPDATE ${tables.proposal} SET cycle_id = $2::uuid, state = 'submitted', deleted_at = NULL, deleted_by = NULL, rank = NULL,
         voted_cycle_id = NULL, moderation_status = 0, pin = false, votes_for = 0, votes_against = 0, votes_neutral = 0, votes_blank = 0,
         updated_at = $3::timestamptz, submitted_at = $3::timestamptz
       WHERE id = $1::uuid AND state IN ('rejected', 'deleted') AND NOT deleted_by_moderator`,
      id,
      cycleId,
      now,
    );
    return changed > 0;
  }

  async deleteVotes(proposalId: string): Promise<void> {
    await this.db.$executeRawUnsafe(`DELETE FROM ${tables.vote} WHERE proposal_id = $1::uuid`, proposalId);
  }

  /** Serialises the submissions of one author until the transaction ends. */
  async lockAuthor(userId: string): Promise<void> {
    await this.db.$queryRawUnsafe(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))::text`, `proposal-author:${userId}`);
  }

  async lastSubmittedAt(userId: string): Promise<Date | null> {
    const [last] = await this.db.$queryRawUnsafe<{ at: Date | null }[]>(`SELECT max(submitted_at) AS at FROM ${tables.proposal} WHERE user_id = $1::uuid`, userId);
    return last?.at ?? null;
  }

  async visibleInCycle(cycleId: string): Promise<number> {
    const [count] = await this.db.$queryRawUnsafe<{ count: number }[]>(`SELECT count(*)::int AS count FROM ${tables.proposal} WHERE cycle_id = $1::uuid AND ${VISIBLE}`, cycleId);
    return count?.count ?? 0;
  }

  /** Writes an edit if the proposal is still in `expectedState` and not deleted by a moderator; answers whether it did. */
  async update(id: string, input: ProposalInput, expectedState: ProposalState, now: Date): Promise<boolean> {
    const changed = await this.db.$executeRawUnsafe(
      `UPDATE ${tables.proposal} SET title = $2, description = $3, category = $4, updated_at = $5::timestamptz
       WHERE id = $1::uuid AND state = $6 AND NOT deleted_by_moderator`,
      id,
      input.title,
      input.description,
      input.category,
      now,
      expectedState,
    );
    return changed > 0;
  }

  /** Marks the proposal deleted (kept, hidden) if it is still in `expectedState`; answers whether it did. */
  async markDeleted(id: string, by: { id: string; byModerator: boolean }, expectedState: ProposalState, now: Date): Promise<boolean> {
    const changed = await this.db.$executeRawUnsafe(
      `UPDATE ${tables.proposal} SET state = 'deleted', deleted_at = $2::timestamptz, deleted_by = $3::uuid, deleted_by_moderator = $4,
         pin = false, updated_at = $2::timestamptz
       WHERE id = $1::uuid AND state = $5`,
      id,
      now,
      by.id,
      by.byModerator,
      expectedState,
    );
    return changed > 0;
  }

  /** Sets moderationStatus to 1 if it was 0 on a visible proposal; answers whether it did. */
  async markSignalled(id: string, now: Date): Promise<boolean> {
    const changed = await this.db.$executeRawUnsafe(
      `UPDATE ${tables.proposal} SET moderation_status = 1, updated_at = $2::timestamptz WHERE id = $1::uuid AND moderation_status = 0 AND ${VISIBLE}`,
      id,
      now,
    );
    return changed > 0;
  }

  async pin(id: string, pin: boolean): Promise<void> {
    await this.db.$executeRawUnsafe(`UPDATE ${tables.proposal} SET pin = $2 WHERE id = $1::uuid`, id, pin);
  }

  // --- the vote on proposals, inside the transaction of the phase machine ---

  /** Every visible proposal of the cycle enters its vote, second-chance ones with a fresh count. */
  async openVote(cycleId: string): Promise<void> {
    await this.db.$executeRawUnsafe(
      `DELETE FROM ${tables.vote} WHERE proposal_id IN
         (SELECT id FROM ${tables.proposal} WHERE cycle_id = $1::uuid AND state IN ('submitted', 'second-chance'))`,
      cycleId,
    );
    await this.db.$executeRawUnsafe(
      `UPDATE ${tables.proposal} SET state = 'in-vote', rank = NULL, votes_for = 0, votes_against = 0, votes_neutral = 0, votes_blank = 0
       WHERE cycle_id = $1::uuid AND state IN ('submitted', 'second-chance')`,
      cycleId,
    );
  }

  /** The cycle's proposals in vote, locked: this waits for votes in flight and refuses later ones (they need 'in-vote'). */
  async lockInVote(cycleId: string): Promise<ProposalInVote[]> {
    return this.db.$queryRawUnsafe<ProposalInVote[]>(
      `SELECT id::text AS id, user_id::text AS "userId", created_at AS "createdAt", votes_for AS "for", votes_against AS against
       FROM ${tables.proposal} WHERE cycle_id = $1::uuid AND state = 'in-vote' ORDER BY created_at FOR UPDATE`,
      cycleId,
    );
  }

  async storeVoteOutcome(outcome: { id: string; outcome: Outcome; rank: number; votedCycleId: string; cycleId: string }, at: Date): Promise<void> {
    await this.db.$executeRawUnsafe(
      `UPDATE ${tables.proposal} SET state = $2, rank = $3, voted_cycle_id = $4::uuid, cycle_id = $5::uuid, updated_at = $6::timestamptz WHERE id = $1::uuid`,
      outcome.id,
      outcome.outcome,
      outcome.rank,
      outcome.votedCycleId,
      outcome.cycleId,
      at,
    );
  }
}
