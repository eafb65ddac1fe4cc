/**
 * Pacing per key (a room, a live topic): the first item of a quiet key goes at once; the items that
 * follow within the interval wait for its end and go together; at most one flush per key per interval
 * (docs/live.md, services/chat/README.md#delivery). Why not a fixed tick: at a few posts a second a
 * tick only adds its delay, while under a burst one frame per interval saves most of the per-delivery
 * cost. Pure apart from the clock and timers, which are injected.
 */

export interface Timer {
  cancel(): void;
}

export interface PacerOptions<Item, Pending> {
  intervalMs: number;
  /** Adds an item to what waits for the key's next flush (`pending` undefined: nothing waits yet). */
  add(pending: Pending | undefined, item: Item): Pending;
  /** Sends what waited for one key. */
  flush(key: string, pending: Pending): void;
  /** Runs `run` after `delayMs` (setTimeout by default). */
  schedule?: (run: () => void, delayMs: number) => Timer;
}

interface KeyState<Pending> {
  pending: Pending | undefined;
  /** The end of the interval opened by the last flush. */
  window: Timer;
}

const defaultSchedule = (run: () => void, delayMs: number): Timer => {
  const timer = setTimeout(run, delayMs);
  timer.unref?.();
  return { cancel: () => clearTimeout(timer) };
};

export class KeyedPacer<Item, Pending> {
  /** Keys flushed less than an interval ago; a key whose interval ends with nothing waiting is dropped. */
  private readonly keys = new Map<string, KeyState<Pending>>();
  private readonly schedule: (run: () => void, delayMs: number) => Timer;

  constructor(private readonly options: PacerOptions<Item, Pending>) {
    this.schedule = options.schedule ?? defaultSchedule;
  }

  offer(key: string, item: Item): void {
    const state = this.keys.get(key);
    if (state) {
      state.pending = this.options.add(state.pending, item);
      return;
    }
    this.flushNow(key, this.options.add(undefined, item));
  }

  /** Keys currently within an interval (for tests and metrics). */
  get activeKeys(): number {
    return this.keys.size;
  }

  /** Sends everything still waiting and stops the timers (on close). */
  stop(): void {
    for (const [key, state] of this.keys) {
      state.window.cancel();
      if (state.pending !== undefined) this.options.flush(key, state.pending);
    }
    this.keys.clear();
  }

  private flushNow(key: string, pending: Pending): void {
    const window = this.schedule(() => this.endWindow(key), this.options.intervalMs);
    this.keys.set(key, { pending: undefined, window });
    this.options.flush(key, pending);
  }

  private endWindow(key: string): void {
    const state = this.keys.get(key);
    if (!state) return;
    this.keys.delete(key);
    if (state.pending !== undefined) this.flushNow(key, state.pending);
  }
}
