import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `tick` now and then every `everyMs`, never two at once (a slow tick makes the next ones wait
 * their turn rather than pile up). A failed tick is logged and retried at the next one; `stop` waits
 * for the tick under way. The schedulers of decisions and elections run on it.
 */
export class TickLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly tick: () => Promise<unknown>,
    private readonly everyMs: number,
    private readonly log: FastifyBaseLogger,
    private readonly name: string,
  ) {}

  start(): void {
    if (this.timer) return;
    const run = () => {
      if (this.running) return;
      this.running = this.tick()
        .catch((error: unknown) => this.log.warn({ err: error }, `${this.name} failed, will retry`))
        .finally(() => {
          this.running = null;
        });
    };
    run();
    this.timer = setInterval(run, this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

export interface TickedJobOptions<T> {
  /** Named in the log when a tick fails, e.g. `cycle tick`. */
  name: string;
  tickMs: number;
  log: FastifyBaseLogger;
  /** Woken when a tick wrote events, so they leave at once. */
  relay?: { wake(): void };
  /** One tick's work (one transaction, safe with several replicas): what it did. */
  work(): Promise<T[]>;
  /** Logs one thing a tick did. */
  report(log: FastifyBaseLogger, done: T): void;
}

/** Timed work of a service on a TickLoop: each tick's work, then the outbox relay woken and each thing done logged. */
export class TickedJob<T> {
  private readonly loop: TickLoop;

  constructor(private readonly job: TickedJobOptions<T>) {
    this.loop = new TickLoop(() => this.tick(), job.tickMs, job.log, job.name);
  }

  /** Does what is due now; answers what it did. */
  async tick(): Promise<T[]> {
    const done = await this.job.work();
    if (done.length > 0) {
      this.job.relay?.wake();
      for (const item of done) this.job.report(this.job.log, item);
    }
    return done;
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
