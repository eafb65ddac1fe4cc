import type { FastifyBaseLogger } from 'fastify';
import { TickLoop, type OutboxRelay } from '@civic/service-kit';
import { advanceCycles, type AdvanceCyclesDeps } from '../commands/advance-cycles.command.js';
import type { Transition } from '../domain/cycle-engine.js';

export interface CycleSchedulerOptions extends AdvanceCyclesDeps {
  tickMs: number;
  log: FastifyBaseLogger;
  relay?: OutboxRelay;
}

/**
 * Polls the stored deadlines and applies due transitions through the advance-cycles command (one
 * transaction per tick, safe with several replicas), then wakes the outbox relay.
 */
export class CycleScheduler {
  private readonly loop: TickLoop;

  constructor(private readonly options: CycleSchedulerOptions) {
    this.loop = new TickLoop(() => this.tick(), options.tickMs, options.log, 'cycle tick');
  }

  /** Applies what is due now; returns the transitions applied. */
  async tick(): Promise<Transition[]> {
    const applied = await advanceCycles(this.options);
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
