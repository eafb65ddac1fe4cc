/**
 * At most `concurrency` PDF renders at once in this process: a render is CPU-bound, and an unbounded
 * number of them would starve every other request of the replica. The next ones wait for a turn, in
 * order, at most `waitMs`; a render that got no turn in time is refused (`busy`), never queued forever.
 */
export class RenderGate {
  private running = 0;
  private readonly waiting: { start(): void; timer: ReturnType<typeof setTimeout> }[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly waitMs: number,
  ) {}

  /** Runs `work` once a turn is free; rejects with `busy()` when none freed within the wait. */
  async run<T>(work: () => Promise<T>, busy: () => Error): Promise<T> {
    if (this.running >= this.concurrency) await this.turn(busy);
    else this.running++;
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Renders running now (for tests and logs). */
  get active(): number {
    return this.running;
  }

  private turn(busy: () => Error): Promise<void> {
    return new Promise((resolve, reject) => {
      const entry = {
        // The turn is handed over by release(): the count stays as it was.
        start: () => {
          clearTimeout(entry.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(busy());
        }, this.waitMs),
      };
      this.waiting.push(entry);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.running--;
  }
}
