import { sql, type SqlExecutor } from '@civic/service-kit';
import { closingNoticeDue, closingNoticeEvent } from '../domain/final-vote-closing.js';
import { tables } from '../store/tables.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

export interface AnnounceFinalVoteClosingDeps extends CommandDeps {
  /** How long before the end of a final vote the notice goes out (FINAL_VOTE_CLOSING_NOTICE_HOURS). */
  closingNoticeMs: number;
}

/** One closing notice published. */
export interface ClosingNotice {
  cycleId: string;
  number: number;
  endsAt: Date;
  laws: number;
}

interface CycleRow {
  id: string;
  number: number;
  phase: string;
  phase_ends_at: Date | null;
  closing_notice_at: Date | null;
}

/** What the command reads and writes of cycles and laws: the closing notice only. */
class ClosingNoticeStore {
  constructor(private readonly tx: SqlExecutor) {}

  async pending(): Promise<CycleRow[]> {
    return this.tx.$queryRaw<CycleRow[]>(
      sql`SELECT id::text AS id, number, phase, phase_ends_at, closing_notice_at FROM ${tables.cycle}
       WHERE phase = 'final-vote' AND closing_notice_at IS NULL AND phase_ends_at IS NOT NULL ORDER BY number`,
    );
  }

  /** Marks the notice sent; false when another replica did it first (the row no longer matches). */
  async claim(cycleId: string, at: Date): Promise<boolean> {
    const claimed = await this.tx.$executeRaw(
      sql`UPDATE ${tables.cycle} SET closing_notice_at = ${at}::timestamptz WHERE id = ${cycleId}::uuid AND phase = 'final-vote' AND closing_notice_at IS NULL`,
    );
    return claimed === 1;
  }

  async liveLaws(cycleId: string): Promise<{ lawId: string; title: string }[]> {
    return this.tx.$queryRaw(
      sql`SELECT id::text AS "lawId", title FROM ${tables.law} WHERE cycle_id = ${cycleId}::uuid AND state = 'final-vote' AND deleted_at IS NULL ORDER BY rank`,
    );
  }
}

/**
 * Publishes the closing notice of each final vote that ends within the notice window, once per cycle:
 * the conditional UPDATE of `closing_notice_at` decides between replicas, and the event is written in
 * the same transaction. Answers the notices published.
 */
export async function announceFinalVoteClosing(deps: AnnounceFinalVoteClosingDeps): Promise<ClosingNotice[]> {
  return unitOfWork(deps.db, async (tx, events) => {
    const store = new ClosingNoticeStore(tx);
    const now = deps.clock();
    const notices: ClosingNotice[] = [];
    for (const cycle of await store.pending()) {
      const candidate = { phase: cycle.phase, phaseEndsAt: cycle.phase_ends_at, closingNoticeAt: cycle.closing_notice_at };
      if (!closingNoticeDue(candidate, now, deps.closingNoticeMs) || cycle.phase_ends_at === null) continue;
      if (!(await store.claim(cycle.id, now))) continue;
      const laws = await store.liveLaws(cycle.id);
      const endsAt = new Date(cycle.phase_ends_at);
      events.push(closingNoticeEvent({ id: cycle.id, number: cycle.number, endsAt }, laws, now));
      notices.push({ cycleId: cycle.id, number: cycle.number, endsAt, laws: laws.length });
    }
    return notices;
  });
}
