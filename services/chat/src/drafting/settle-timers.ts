/**
 * The pause after which a text's typed words are settled (docs/co-drafting.md#settling). Every pod that
 * holds a text's document restarts the text's timer at each update, its own sockets' or another pod's;
 * when it runs out, the settle command checks the pause against the stored updates (the database's
 * clock) under the document's lock, so the pods whose timers run out together settle once, and a
 * timer that ran out early is set again for what remains.
 */
import type { FastifyBaseLogger } from 'fastify';

export type PauseOutcome = { waitMs: number } | null;

export class SettleTimers {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private stopped = false;

  constructor(
    private readonly pauseMs: number,
    /** Settles the text if the pause has passed; answers how long to wait otherwise. */
    private readonly settle: (textId: string) => Promise<PauseOutcome>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Someone typed in the text: its pause starts again. */
  typed(textId: string): void {
    this.schedule(textId, this.pauseMs);
  }

  /** Checks the text now (a document just loaded may have been left unsettled). */
  check(textId: string): void {
    if (!this.timers.has(textId)) this.schedule(textId, 0);
  }

  /** Texts waiting for their pause (tests). */
  get waiting(): number {
    return this.timers.size;
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(textId: string, delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timers.get(textId));
    const timer = setTimeout(() => void this.run(textId, timer), delayMs);
    timer.unref();
    this.timers.set(textId, timer);
  }

  private async run(textId: string, timer: ReturnType<typeof setTimeout>): Promise<void> {
    try {
      const outcome = await this.settle(textId);
      if (this.timers.get(textId) !== timer) return; // typed again meanwhile: that timer decides
      this.timers.delete(textId);
      if (outcome) this.schedule(textId, outcome.waitMs);
    } catch (error) {
      if (this.stopped) return;
      // The updates stay stored: try again after another pause (or when the text is next loaded).
      this.log.warn({ err: error, textId }, 'a draft could not be settled; trying again after a pause');
      if (this.timers.get(textId) === timer) this.schedule(textId, this.pauseMs);
    }
  }
}
