/**
 * The header's phase strip while the start rule is not met, in a real browser against a stack of its
 * own, in English (wide window) and in French (375 px wide) at once: on the proposals screen, before, across
 * and after each extension of the proposals phase, the strip and the screen say what the phase waits
 * for ("1000 more proposals and 999 more verified citizens"); never a countdown to a deadline that only
 * brings the next check, never "any moment now", never a countdown starting over.
 *
 * The start rule asks for more citizens than the stack will ever have, so the proposals phase is
 * extended for ever: a short first phase, then one extension after another.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CycleSummary } from '@civic/contracts';
import { startOwnStack, type OwnStack } from '../src/own-stack.js';
import { openAndWaitFor, openSession } from '../src/session.js';
import { until } from '../src/until.js';
import { browserLocales, languages } from '../src/languages.js';

const extensionSeconds = 20;
/** How long after an end the service may take to extend the phase: its tick and a read. */
const followWithinMs = 12_000;
/** How far (seconds) the new end may be from one step after the old one: each rounds to whole seconds. */
const toleranceSeconds = 2;

let ownStack: OwnStack | null = null;
let baseUrl = '';
let browser: Browser;

const texts = {
  en: {
    viewport: { width: 1280, height: 800 },
    proposalsTitle: 'Proposals',
    waitingStrip: /^\d+ more proposals? and \d+ more verified citizens?$/,
    waitingScreen: /^Waiting for \d+ more proposals? and \d+ more verified citizens?$/,
  },
  fr: {
    viewport: { width: 375, height: 800 },
    proposalsTitle: 'Propositions',
    waitingStrip: /^\d+ propositions? et \d+ citoyens? vérifiés? attendus$/,
    waitingScreen: /^Encore \d+ propositions? et \d+ citoyens? vérifiés? attendus$/,
  },
};

beforeAll(async () => {
  ownStack = await startOwnStack(
    'e2e_extension',
    { START_MIN_VERIFIED_USERS: '1000', START_MIN_PROPOSALS: '1000', PHASE_PROPOSALS_SECONDS: '8', PHASE_EXTENSION_SECONDS: String(extensionSeconds) },
    { needsMail: false },
  );
  ({ baseUrl, browser } = ownStack);
}, 150_000);

afterAll(() => ownStack?.stop(), 60_000);

interface ProposalsEnd {
  /** The end of the proposals phase on the local clock (epoch ms). */
  at: number;
  extensions: number;
  startRuleMet: boolean;
}

/** The proposals phase's end as the service answers it, moved onto the local clock by its server time. */
async function proposalsEnd(context: BrowserContext): Promise<ProposalsEnd> {
  const answer = await context.request.get(`${baseUrl}/api/decisions`, { headers: { 'x-requested-with': 'fetch' } });
  const receivedAt = Date.now();
  if (!answer.ok()) throw new Error(`GET /api/decisions answered ${answer.status()}`);
  const { cycles } = (await answer.json()) as { cycles: CycleSummary[] };
  const cycle = cycles.find((item) => item.phase === 'proposals');
  const end = cycle?.nextStepAt ?? cycle?.phaseEndsAt;
  if (!cycle || !end) throw new Error('no proposals phase with an end');
  return { at: Date.parse(end) - (Date.parse(cycle.serverTime) - receivedAt), extensions: cycle.extensions, startRuleMet: cycle.startRule.met };
}

interface Reading {
  /** When the reading began (local clock, ms). */
  at: number;
  strip: string | null;
  screen: string | null;
}

const clean = (text: string | null) => (text === null ? null : text.replace(/\s+/gu, ' ').trim());

async function read(page: Page): Promise<Reading> {
  const at = Date.now();
  const [strip, screen] = await Promise.all([
    page.locator('header [data-phase-time="proposals"][data-phase-waiting]').textContent({ timeout: 2_000 }).catch(() => null),
    page.locator('main [data-waiting]').first().textContent({ timeout: 2_000 }).catch(() => null),
  ]);
  return { at, strip: clean(strip), screen: clean(screen) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads the strip and the screen from a few seconds before the proposals phase's current end until
 * the service has extended it and a few seconds more: every reading says what the phase waits for.
 */
async function throughOneExtension(context: BrowserContext, page: Page, t: (typeof texts)['en']): Promise<void> {
  // An end too close to judge the strip before it is left for the next one.
  const end = await until('an end of the proposals phase a few seconds ahead', async () => {
    const current = await proposalsEnd(context);
    return current.at - Date.now() > 4_000 ? current : null;
  });
  expect(end.startRuleMet).toBe(false);
  await sleep(Math.max(0, end.at - Date.now() - 3_000));
  const readings: Reading[] = [];
  let extended = end;
  // Until the service has extended the phase and a reading was taken well past the old end: the
  // stop is decided on the last reading's time, so a slow read of the end cannot stop it short.
  while (Date.now() < end.at + followWithinMs) {
    const reading = await read(page);
    readings.push(reading);
    if (extended.extensions > end.extensions && reading.at > end.at + 3_000) break;
    await sleep(250);
    if (Date.now() > end.at + 1_000) extended = await proposalsEnd(context);
  }
  // The service did extend the phase, by one step from about the old end.
  expect(extended.extensions).toBeGreaterThan(end.extensions);
  expect(extended.at).toBeGreaterThan(end.at + (extensionSeconds - toleranceSeconds) * 1000);
  // Never a countdown to the check, nor "any moment now", nor a countdown starting over: what it waits for.
  // The readings cover the old end: from before it to past it, however slowly the machine read them.
  expect(readings.length).toBeGreaterThanOrEqual(4);
  expect(readings[0]!.at).toBeLessThan(end.at - 1_000);
  expect(readings.at(-1)!.at).toBeGreaterThan(end.at + 2_000);
  expect(readings.filter((reading) => !t.waitingStrip.test(reading.strip ?? '') || !t.waitingScreen.test(reading.screen ?? ''))).toEqual([]);
}

// Both languages watch the same extensions at once, each on its own page: the file waits for two
// extensions, not four.
it.concurrent.each(languages)('the header strip while the start rule waits (%s): says what the phase waits for through each extension, never a countdown that starts over', async (lang) => {
  const t = texts[lang];
  const { context, page, problems } = await openSession(browser, { locale: browserLocales[lang], viewport: t.viewport }, 15_000);
  try {
    await openAndWaitFor(page, `${baseUrl}/decisions/proposals`, t.proposalsTitle);
    // At 375 px the header is one compact row: the current phases are in its menu drawer.
    if (t.viewport.width < 1024) await page.locator('header').getByRole('button', { name: 'Menu', exact: true }).click();
    await page.locator('header [data-phase-time="proposals"]').waitFor();

    await throughOneExtension(context, page, t);
    await throughOneExtension(context, page, t);
    if (lang === 'fr') {
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
      expect(widths.page).toBeLessThanOrEqual(widths.window);
    }
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}, 150_000);
