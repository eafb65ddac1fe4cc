/**
 * The browser side of the reload guard and the service worker: the parts that touch window,
 * sessionStorage and navigator (the decisions themselves are pure, in reload-guard.ts).
 */
import { claimReload, isChunkLoadError } from './reload-guard.js';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * A chunk or remote failed to load: reloads the page unless the guard already did for this path in
 * the last 10 seconds. Answers true when the page is reloading.
 */
export function reloadAfterFailedLoad(error: unknown): boolean {
  const storage = sessionStore();
  if (!storage || !claimReload(storage, window.location.pathname, Date.now())) return false;
  console.warn('A part of the application failed to load; reloading the page once', error);
  window.location.reload();
  return true;
}

/** Failed dynamic imports that no component caught (a lazy screen, a late chunk) go through the guard. */
export function installChunkErrorReload(): void {
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason) && reloadAfterFailedLoad(event.reason)) event.preventDefault();
  });
  window.addEventListener('error', (event) => {
    if (isChunkLoadError(event.error) && reloadAfterFailedLoad(event.error)) event.preventDefault();
  });
}

/** Registers /sw.js (it caches the shell for fast repeat visits) once the page has loaded. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || window.location.protocol === 'file:') return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker could not be registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
