import { randomUUID } from 'node:crypto';
import {
  ProposalCreated,
  ProposalDeleted,
  ProposalEdited,
  ProposalSignalled,
  type Proposal,
  type ProposalCategory,
  type ProposalInput,
  type ProposalState,
  type VoteChoice,
} from '@civic/contracts';
import { AppError, enqueueEvent, newEvent, type SqlExecutor } from '@civic/service-kit';
import { scoreOf } from '../domain/ranking.js';
import { submissionAllowed } from '../domain/proposal-rules.js';
import { SCHEMA, type DecisionsPrisma } from './prisma.js';
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
}

export interface NewProposal extends ProposalInput {
  userId: string;
  now: Date;
  intervalMs: number;
  maxPerCycle: number;
}

/** Proposals as stored: reads with counts and the reader's vote, and each change with its event. */
export class ProposalRepository {
  constructor(private readonly db: DecisionsPrisma) {}

  async list(filter: ProposalFilter, viewerId: string | null): Promise<Proposal[]> {
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
    const rows = await this.db.$queryRawUnsafe<ProposalRow[]>(`${select} WHERE ${where.join(' AND ') || 'TRUE'} ${order} LIMIT 500`, ...values);
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

  /**
   * Creates a proposal in the cycle open for proposals. The cycle row is locked (one submission at a
   * time per cycle, and never while the scheduler moves it), and so is the author (one per interval).
   */
  async create(input: NewProposal): Promise<string> {
    return this.db.$transaction(async (tx) => {
      const cycleId = await ProposalRepository.lockOpenCycle(tx);
      await ProposalRepository.checkLimits(tx, input.userId, cycleId, input.now, input.intervalMs, input.maxPerCycle);
      const id = randomUUID();
      await tx.$executeRawUnsafe(
        `INSERT INTO ${tables.proposal} (id, cycle_id, user_id, title, description, category, state, created_at, updated_at, submitted_at)
         VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5, $6, 'submitted', $7::timestamptz, $7::timestamptz, $7::timestamptz)`,
        id,
        cycleId,
        input.userId,
        input.title,
        input.description,
        input.category,
        input.now,
      );
      await enqueueEvent(tx, SCHEMA, newEvent(ProposalCreated, { proposalId: id, userId: input.userId }, input.now));
      return id;
    });
  }

  /** Puts a rejected or self-deleted proposal back into the cycle open for proposals, under the same limits. */
  async resubmit(id: string, userId: string, now: Date, intervalMs: number, maxPerCycle: number): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const cycleId = await ProposalRepository.lockOpenCycle(tx);
      await ProposalRepository.checkLimits(tx, userId, cycleId, now, intervalMs, maxPerCycle);
      const changed = await tx.$executeRawUnsafe(
        `UPDATE ${tables.proposal} SET cycle_id = $2::uuid, state = 'submitted', deleted_at = NULL, deleted_by = NULL, rank = NULL,
           voted_cycle_id = NULL, moderation_status = 0, pin = false, votes_for = 0, votes_against = 0, votes_neutral = 0, votes_blank = 0,
           updated_at = $3::timestamptz, submitted_at = $3::timestamptz
         WHERE id = $1::uuid AND state IN ('rejected', 'deleted') AND NOT deleted_by_moderator`,
        id,
        cycleId,
        now,
      );
      if (changed === 0) throw new AppError('unauthorizedAction', 403);
      await tx.$executeRawUnsafe(`DELETE FROM ${tables.vote} WHERE proposal_id = $1::uuid`, id);
      await enqueueEvent(tx, SCHEMA, newEvent(ProposalCreated, { proposalId: id, userId }, now));
    });
  }

  private static async lockOpenCycle(tx: SqlExecutor): Promise<string> {
    const [cycle] = await tx.$queryRawUnsafe<{ id: string }[]>(
      `SELECT id::text AS id FROM ${tables.cycle} WHERE phase = 'proposals' ORDER BY number DESC LIMIT 1 FOR UPDATE`,
    );
    if (!cycle) throw new AppError('unauthorizedAction', 403, { reason: 'no-cycle-open-for-proposals' });
    return cycle.id;
  }

  private static async checkLimits(tx: SqlExecutor, userId: string, cycleId: string, now: Date, intervalMs: number, maxPerCycle: number): Promise<void> {
    await tx.$queryRawUnsafe(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))::text`, `proposal-author:${userId}`);
    const [last] = await tx.$queryRawUnsafe<{ at: Date | null }[]>(
      `SELECT max(submitted_at) AS at FROM ${tables.proposal} WHERE user_id = $1::uuid`,
      userId,
    );
    if (!submissionAllowed(last?.at ?? null, now, intervalMs)) {
      const retryAt = new Date((last?.at?.getTime() ?? now.getTime()) + intervalMs).toISOString();
      throw new AppError('onlyOneProposal', 429, { retryAt });
    }
    const [count] = await tx.$queryRawUnsafe<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM ${tables.proposal} WHERE cycle_id = $1::uuid AND ${VISIBLE}`,
      cycleId,
    );
    if ((count?.count ?? 0) >= maxPerCycle) throw new AppError('maxProposalsReached', 409, { max: maxPerCycle });
  }

  /** Applies an edit checked by the caller; `expectedState` guards against a phase change in between. */
  async edit(id: string, input: ProposalInput, editor: { id: string; authorId: string; byModerator: boolean }, expectedState: ProposalState, now: Date): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const changed = await tx.$executeRawUnsafe(
        `UPDATE ${tables.proposal} SET title = $2, description = $3, category = $4, updated_at = $5::timestamptz
         WHERE id = $1::uuid AND state = $6 AND NOT deleted_by_moderator`,
        id,
        input.title,
        input.description,
        input.category,
        now,
        expectedState,
      );
      if (changed === 0) throw new AppError('unauthorizedAction', 403, { reason: 'changed-meanwhile' });
      await enqueueEvent(tx, SCHEMA, newEvent(ProposalEdited, { proposalId: id, userId: editor.authorId, editorId: editor.id, byModerator: editor.byModerator }, now));
    });
  }

  async remove(id: string, by: { id: string; authorId: string; byModerator: boolean }, expectedState: ProposalState, now: Date): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const changed = await tx.$executeRawUnsafe(
        `UPDATE ${tables.proposal} SET state = 'deleted', deleted_at = $2::timestamptz, deleted_by = $3::uuid, deleted_by_moderator = $4,
           pin = false, updated_at = $2::timestamptz
         WHERE id = $1::uuid AND state = $5`,
        id,
        now,
        by.id,
        by.byModerator,
        expectedState,
      );
      if (changed === 0) throw new AppError('unauthorizedAction', 403, { reason: 'changed-meanwhile' });
      await enqueueEvent(tx, SCHEMA, newEvent(ProposalDeleted, { proposalId: id, userId: by.authorId, deletedBy: by.id, byModerator: by.byModerator }, now));
    });
  }

  async signal(id: string, signalledBy: string, authorId: string, now: Date): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const changed = await tx.$executeRawUnsafe(
        `UPDATE ${tables.proposal} SET moderation_status = 1, updated_at = $2::timestamptz WHERE id = $1::uuid AND moderation_status = 0 AND ${VISIBLE}`,
        id,
        now,
      );
      if (changed === 0) throw new AppError('unauthorizedAction', 403, { reason: 'already-signalled' });
      await enqueueEvent(tx, SCHEMA, newEvent(ProposalSignalled, { proposalId: id, userId: authorId, signalledBy }, now));
    });
  }

  async pin(id: string, pin: boolean): Promise<void> {
    await this.db.$executeRawUnsafe(`UPDATE ${tables.proposal} SET pin = $2 WHERE id = $1::uuid`, id, pin);
  }
}
