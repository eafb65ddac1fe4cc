import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';

export interface Resource<T> {
  /** The answer for the current key (kept while a poll or reload runs). */
  data: T | undefined;
  /** The last failure when there is no data to show. */
  error: unknown;
  loading: boolean;
  /** Local time (ms) the data arrived: with the answer's serverTime it gives the server clock's offset. */
  receivedAt: number;
  reload: () => void;
  /** Changes the data locally (after an action); answers still in flight are then dropped. */
  update: (change: (data: T) => T) => void;
  /**
   * Shows an answer pushed whole (a live update, docs/live.md) as if it had just been read: it is
   * newer than any answer still in flight, which is dropped.
   */
  replace: (data: T) => void;
  /**
   * Merges pushed figures into the answer shown (nothing before the first answer). A read in flight
   * is kept: its answer is whole, and the next push brings the figures again. When the change brings
   * a new `serverTime` (a pushed countdown), `receivedNow` moves `receivedAt` to now, since
   * countdowns place the server's clock by the time its answer arrived.
   */
  merge: (change: (data: T) => T, options?: { receivedNow?: boolean }) => void;
}

interface State<T> {
  key: string;
  data?: T;
  error?: unknown;
  receivedAt: number;
}

/**
 * Loads `load()` for `key` (again when the key changes, on reload, and every `pollMs` while the page
 * is visible), with loading and error states. The previous answer stays on screen during a poll.
 * A live screen gives no `pollMs`: it reads once and follows its topics (`replace`, `merge`,
 * `@civic/frontend-kit/live-hooks`).
 */
export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>, pollMs?: number): Resource<T> {
  const [state, setState] = useState<State<T>>({ key, receivedAt: 0 });
  const [round, setRound] = useState(0);
  const loader = useRef(load);
  const changes = useRef(0);
  useEffect(() => {
    loader.current = load;
  });

  useEffect(() => {
    const controller = new AbortController();
    const changesAtStart = changes.current;
    loader.current(controller.signal).then(
      (data) => {
        if (controller.signal.aborted || changes.current !== changesAtStart) return;
        // A transition: React renders the arriving screen in slices of a few milliseconds, so a
        // phone's main thread stays free for input (docs/benchmarks.md, "Rendering in slices").
        const receivedAt = Date.now();
        startTransition(() => setState({ key, data, receivedAt }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((current) => (current.key === key && current.data !== undefined ? current : { key, error, receivedAt: Date.now() }));
      },
    );
    return () => controller.abort();
  }, [key, round]);

  useEffect(() => {
    if (!pollMs) return;
    const timer = setInterval(() => {
      if (!document.hidden) setRound((value) => value + 1);
    }, pollMs);
    return () => clearInterval(timer);
  }, [pollMs, key]);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  const update = useCallback((change: (data: T) => T) => {
    changes.current += 1;
    setState((current) => (current.data === undefined ? current : { ...current, data: change(current.data) }));
  }, []);

  const replace = useCallback(
    (data: T) => {
      changes.current += 1;
      setState({ key, data, receivedAt: Date.now() });
    },
    [key],
  );
  const merge = useCallback(
    (change: (data: T) => T, options?: { receivedNow?: boolean }) =>
      setState((current) =>
        current.key !== key || current.data === undefined
          ? current
          : { ...current, data: change(current.data), receivedAt: options?.receivedNow ? Date.now() : current.receivedAt },
      ),
    [key],
  );

  const current = state.key === key;
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    loading: !current || (state.data === undefined && state.error === undefined),
    receivedAt: state.receivedAt,
    reload,
    update,
    replace,
    merge,
  };
}

// One shared clock for every countdown on the page, ticking once a second while one is shown.
let now = Date.now();
const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!ticker) {
    now = Date.now();
    ticker = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && ticker) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}

const getNow = () => now;

/** The local time, updated every second. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getNow, getNow);
}

/** The longest wait setTimeout takes (about 24.8 days); a later instant is waited for in steps. */
const longestTimeoutMs = 2 ** 31 - 1;

/** Milliseconds until `at`, or 0 when it has passed or is no date. */
const msUntil = (at: number) => (Number.isNaN(at) ? 0 : Math.max(0, at - Date.now()));

/**
 * Whether `instant` (ISO) is still to come. The component renders once more when it passes, and not
 * in between: unlike useNow, nothing ticks, so a large screen that only waits for an instant does not
 * render every second. Checked before the browser paints, so a new instant never shows a frame late.
 */
export function useBefore(instant: string | null | undefined): boolean {
  const at = instant ? Date.parse(instant) : Number.NaN;
  const [before, setBefore] = useState(() => msUntil(at) > 0);
  useLayoutEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const wait = msUntil(at);
      setBefore(wait > 0);
      // A later instant than setTimeout takes is waited for in steps; a timer a millisecond early waits again.
      if (wait > 0) timer = setTimeout(check, Math.min(wait, longestTimeoutMs));
    };
    check();
    return () => clearTimeout(timer);
  }, [at]);
  return before;
}

/** Seconds left until `target` on the server's clock (its `serverTime` arrived at local `receivedAt`); null without a date. */
export function secondsUntil(target: string | null, serverTime: string, receivedAt: number, now: number): number | null {
  const targetMs = target ? Date.parse(target) : Number.NaN;
  const offset = Date.parse(serverTime) - receivedAt;
  if (Number.isNaN(targetMs) || Number.isNaN(offset)) return null;
  return Math.max(0, Math.ceil((targetMs - (now + offset)) / 1000));
}

const elapsedRetryMs = 3000;

/**
 * The seconds of a live countdown to `target` on the server's clock (see secondsUntil), ticking every
 * second. Once at zero it calls `onElapsed`, and again every few seconds until the screen's data
 * moves on to a new target.
 */
export function useCountdown(target: string | null, serverTime: string, receivedAt: number, onElapsed?: () => void): number | null {
  const seconds = secondsUntil(target, serverTime, receivedAt, useNow());
  const elapsed = seconds === 0;
  const handler = useRef(onElapsed);
  useEffect(() => {
    handler.current = onElapsed;
  });
  useEffect(() => {
    if (!elapsed) return;
    handler.current?.();
    const timer = setInterval(() => handler.current?.(), elapsedRetryMs);
    return () => clearInterval(timer);
  }, [elapsed]);
  return seconds;
}
