/**
 * The reload guard (docs/product.md#shell-behaviour): a failed split-chunk or remote load reloads the page (a new
 * deployment replaced the files the old page knew), at most once per path in 10 seconds, so a chunk
 * that stays broken shows the "unavailable" panel instead of reloading forever.
 */
import { Limits } from '@civic/contracts';

export const reloadGuardKey = 'civic.chunk-reloads';

/** Path -> time (ms) of the last reload the guard made for it. */
export type ReloadLog = Record<string, number>;

/** The minimal Storage the guard needs (sessionStorage in the browser, a Map-backed fake in tests). */
export interface GuardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function readReloadLog(storage: GuardStorage): ReloadLog {
  try {
    const parsed = JSON.parse(storage.getItem(reloadGuardKey) ?? '{}') as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const log: ReloadLog = {};
    for (const [path, at] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof at === 'number' && Number.isFinite(at)) log[path] = at;
    }
    return log;
  } catch {
    return {};
  }
}

/**
 * Decides whether a failed load on `path` at `now` reloads the page, and records the reload when it
 * does. No reload when the same path was reloaded by the guard less than `windowMs` ago; entries older
 * than the window are forgotten.
 */
export function claimReload(storage: GuardStorage, path: string, now: number, windowMs: number = Limits.chunkReloadGuardMs): boolean {
  const log = readReloadLog(storage);
  const last = log[path];
  if (last !== undefined && now - last >= 0 && now - last < windowMs) return false;
  const kept: ReloadLog = {};
  for (const [other, at] of Object.entries(log)) if (now - at < windowMs) kept[other] = at;
  kept[path] = now;
  try {
    storage.setItem(reloadGuardKey, JSON.stringify(kept));
  } catch {
    // Storage full or refused (private mode): without a record a reload could loop, so do not reload.
    return false;
  }
  return true;
}

/**
 * A failed load of code: rspack's ChunkLoadError ("Loading chunk 12 failed"), a CSS chunk, a dynamic
 * import that the browser could not fetch, or the module-federation runtime failing to fetch a
 * remote's manifest or entry (its RUNTIME-xxx error codes).
 */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  const text = typeof message === 'string' ? message : '';
  return (
    /Loading (CSS )?chunk [\w-]+ failed/i.test(text) ||
    /Failed to fetch dynamically imported module/i.test(text) ||
    /error loading dynamically imported module/i.test(text) ||
    /Importing a module script failed/i.test(text) ||
    /RUNTIME-0(0[1-478]|1[15])/.test(text) ||
    /Failed to (fetch|load|get) (the )?(remote|manifest|remoteEntry)/i.test(text)
  );
}
