/**
 * The similar-proposals requests of the proposal form, apart from React so that their timing is
 * tested alone: each change waits for a pause in typing, a newer text cancels the request of an older
 * one (its answer can no longer overwrite the newer), and too short a text asks nothing.
 */
import type { SimilarAnswer } from '@civic/contracts';
import { SIMILAR_DEBOUNCE_MS } from './search-rules.js';

export type SimilarState =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'done'; query: string; answer: SimilarAnswer }
  | { status: 'error'; query: string; error: unknown };

export type SimilarFetch = (query: string, signal: AbortSignal) => Promise<SimilarAnswer>;

export class SimilarSearch {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: AbortController | null = null;
  private current: string | null = null;

  constructor(
    private readonly fetchSimilar: SimilarFetch,
    private readonly onState: (state: SimilarState) => void,
    private readonly delayMs = SIMILAR_DEBOUNCE_MS,
  ) {}

  /** The text changed: `query` is null when it is too short to search. */
  change(query: string | null): void {
    if (query === this.current) return;
    this.current = query;
    this.cancel();
    if (query === null) {
      this.onState({ status: 'idle' });
      return;
    }
    this.timer = setTimeout(() => void this.run(query), this.delayMs);
  }

  /** Asks again for the text as it stands (after an error). */
  retry(): void {
    if (this.current === null) return;
    this.cancel();
    void this.run(this.current);
  }

  /** Stops waiting and drops the request in flight (the form closes, or the text changed). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.inFlight?.abort();
    this.inFlight = null;
  }

  private async run(query: string): Promise<void> {
    this.timer = null;
    const controller = new AbortController();
    this.inFlight = controller;
    this.onState({ status: 'loading', query });
    try {
      const answer = await this.fetchSimilar(query, controller.signal);
      if (!controller.signal.aborted) this.onState({ status: 'done', query, answer });
    } catch (error) {
      if (!controller.signal.aborted) this.onState({ status: 'error', query, error });
    } finally {
      if (this.inFlight === controller) this.inFlight = null;
    }
  }
}
