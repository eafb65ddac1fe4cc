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
