import type { FastifyBaseLogger } from 'fastify';
import { TickedJob, type OutboxRelay } from '@civic/service-kit';
import { advanceCycles, type AdvanceCyclesDeps } from '../commands/advance-cycles.command.js';
import { announceFinalVoteClosing } from '../commands/announce-final-vote-closing.command.js';
import type { Transition } from '../domain/cycle-engine.js';

/** FINAL_VOTE_CLOSING_NOTICE_HOURS' default, for callers that do not say. */
const DEFAULT_CLOSING_NOTICE_MS = 24 * 60 * 60 * 1000;

export interface CycleSchedulerOptions extends AdvanceCyclesDeps {
  tickMs: number;
  log: FastifyBaseLogger;
  relay?: OutboxRelay;
  /** How long before the end of a final vote its followers are told (closingNoticeMs(config)). */
  closingNoticeMs?: number;
  /** Called after a tick's transaction applied transitions (it committed): the phases' live update. */
  onTransitions?: (transitions: Transition[]) => Promise<void>;
}

/**
 * Polls the stored deadlines and applies due transitions through the advance-cycles command (one
 * transaction per tick, safe with several replicas), then publishes the closing notices of final votes
 * ending soon, and wakes the outbox relay. A tick answers the transitions; notices are only logged.
 */
export class CycleScheduler extends TickedJob<Transition> {
  constructor(options: CycleSchedulerOptions) {
    const closingNoticeMs = options.closingNoticeMs ?? DEFAULT_CLOSING_NOTICE_MS;
    super({
      ...options,
      name: 'cycle tick',
      work: async () => {
        const transitions = await advanceCycles(options);
        if (transitions.length > 0) await options.onTransitions?.(transitions).catch((error: unknown) => options.log.warn({ err: error }, 'could not publish the phases'));
        const notices = await announceFinalVoteClosing({ ...options, closingNoticeMs });
        if (notices.length > 0) {
          options.relay?.wake();
          for (const notice of notices) options.log.info({ closingNotice: { ...notice } }, 'final vote closing notice published');
        }
        return transitions;
      },
      report: (log, transition) => log.info({ transition: { ...transition } }, 'cycle transition applied'),
    });
  }
}
