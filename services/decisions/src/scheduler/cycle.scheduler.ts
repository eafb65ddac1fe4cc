import type { FastifyBaseLogger } from 'fastify';
import { TickedJob, type OutboxRelay } from '@civic/service-kit';
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
export class CycleScheduler extends TickedJob<Transition> {
  constructor(options: CycleSchedulerOptions) {
    super({
      ...options,
      name: 'cycle tick',
      work: () => advanceCycles(options),
      report: (log, transition) => log.info({ transition: { ...transition } }, 'cycle transition applied'),
    });
  }
}
