import type { FastifyBaseLogger } from 'fastify';
import { TickLoop, type OutboxRelay } from '@civic/service-kit';
import { latestDueElection, type ElectionTime } from '../domain/calendar.js';
import type { Seats } from '../domain/tally.js';
import { ElectionRepository, type ClosedElection } from '../store/election.repository.js';
import type { ElectionsPrisma } from '../store/prisma.js';
import { ELECTION_LOCK } from '../store/tables.js';

export interface ElectionSchedulerOptions {
  db: ElectionsPrisma;
  time: ElectionTime;
  seats: Seats;
  clock: () => Date;
  tickMs: number;
  log: FastifyBaseLogger;
  relay?: OutboxRelay;
}

/**
 * The monthly election job. Each tick is one transaction that takes the election lock (exclusive),
 * then reads the closed elections afresh and closes what is due: two replicas ticking at once close
 * each election (and write its event) exactly once, and a replica that was down closes the missed
 * months when it comes back. The unique month of an election is the last line of defence.
 */
export class ElectionScheduler {
  private readonly loop: TickLoop;

  constructor(private readonly options: ElectionSchedulerOptions) {
    this.loop = new TickLoop(() => this.tick(), options.tickMs, options.log, 'election tick');
  }

  /** Closes the elections due now; answers those it closed. */
  async tick(): Promise<ClosedElection[]> {
    const { db, time, seats, clock } = this.options;
    const closed = await db.$transaction(
      async (tx) => {
        await tx.$queryRawUnsafe(`SELECT pg_advisory_xact_lock(${ELECTION_LOCK})::text`);
        const now = clock();
        return ElectionRepository.closeDue(tx, now, latestDueElection(now, time), time, seats);
      },
      { timeout: 120_000, maxWait: 30_000 },
    );
    if (closed.length > 0) {
      this.options.relay?.wake();
      for (const election of closed) this.options.log.info({ election }, 'election closed');
    }
    return closed;
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
