/**
 * The steps every browser test repeats: a browser context with its page, a screen opened until its
 * heading shows, a JSON call with a context's cookies, and what a refused form field shows.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';

/** A browser context, its page, and what went wrong in that page. */
export interface Session {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions in the page. */
  problems: string[];
}

/**
 * A navigation may take this long: on a two-core machine running the whole suite, a page's `load`
 * (every script and font of the shell and a remote) has taken more than 10 s. Speed is measured by the
 * benchmarks (bench/shell-first-load.mjs, bench/lighthouse.mjs), not here.
 */
const NAVIGATION_TIMEOUT_MS = 20_000;

/**
 * A new context with one page whose uncaught exceptions are kept in `problems`. `timeoutMs` stays below
 * jest's so that a failing wait reports what it was waiting for; navigations get NAVIGATION_TIMEOUT_MS
 * when that is longer.
 */
export async function openSession(browser: Browser, options: BrowserContextOptions, timeoutMs: number): Promise<Session> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(timeoutMs);
  context.setDefaultNavigationTimeout(Math.max(timeoutMs, NAVIGATION_TIMEOUT_MS));
  const page = await context.newPage();
  const problems: string[] = [];
  // The page's address and the stack say where an exception came from when a run fails.
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message} on ${page.url()}\n${error.stack ?? ''}`));
  return { context, page, problems };
}

/** Waits until the screen's level-1 heading reads `text`. */
export async function waitForHeading(page: Page, text: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
}

/** Opens `url` and waits until the screen's level-1 heading reads `heading`. */
export async function openAndWaitFor(page: Page, url: string, heading: string): Promise<void> {
  await page.goto(url);
  await waitForHeading(page, heading);
}

/** A JSON call with the context's cookies (the gateway's CSRF rule: JSON bodies name their type). */
export async function apiCall<T>(context: BrowserContext, baseUrl: string, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown): Promise<T> {
  const answer = await context.request.fetch(`${baseUrl}${url}`, {
    method,
    headers: data === undefined ? { 'x-requested-with': 'fetch' } : { 'content-type': 'application/json' },
    data: data === undefined ? undefined : JSON.stringify(data),
  });
  if (!answer.ok()) throw new Error(`${method} ${url} answered ${answer.status()}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** A field the form refused on submit: it has the focus and says it is invalid. */
export async function expectFocusedInvalid(field: Locator): Promise<void> {
  expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
  expect(await field.getAttribute('aria-invalid')).toBe('true');
}

/** The field names its error: the first element it is described by reads `error`. */
export async function expectDescribedError(page: Page, field: Locator, error: string): Promise<void> {
  const errorId = (await field.getAttribute('aria-describedby'))?.split(' ')[0];
  expect(await page.locator(`[id="${errorId}"]`).textContent()).toContain(error);
}

/** Closes the sessions' contexts; a session left undefined (its beforeAll failed) is passed over. */
export async function closeSessions(sessions: readonly (Session | undefined)[]): Promise<void> {
  await Promise.all(sessions.filter((session) => session !== undefined).map((session) => session.context.close()));
}

/**
 * Waits until the page's document has not changed (no DOM mutation, no frame with a pending change)
 * for `quietMs`, or `atMostMs` at the longest: a settled screen ends the wait at once, a screen still
 * changing holds it. Used where a fixed pause stood after a navigation or a viewport change.
 */
export async function domQuiet(page: Page, quietMs: number, atMostMs: number): Promise<void> {
  await page.evaluate(
    ([quiet, atMost]) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, quiet);
        const cap = setTimeout(done, atMost);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quiet);
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        function done() {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(cap);
          // The next frame: what the last mutation changed is laid out and painted.
          requestAnimationFrame(() => resolve());
        }
      }),
    [quietMs, atMostMs] as const,
  );
}
