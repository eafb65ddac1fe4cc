import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { safeNextPath } from './validation.js';

/** The `?next=` path of the current address, safe to navigate to (a path of this site, else home). */
export function useNextPath(): string {
  const [params] = useSearchParams();
  return safeNextPath(params.get('next'));
}

/** `path` with the `?next=` of the current address carried over. */
export function withNext(path: string, next: string): string {
  return next === '/' ? path : `${path}?next=${encodeURIComponent(next)}`;
}

/** Seconds left, counting down once a second while `running`; `onDone` runs at zero. */
export function useCountdown(seconds: number, running: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        done.current();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [running, seconds]);
  return left;
}

/**
 * One call per key for the whole page life: the landing pages of emailed links consume a one-time
 * token, which a second call (a re-mount, StrictMode's double effects) must not spend again.
 */
const onceCalls = new Map<string, Promise<unknown>>();
export function once<T>(key: string, call: () => Promise<T>): Promise<T> {
  let promise = onceCalls.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = call();
    onceCalls.set(key, promise);
  }
  return promise;
}

const afterVerificationKey = 'civic.afterVerification';

/** Remembers where to go once the account is verified (the mail link opens a new page). */
export function rememberAfterVerification(next: string): void {
  try {
    if (next === '/') localStorage.removeItem(afterVerificationKey);
    else localStorage.setItem(afterVerificationKey, next);
  } catch {
    // storage disabled: the verified user goes home
  }
}

/** Where to go once verified (the last registration's `?next=`), home by default. */
export function afterVerification(): string {
  try {
    return safeNextPath(localStorage.getItem(afterVerificationKey));
  } catch {
    return '/';
  }
}
