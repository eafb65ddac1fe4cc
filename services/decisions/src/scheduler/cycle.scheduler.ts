import type { FastifyBaseLogger } from 'fastify';
import { TickLoop, type OutboxRelay } from '@civic/service-kit';
import { dueTransitions, type EngineSettings, type Transition } from '../domain/cycle-engine.js';
import { CycleRepository, type Selection } from '../store/cycle.repository.js';
import type { DecisionsPrisma } from '../store/prisma.js';

/** Advisory lock held by the replica applying transitions (one key for the whole engine). */
const ENGINE_LOCK = 4_021_118_001;

export interface CycleSchedulerOptions {
  db: DecisionsPrisma;
  settings: EngineSettings;
  selection: Selection;
  clock: () => Date;
  tickMs: number;
  log: FastifyBaseLogger;
  relay?: OutboxRelay;
}

/**
 * Polls the stored deadlines and applies due transitions. Each tick is one transaction that first
 * takes a PostgreSQL advisory lock, then reads the cycles afresh: two replicas ticking at once apply
 * each transition (and write its events) exactly once, the second finding nothing left to do.
 */
export class CycleScheduler {
  private readonly loop: TickLoop;

  constructor(private readonly options: CycleSchedulerOptions) {
    this.loop = new TickLoop(() => this.tick(), options.tickMs, options.log, 'cycle tick');
  }

  /** Applies what is due now; returns the transitions applied. */
  async tick(): Promise<Transition[]> {
    const { db, settings, selection, clock } = this.options;
    const applied = await db.$transaction(
      async (tx) => {
        await tx.$queryRawUnsafe(`SELECT pg_advisory_xact_lock(${ENGINE_LOCK})::text`);
        const now = clock();
        const cycles = await CycleRepository.lockLive(tx);
        const facts = await CycleRepository.facts(tx);
        const maxNumber = await CycleRepository.maxNumber(tx);
        const transitions = dueTransitions(
          cycles,
          now,
          { verifiedUsers: facts.verifiedUsers, proposalsIn: (id) => facts.proposals.get(id) ?? 0, highestNumber: maxNumber },
          settings,
        );
        for (const transition of transitions) await CycleRepository.apply(tx, transition, selection);
        return transitions;
      },
      { timeout: 60_000, maxWait: 30_000 },
    );
    if (applied.length > 0) {
      this.options.relay?.wake();
      for (const transition of applied) this.options.log.info({ transition: { ...transition } }, 'cycle transition applied');
    }
    return applied;
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
