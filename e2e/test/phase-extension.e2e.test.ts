/**
 * The header's phase strip follows the start rule's extensions of the proposals phase, in a real
 * browser against a stack of its own, in English (wide window) then in French (375 px wide): on the
 * proposals screen, once the phase's end passes and the service extends it, the strip shows the
 * seconds left of the extension again within a few seconds, never staying on "any moment now", and
 * its time agrees with the screen's own countdown and with the service's new end; and it does so
 * again at the next extension.
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
/** How soon after an end the strip must show the extension: the service's tick, the strip's retry, a read. */
const followWithinMs = 12_000;
/** How far (seconds) the strip, the screen and the service may differ: each rounds up to whole seconds. */
const toleranceSeconds = 2;

let ownStack: OwnStack | null = null;
let baseUrl = '';
let browser: Browser;

const texts = {
  en: { viewport: { width: 1280, height: 800 }, proposalsTitle: 'Proposals', now: 'any moment now' },
  fr: { viewport: { width: 375, height: 800 }, proposalsTitle: 'Propositions', now: 'd’un instant à l’autre' },
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

/** Seconds of a compact countdown ("15 s", "1 min 5 s"), 'now' for the due text, null for anything else. */
function stripSeconds(text: string, now: string): number | 'now' | null {
  const clean = text.replace(/\s+/gu, ' ').trim();
  if (clean === now) return 'now';
  const match = /^(?:(\d+) min)? ?(?:(\d+) s)?$/u.exec(clean);
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
}

interface Reading {
  strip: number | 'now' | null;
  screen: number | null;
}

async function read(page: Page, now: string): Promise<Reading> {
  const [stripText, screenValue] = await Promise.all([
    page.locator('header [data-phase-time="proposals"]').textContent({ timeout: 2_000 }).catch(() => null),
    page.locator('main [role="timer"][data-countdown]').first().getAttribute('data-countdown', { timeout: 2_000 }).catch(() => null),
  ]);
  return { strip: stripText === null ? null : stripSeconds(stripText, now), screen: screenValue === null ? null : Number(screenValue) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(languages)('the header strip after a start-rule extension (%s)', (lang) => {
  const t = texts[lang];
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    ({ context, page, problems } = await openSession(browser, { locale: browserLocales[lang], viewport: t.viewport }, 15_000));
  });

  afterAll(async () => {
    await context?.close();
  });

  /**
   * Waits for the proposals phase's current end to pass, then for the strip to show the extension;
   * answers how long after the end it did.
   */
  async function followOneExtension(): Promise<number> {
    // An end too close to judge the strip before it is left for the next one.
    const end = await until('an end of the proposals phase a few seconds ahead', async () => {
      const current = await proposalsEnd(context);
      return current.at - Date.now() > 4_000 ? current : null;
    });

    expect(end.startRuleMet).toBe(false);

    // Before the end the strip counts down to it (a page opened just after the previous end may
    // still be reading the new one).
    await until(
      'the strip counting down to the current end',
      async () => {
        const before = await read(page, t.now);
        return typeof before.strip === 'number' && Math.abs(before.strip - Math.ceil((end.at - Date.now()) / 1000)) <= toleranceSeconds;
      },
      Math.max(0, end.at - Date.now() - 1_500),
    );

    // Past the end and past the countdowns' next one-second tick, so that no reading is of the old end.
    await sleep(Math.max(0, end.at - Date.now()) + 1_200);
    const endedAt = end.at;
    // Well above zero: the seconds left of the extension, not the last ones of the old end.
    const counting = (value: number | 'now' | null): value is number => typeof value === 'number' && value > toleranceSeconds + 1;
    let followed: { reading: Reading; after: number; readAt: number } | null = null;
    while (!followed && Date.now() - endedAt < followWithinMs) {
      const reading = await read(page, t.now);
      const readAt = Date.now();
      if (counting(reading.strip) && counting(reading.screen)) followed = { reading, after: readAt - endedAt, readAt };
      else await sleep(250);
    }
    if (!followed) throw new Error(`the strip did not show the extension within ${followWithinMs} ms of the end: ${JSON.stringify(await read(page, t.now))}`);

    // The service did extend the phase, by one step from about the old end, and the strip, the
    // screen and the service agree on the seconds left.
    const extended = await proposalsEnd(context);
    expect(extended.extensions).toBeGreaterThan(end.extensions);
    expect(extended.at).toBeGreaterThan(end.at + (extensionSeconds - toleranceSeconds) * 1000);
    const { reading, readAt } = followed;
    // The seconds left when the strip was read, not now: the service's answer took time of its own.
    const left = Math.ceil((extended.at - readAt) / 1000);
    expect(Math.abs((reading.strip as number) - (reading.screen as number))).toBeLessThanOrEqual(toleranceSeconds);
    expect(Math.abs((reading.strip as number) - left)).toBeLessThanOrEqual(toleranceSeconds);

    // And it keeps counting down with the screen instead of going back to "any moment now".
    for (let sample = 0; sample < 4; sample += 1) {
      await sleep(1_000);
      const later = await read(page, t.now);
      expect(later.strip).not.toBe('now');
      expect(typeof later.strip).toBe('number');
      expect(Math.abs((later.strip as number) - Math.ceil((extended.at - Date.now()) / 1000))).toBeLessThanOrEqual(toleranceSeconds);
      if (later.screen !== null) expect(Math.abs((later.strip as number) - later.screen)).toBeLessThanOrEqual(toleranceSeconds);
    }
    return followed.after;
  }

  it('shows the seconds left of each extension within a few seconds of the end, as the screen does', async () => {
    await openAndWaitFor(page, `${baseUrl}/decisions/proposals`, t.proposalsTitle);
    // At 375 px the header is one compact row: the current phases are in its menu drawer.
    if (t.viewport.width < 1024) await page.locator('header').getByRole('button', { name: 'Menu', exact: true }).click();
    await page.locator('header [data-phase-time="proposals"]').waitFor();

    const first = await followOneExtension();
    const second = await followOneExtension();
    expect(first).toBeLessThan(followWithinMs);
    expect(second).toBeLessThan(followWithinMs);
    if (lang === 'fr') {
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
      expect(widths.page).toBeLessThanOrEqual(widths.window);
    }
    expect(problems).toEqual([]);
  }, 150_000);
});
