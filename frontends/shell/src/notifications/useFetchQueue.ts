import { useCallback, useRef, useState, type RefObject } from 'react';

/**
 * The notifications' calls, one at a time, for the current user (`owner`): a call queued for a user
 * who has gone does not run, and its failure is not reported. `busy` while one runs.
 */
export function useFetchQueue(owner: RefObject<string | null>, report: (error: unknown) => void) {
  const [busy, setBusy] = useState(false);
  const pending = useRef<Promise<void> | null>(null);

  const run = useCallback(
    (work: (id: string) => Promise<void>): Promise<void> => {
      const id = owner.current;
      if (!id) return Promise.resolve(); // no user, no fetch
      const previous = pending.current ?? Promise.resolve();
      const next = previous
        .catch(() => undefined)
        .then(async () => {
          if (owner.current !== id) return;
          setBusy(true);
          try {
            await work(id);
          } catch (error) {
            if (owner.current === id) report(error);
          } finally {
            if (owner.current === id) setBusy(false);
          }
        });
      pending.current = next;
      return next;
    },
    [owner, report],
  );

  /** Forgets the queue (logout). */
  const clear = useCallback(() => {
    setBusy(false);
    pending.current = null;
  }, []);

  return { busy, run, clear };
}
