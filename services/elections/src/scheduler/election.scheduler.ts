import type { FastifyBaseLogger } from 'fastify';
import { TickedJob, type OutboxRelay } from '@civic/service-kit';
import { liveTopics } from '@civic/contracts';
import { closeDueElections } from '../commands/close-due-elections.command.js';
import type { LiveFigures } from '../commands/unit-of-work.js';
import type { ElectionTime } from '../domain/calendar.js';
import type { ClosedElection } from '../domain/election-events.js';
import type { Seats } from '../domain/tally.js';
import type { ElectionsPrisma } from '../store/prisma.js';

export interface ElectionSchedulerOptions {
  db: ElectionsPrisma;
  time: ElectionTime;
  seats: Seats;
  clock: () => Date;
  tickMs: number;
  log: FastifyBaseLogger;
  relay?: OutboxRelay;
  /** Marks the `elections` topic once a close committed (docs/live.md). */
  live?: LiveFigures;
}

/**
 * The monthly election job. Each tick runs commands/close-due-elections (one transaction under the
 * election lock): two replicas ticking at once close each election (and write its event) exactly
 * once, and a replica that was down closes the missed months when it comes back. The unique month of
 * an election is the last line of defence.
 */
export class ElectionScheduler extends TickedJob<ClosedElection> {
  constructor(options: ElectionSchedulerOptions) {
    const work = async () => {
      const closed = await closeDueElections(options);
      // The list of elections and the schedule (hence the open month) moved on: pages follow the topic.
      if (closed.length > 0) options.live?.changed(liveTopics.elections);
      return closed;
    };
    super({ ...options, name: 'election tick', work, report: (log, election) => log.info({ election }, 'election closed') });
  }
}
