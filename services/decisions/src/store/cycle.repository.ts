import type { DecisionPhase } from '@civic/contracts';
import { sql, type SqlExecutor } from '@civic/service-kit';
import type { CycleSnapshot } from '../domain/cycle-engine.js';
import { tables } from './tables.js';

export interface CycleRow extends CycleSnapshot {
  seed: string | null;
  voteClosedAt: Date | null;
  createdAt: Date;
}

const cycleColumns = sql`id::text AS id, number, phase, phase_started_at AS "phaseStartedAt", phase_ends_at AS "phaseEndsAt",
  extensions, seed, vote_closed_at AS "voteClosedAt", created_at AS "createdAt"`;

/** Visible proposals: neither rejected nor deleted. */
export const VISIBLE = sql`state NOT IN ('rejected', 'deleted')`;

/** Advisory lock held by the transaction applying the phase machine's transitions (one key for the whole engine). */
const ENGINE_LOCK = 4_021_118_001;

/** Cycles as stored: reads, and the rows the phase machine writes (through the executor given: the client or a transaction). */
export class CycleRepository {
  constructor(private readonly db: SqlExecutor) {}

  /** Cycles not yet archived, newest first, plus the `limit` latest archived ones. */
  async current(archived = 3): Promise<CycleRow[]> {
    return this.db.$queryRaw<CycleRow[]>(
      sql`(SELECT ${cycleColumns} FROM ${tables.cycle} WHERE phase <> 'archive')
       UNION ALL
       (SELECT ${cycleColumns} FROM ${tables.cycle} WHERE phase = 'archive' ORDER BY number DESC LIMIT ${archived})
       ORDER BY number DESC`,
    );
  }

  async byId(id: string): Promise<CycleRow | null> {
    const rows = await this.db.$queryRaw<CycleRow[]>(sql`SELECT ${cycleColumns} FROM ${tables.cycle} WHERE id = ${id}::uuid`);
    return rows[0] ?? null;
  }

  async inPhase(phase: DecisionPhase): Promise<CycleRow | null> {
    const rows = await this.db.$queryRaw<CycleRow[]>(sql`SELECT ${cycleColumns} FROM ${tables.cycle} WHERE phase = ${phase} ORDER BY number DESC LIMIT 1`);
    return rows[0] ?? null;
  }

  /** The cycle whose vote closed last (the result the voting screen shows once no vote is open). */
  async lastClosedVote(): Promise<CycleRow | null> {
    const rows = await this.db.$queryRaw<CycleRow[]>(
      sql`SELECT ${cycleColumns} FROM ${tables.cycle} WHERE vote_closed_at IS NOT NULL ORDER BY vote_closed_at DESC, number DESC LIMIT 1`,
    );
    return rows[0] ?? null;
  }

  /** Visible proposals per cycle. */
  async proposalCounts(cycleIds: string[]): Promise<Map<string, number>> {
    if (cycleIds.length === 0) return new Map();
    const rows = await this.db.$queryRaw<{ cycleId: string; count: number }[]>(
      sql`SELECT cycle_id::text AS "cycleId", count(*)::int AS count FROM ${tables.proposal}
       WHERE cycle_id = ANY(${cycleIds}::uuid[]) AND ${VISIBLE} GROUP BY cycle_id`,
    );
    return new Map(rows.map((row) => [row.cycleId, row.count]));
  }

  /** Verified citizens with an account, from the counter the citizen table's triggers keep (one row, not a count of every citizen). */
  async verifiedUsers(): Promise<number> {
    const [row] = await this.db.$queryRaw<{ count: number }[]>(sql`SELECT verified AS count FROM ${tables.citizenCount} WHERE id = 1`);
    return row?.count ?? 0;
  }

  // --- inside the transaction of the phase machine ---

  /** Waits for, then holds until the transaction ends, the one lock of the phase machine. */
  async lockEngine(): Promise<void> {
    await this.db.$queryRaw(sql`SELECT pg_advisory_xact_lock(${ENGINE_LOCK}::bigint)::text`);
  }

  /** The live cycles, locked for this transaction. */
  async lockLive(): Promise<CycleRow[]> {
    return this.db.$queryRaw<CycleRow[]>(sql`SELECT ${cycleColumns} FROM ${tables.cycle} WHERE phase <> 'archive' ORDER BY number FOR UPDATE`);
  }

  async maxNumber(): Promise<number> {
    const [row] = await this.db.$queryRaw<{ max: number | null }[]>(sql`SELECT max(number)::int AS max FROM ${tables.cycle}`);
    return row?.max ?? 0;
  }

  /** Visible proposals of the cycles open for proposals. */
  async openProposalCounts(): Promise<Map<string, number>> {
    const rows = await this.db.$queryRaw<{ cycleId: string; count: number }[]>(
      sql`SELECT p.cycle_id::text AS "cycleId", count(*)::int AS count FROM ${tables.proposal} p
       JOIN ${tables.cycle} c ON c.id = p.cycle_id WHERE c.phase = 'proposals' AND p.${VISIBLE} GROUP BY p.cycle_id`,
    );
    return new Map(rows.map((row) => [row.cycleId, row.count]));
  }

  async insertOpen(cycle: { id: string; number: number; at: Date; phaseEndsAt: Date }): Promise<void> {
    await this.db.$executeRaw(
      sql`INSERT INTO ${tables.cycle} (id, number, phase, phase_started_at, phase_ends_at, created_at)
       VALUES (${cycle.id}::uuid, ${cycle.number}, 'proposals', ${cycle.at}::timestamptz, ${cycle.phaseEndsAt}::timestamptz, ${cycle.at}::timestamptz)`,
    );
  }

  async extend(cycleId: string, until: Date): Promise<void> {
    await this.db.$executeRaw(sql`UPDATE ${tables.cycle} SET phase_ends_at = ${until}::timestamptz, extensions = extensions + 1 WHERE id = ${cycleId}::uuid`);
  }

  async setPhase(cycleId: string, phase: DecisionPhase, at: Date, phaseEndsAt: Date | null): Promise<void> {
    await this.db.$executeRaw(
      sql`UPDATE ${tables.cycle} SET phase = ${phase}, phase_started_at = ${at}::timestamptz, phase_ends_at = ${phaseEndsAt}::timestamptz WHERE id = ${cycleId}::uuid`,
    );
  }

  /** The cycle open for proposals other than `cycleId`, if any. */
  async openForProposalsExcept(cycleId: string): Promise<string | null> {
    const [next] = await this.db.$queryRaw<{ id: string }[]>(
      sql`SELECT id::text AS id FROM ${tables.cycle} WHERE phase = 'proposals' AND id <> ${cycleId}::uuid ORDER BY number DESC LIMIT 1`,
    );
    return next?.id ?? null;
  }

  /** The cycle open for proposals, locked (one submission at a time per cycle, and never while the phase machine moves it). */
  async lockOpenForProposals(): Promise<string | null> {
    const [cycle] = await this.db.$queryRaw<{ id: string }[]>(
      sql`SELECT id::text AS id FROM ${tables.cycle} WHERE phase = 'proposals' ORDER BY number DESC LIMIT 1 FOR UPDATE`,
    );
    return cycle?.id ?? null;
  }

  /** Moves a phase's end that is still ahead to `at` (test stacks' phase control); answers whether there was one. */
  async endPhaseAt(cycleId: string, at: Date): Promise<boolean> {
    const changed = await this.db.$executeRaw(
      sql`UPDATE ${tables.cycle} SET phase_ends_at = ${at}::timestamptz WHERE id = ${cycleId}::uuid AND phase_ends_at > ${at}::timestamptz`,
    );
    return changed > 0;
  }

  async storeVoteClose(cycleId: string, seed: string, at: Date): Promise<void> {
    await this.db.$executeRaw(sql`UPDATE ${tables.cycle} SET seed = ${seed}, vote_closed_at = ${at}::timestamptz WHERE id = ${cycleId}::uuid`);
  }
}
