import { randomBytes, randomUUID } from 'node:crypto';
import {
  CycleExtended,
  CyclePhaseChanged,
  ProposalSecondChance,
  ProposalSelected,
  ProposalVoteClosed,
  type DecisionPhase,
} from '@civic/contracts';
import { enqueueEvent, newEvent, type SqlExecutor } from '@civic/service-kit';
import type { CycleSnapshot, Transition } from '../domain/cycle-engine.js';
import { rankProposals } from '../domain/ranking.js';
import type { DecisionsPrisma } from './prisma.js';
import { SCHEMA } from './prisma.js';
import { LawLifecycle } from './law-lifecycle.js';
import { tables } from './tables.js';

export interface CycleRow extends CycleSnapshot {
  seed: string | null;
  voteClosedAt: Date | null;
  createdAt: Date;
}

interface RawCycle {
  id: string;
  number: number;
  phase: DecisionPhase;
  phaseStartedAt: Date;
  phaseEndsAt: Date | null;
  extensions: number;
  seed: string | null;
  voteClosedAt: Date | null;
  createdAt: Date;
}

const cycleColumns = `id::text AS id, number, phase, phase_started_at AS "phaseStartedAt", phase_ends_at AS "phaseEndsAt",
  extensions, seed, vote_closed_at AS "voteClosedAt", created_at AS "createdAt"`;

/** Visible proposals: neither rejected nor deleted. */
export const VISIBLE = `state NOT IN ('rejected', 'deleted')`;

export interface Selection {
  selected: number;
  secondChance: number;
  /** Creators drawn per law (ARCHITECTURE section 8: 5). */
  creatorsPerLaw?: number;
}

/** Cycles as stored, and the effect of each transition of the phase machine with its events. */
export class CycleRepository {
  constructor(private readonly db: DecisionsPrisma) {}

  /** Cycles not yet archived, newest first, plus the `limit` latest archived ones. */
  async current(archived = 3): Promise<CycleRow[]> {
    return this.db.$queryRawUnsafe<RawCycle[]>(
      `(SELECT ${cycleColumns} FROM ${tables.cycle} WHERE phase <> 'archive')
       UNION ALL
       (SELECT ${cycleColumns} FROM ${tables.cycle} WHERE phase = 'archive' ORDER BY number DESC LIMIT $1)
       ORDER BY number DESC`,
      archived,
    );
  }

  async byId(id: string): Promise<CycleRow | null> {
    const rows = await this.db.$queryRawUnsafe<RawCycle[]>(`SELECT ${cycleColumns} FROM ${tables.cycle} WHERE id = $1::uuid`, id);
    return rows[0] ?? null;
  }

  async inPhase(phase: DecisionPhase): Promise<CycleRow | null> {
    const rows = await this.db.$queryRawUnsafe<RawCycle[]>(
      `SELECT ${cycleColumns} FROM ${tables.cycle} WHERE phase = $1 ORDER BY number DESC LIMIT 1`,
      phase,
    );
    return rows[0] ?? null;
  }

  /** The cycle whose vote closed last (the result the voting screen shows once no vote is open). */
  async lastClosedVote(): Promise<CycleRow | null> {
    const rows = await this.db.$queryRawUnsafe<RawCycle[]>(
      `SELECT ${cycleColumns} FROM ${tables.cycle} WHERE vote_closed_at IS NOT NULL ORDER BY vote_closed_at DESC, number DESC LIMIT 1`,
    );
    return rows[0] ?? null;
  }

  /** Visible proposals per cycle. */
  async proposalCounts(cycleIds: string[]): Promise<Map<string, number>> {
    if (cycleIds.length === 0) return new Map();
    const rows = await this.db.$queryRawUnsafe<{ cycleId: string; count: number }[]>(
      `SELECT cycle_id::text AS "cycleId", count(*)::int AS count FROM ${tables.proposal}
       WHERE cycle_id = ANY($1::uuid[]) AND ${VISIBLE} GROUP BY cycle_id`,
      cycleIds,
    );
    return new Map(rows.map((row) => [row.cycleId, row.count]));
  }

  async verifiedUsers(): Promise<number> {
    const [row] = await this.db.$queryRawUnsafe<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM ${tables.citizen} WHERE verified_at IS NOT NULL AND deleted_at IS NULL`,
    );
    return row?.count ?? 0;
  }

  // --- inside the scheduler's transaction -------------------------------------------------------

  /** The live cycles, locked for this transaction. */
  static async lockLive(tx: SqlExecutor): Promise<CycleRow[]> {
    return tx.$queryRawUnsafe<RawCycle[]>(`SELECT ${cycleColumns} FROM ${tables.cycle} WHERE phase <> 'archive' ORDER BY number FOR UPDATE`);
  }

  static async maxNumber(tx: SqlExecutor): Promise<number> {
    const [row] = await tx.$queryRawUnsafe<{ max: number | null }[]>(`SELECT max(number)::int AS max FROM ${tables.cycle}`);
    return row?.max ?? 0;
  }

  static async facts(tx: SqlExecutor): Promise<{ verifiedUsers: number; proposals: Map<string, number> }> {
    const [users] = await tx.$queryRawUnsafe<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM ${tables.citizen} WHERE verified_at IS NOT NULL AND deleted_at IS NULL`,
    );
    const rows = await tx.$queryRawUnsafe<{ cycleId: string; count: number }[]>(
      `SELECT p.cycle_id::text AS "cycleId", count(*)::int AS count FROM ${tables.proposal} p
       JOIN ${tables.cycle} c ON c.id = p.cycle_id WHERE c.phase = 'proposals' AND p.${VISIBLE} GROUP BY p.cycle_id`,
    );
    return { verifiedUsers: users?.count ?? 0, proposals: new Map(rows.map((row) => [row.cycleId, row.count])) };
  }

  /** Stores one transition and writes its events into the outbox. */
  static async apply(tx: SqlExecutor, transition: Transition, selection: Selection): Promise<void> {
    switch (transition.kind) {
      case 'open': {
        const id = randomUUID();
        await tx.$executeRawUnsafe(
          `INSERT INTO ${tables.cycle} (id, number, phase, phase_started_at, phase_ends_at, created_at)
           VALUES ($1::uuid, $2, 'proposals', $3::timestamptz, $4::timestamptz, $3::timestamptz)`,
          id,
          transition.number,
          transition.at,
          transition.phaseEndsAt,
        );
        await enqueueEvent(
          tx,
          SCHEMA,
          newEvent(
            CyclePhaseChanged,
            { cycleId: id, number: transition.number, from: null, to: 'proposals', at: transition.at.toISOString(), phaseEndsAt: transition.phaseEndsAt.toISOString() },
            transition.at,
          ),
        );
        return;
      }
      case 'extend': {
        await tx.$executeRawUnsafe(
          `UPDATE ${tables.cycle} SET phase_ends_at = $2::timestamptz, extensions = extensions + 1 WHERE id = $1::uuid`,
          transition.cycleId,
          transition.until,
        );
        await enqueueEvent(
          tx,
          SCHEMA,
          newEvent(
            CycleExtended,
            { cycleId: transition.cycleId, until: transition.until.toISOString(), verifiedUsers: transition.verifiedUsers, proposals: transition.proposals },
            transition.at,
          ),
        );
        return;
      }
      case 'advance': {
        if (transition.from === 'proposals') await CycleRepository.openVote(tx, transition.cycleId);
        if (transition.from === 'voting') await CycleRepository.closeVote(tx, transition.cycleId, transition.at, selection);
        if (transition.from === 'creation') await LawLifecycle.enterFinalVote(tx, transition.cycleId, transition.at);
        if (transition.from === 'final-vote') await LawLifecycle.archive(tx, transition.cycleId, transition.at);
        await tx.$executeRawUnsafe(
          `UPDATE ${tables.cycle} SET phase = $2, phase_started_at = $3::timestamptz, phase_ends_at = $4::timestamptz WHERE id = $1::uuid`,
          transition.cycleId,
          transition.to,
          transition.at,
          transition.phaseEndsAt,
        );
        await enqueueEvent(
          tx,
          SCHEMA,
          newEvent(
            CyclePhaseChanged,
            {
              cycleId: transition.cycleId,
              number: transition.number,
              from: transition.from,
              to: transition.to,
              at: transition.at.toISOString(),
              phaseEndsAt: transition.phaseEndsAt?.toISOString() ?? null,
            },
            transition.at,
          ),
        );
        return;
      }
    }
  }

  /** Every visible proposal of the cycle enters its vote, second-chance ones with a fresh count. */
  private static async openVote(tx: SqlExecutor, cycleId: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `DELETE FROM ${tables.vote} WHERE proposal_id IN
         (SELECT id FROM ${tables.proposal} WHERE cycle_id = $1::uuid AND state IN ('submitted', 'second-chance'))`,
      cycleId,
    );
    await tx.$executeRawUnsafe(
      `UPDATE ${tables.proposal} SET state = 'in-vote', rank = NULL, votes_for = 0, votes_against = 0, votes_neutral = 0, votes_blank = 0
       WHERE cycle_id = $1::uuid AND state IN ('submitted', 'second-chance')`,
      cycleId,
    );
  }

  /**
   * Closes the vote: ranks by score (ties to the earlier proposal), selects the top group, moves the
   * second-chance group into the cycle now open for proposals, rejects the rest (hidden, kept), and
   * stores and publishes the draw seed.
   */
  private static async closeVote(tx: SqlExecutor, cycleId: string, at: Date, selection: Selection): Promise<void> {
    // Locking the proposals waits for votes in flight and refuses later ones (they need 'in-vote').
    const rows = await tx.$queryRawUnsafe<{ id: string; userId: string; createdAt: Date; for: number; against: number }[]>(
      `SELECT id::text AS id, user_id::text AS "userId", created_at AS "createdAt", votes_for AS "for", votes_against AS against
       FROM ${tables.proposal} WHERE cycle_id = $1::uuid AND state = 'in-vote' ORDER BY created_at FOR UPDATE`,
      cycleId,
    );
    const ranked = rankProposals(
      rows.map((row) => ({ id: row.id, createdAt: row.createdAt, tally: { for: row.for, against: row.against } })),
      selection.selected,
      selection.secondChance,
    );
    const [next] = await tx.$queryRawUnsafe<{ id: string }[]>(
      `SELECT id::text AS id FROM ${tables.cycle} WHERE phase = 'proposals' AND id <> $1::uuid ORDER BY number DESC LIMIT 1`,
      cycleId,
    );
    const authors = new Map(rows.map((row) => [row.id, row.userId]));
    for (const { id, rank, outcome } of ranked) {
      await tx.$executeRawUnsafe(
        `UPDATE ${tables.proposal} SET state = $2, rank = $3, voted_cycle_id = $4::uuid, cycle_id = $5::uuid, updated_at = $6::timestamptz WHERE id = $1::uuid`,
        id,
        outcome,
        rank,
        cycleId,
        outcome === 'second-chance' && next ? next.id : cycleId,
        at,
      );
    }
    const seed = randomBytes(32).toString('hex');
    await tx.$executeRawUnsafe(`UPDATE ${tables.cycle} SET seed = $2, vote_closed_at = $3::timestamptz WHERE id = $1::uuid`, cycleId, seed, at);
    const group = (outcome: string) => ranked.filter((entry) => entry.outcome === outcome).map((entry) => entry.id);
    await enqueueEvent(
      tx,
      SCHEMA,
      newEvent(
        ProposalVoteClosed,
        { cycleId, closedAt: at.toISOString(), seed, selected: group('selected'), secondChance: group('second-chance'), rejected: group('rejected') },
        at,
      ),
    );
    for (const { id, rank, outcome } of ranked) {
      if (outcome === 'rejected') continue;
      const definition = outcome === 'selected' ? ProposalSelected : ProposalSecondChance;
      await enqueueEvent(tx, SCHEMA, newEvent(definition, { proposalId: id, userId: authors.get(id) ?? '', cycleId, rank }, at));
    }
    // The cycle enters creation: each selected proposal becomes a law with its creators drawn with the seed just published.
    await LawLifecycle.createLaws(tx, cycleId, seed, at, selection.creatorsPerLaw ?? 5);
  }
}
