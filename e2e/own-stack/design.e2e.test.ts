/**
 * The design of every screen (issue 20), on a stack of its own: one decision cycle walked through its
 * four phases (src/phase-walk.ts), each phase screen looked at while its phase is on, then every route
 * of src/routes.ts. Each screen is checked in the four combinations of 1280 / 375 px wide and light /
 * dark theme, changed on the loaded page (no reload): nothing wider than the screen, no serious axe
 * violation, at 375 px a header of one row at most 64 px tall whose controls are 44 px touch targets,
 * the charts' text equivalents; on the phase screens the chat in a side panel beside the texts from
 * 1024 px, and a chat tab button at 375 px. The phase screens are checked in English (Alice) and
 * French (Bob); the routes as an English visitor and a French member.
 *
 * The walk also keeps full-page screenshots (light, English) of home, the four phase screens, the
 * archived law, the member's notifications and home at 1280 and 375 px: into
 * docs/design/screenshots/after/ with DESIGN_SCREENSHOTS=1, else into .tmp/.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chatRooms, type ChatMessage, type CycleSummary } from '@civic/contracts';
import type { Page } from 'playwright-core';
import { registerVerified } from '../src/accounts.js';
import { COLOUR_RULES, describeViolations, seriousAxeViolations } from '../src/axe.js';
import { memberChatSocket } from '../src/chat-panel.js';
import { shootBothWidths } from '../src/design-shots.js';
import { startOwnStack, type OwnStack } from '../src/own-stack.js';
import { PHASE_WALK_SETTINGS, phaseWalkers, walkThroughPhases, type Locale, type PhaseScreen, type Walkers } from '../src/phase-walk.js';
import { APP_ROUTES, UNKNOWN_ID, type RouteIds } from '../src/routes.js';
import { closeSessions, domQuiet, openSession, waitForHeading, type Session } from '../src/session.js';
import { until } from '../src/until.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const shotsDir = process.env.DESIGN_SCREENSHOTS === '1' ? path.join(root, 'docs/design/screenshots/after') : path.join(root, '.tmp/design-screenshots');
const run = randomBytes(3).toString('hex');
/** The longest wait for the cycle to move on by one phase. */
const phaseWaitMs = 120_000;

const COMBINATIONS = [
  { width: 1280, height: 900, colorScheme: 'light' },
  { width: 1280, height: 900, colorScheme: 'dark' },
  { width: 375, height: 812, colorScheme: 'light' },
  { width: 375, height: 812, colorScheme: 'dark' },
] as const;

/** The moderator who pins a message in the proposals' chat (identity's seeded first moderator). */
const moderatorEmail = `moderator-${run}-design@example.org`;
/** Messages enough for the chat panel to scroll at 1280 × 900 and in the phone's sheet. */
const chatMessages = 14;

/** The chat's tab button on phones, by the side panel's title. */
const chatTab: Record<Locale, RegExp> = { en: /^Chat\b/, fr: /^Discussion\b/ };

let stack: OwnStack | null = null;
let walkers: Walkers | undefined;
let visitor: Session | undefined;
let lawId = UNKNOWN_ID;
let cycleId = UNKNOWN_ID;

/** What the page measures of itself in one combination. */
interface Measures {
  overflow: number;
  wide: string[];
  header: { height: number; small: string[] } | null;
  charts: string[];
  panel: { layouts: number; mainRight: number; asideLeft: number; asideTop: number; asideBottom: number; asideWidth: number; viewportHeight: number; contentTop: number } | null;
  /** At the bottom of the page, the text lines the floating chat button covers. */
  covered: string[];
}

function measure(page: Page): Promise<Measures> {
  return page.evaluate(() => {
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      // A visually hidden element (a skip link before it is focused) is 1 px or less.
      return box.width > 1 && box.height > 1 && element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    };
    const describe = (element: Element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? element.getAttribute('aria-label') ?? '').trim().slice(0, 30)}"`;
    // The page's banner: the header that is not inside main or a sectioning element.
    const banner = Array.from(document.querySelectorAll('header')).find((header) => !header.parentElement?.closest('main, article, section, aside, nav'));
    let header: Measures['header'] = null;
    if (banner) {
      const controls = Array.from(banner.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])')).filter(visible);
      const small = controls
        .filter((control) => {
          const box = control.getBoundingClientRect();
          return box.width < 44 || box.height < 44;
        })
        .map((control) => {
          const box = control.getBoundingClientRect();
          return `${describe(control)} ${Math.round(box.width)}x${Math.round(box.height)}`;
        });
      header = { height: banner.getBoundingClientRect().height, small };
    }
    // Each chart shown: a caption, and each bar's number written out.
    const charts = Array.from(document.querySelectorAll('figure.ui-bars')).filter(visible).flatMap((figure) => {
      const problems: string[] = [];
      if (!figure.querySelector('figcaption')?.textContent?.trim()) problems.push('a chart without a caption');
      const rows = Array.from(figure.querySelectorAll('.ui-bars__row'));
      if (rows.length === 0) problems.push('a chart without rows');
      for (const row of rows) if (!/\d/.test(row.textContent ?? '')) problems.push(`a bar without its number: ${describe(row)}`);
      return problems;
    });
    const layouts = document.querySelectorAll('[data-layout="side-panel"]');
    let panel: Measures['panel'] = null;
    const layout = layouts[0];
    const aside = layout?.querySelector('[data-side-panel]');
    const main = layout?.firstElementChild;
    if (layout && aside && main && main !== aside) {
      const mainBox = main.getBoundingClientRect();
      const asideBox = aside.getBoundingClientRect();
      // The texts' first content: what comes first under the page header (a list's search bar), else the column's first element.
      const pageHeader = document.querySelector('.ui-page-header');
      const next = pageHeader?.nextElementSibling;
      const first = next && !next.contains(layout) ? next : main.firstElementChild;
      panel = {
        contentTop: (first ?? main).getBoundingClientRect().top,
        layouts: layouts.length,
        mainRight: mainBox.right,
        asideLeft: asideBox.left,
        asideTop: asideBox.top,
        asideBottom: asideBox.bottom,
        asideWidth: asideBox.width,
        viewportHeight: window.innerHeight,
      };
    }
    // Scrolled to the very bottom, no line of text may lie under the floating chat button.
    const covered: string[] = [];
    const tab = document.querySelector('.ui-side-layout__tab');
    if (tab && visible(tab)) {
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
      const button = tab.getBoundingClientRect();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        if (!text.textContent?.trim() || tab.contains(text)) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        const overlaps = Array.from(range.getClientRects()).some((line) => line.width > 0 && line.left < button.right && line.right > button.left && line.top < button.bottom && line.bottom > button.top);
        if (overlaps) covered.push(`"${text.textContent.trim().slice(0, 30)}"`);
      }
      window.scrollTo({ top: 0, behavior: 'instant' });
    }
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    // What sticks out, for the failure message: the innermost elements past the right edge.
    const wide = overflow > 0 ? Array.from(document.body.querySelectorAll('*')).filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && element.children.length === 0 && visible(element)).slice(0, 3).map(describe) : [];
    return { overflow, wide, header, charts, panel, covered };
  });
}

/**
 * Checks the loaded page in the four width × theme combinations and answers what is wrong, one line
 * each (empty when all is well). `phase`: a phase screen, whose chat must sit beside the texts.
 */
async function designProblems(page: Page, label: string, { phase = false, locale = 'en' as Locale } = {}): Promise<string[]> {
  const problems: string[] = [];
  for (const { width, height, colorScheme } of COMBINATIONS) {
    const at = `${label} at ${width} px ${colorScheme}`;
    await page.setViewportSize({ width, height });
    // Reduced motion: no transition is caught half-way by the contrast check.
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    // What the width or the theme changes (a layout switched by a media query listener) is in place.
    await domQuiet(page, 50, 1_000);
    const seen = await measure(page);
    if (seen.overflow > 0) problems.push(`${at}: the page scrolls sideways by ${seen.overflow} px (${seen.wide.join(', ')})`);
    if (!seen.header) problems.push(`${at}: no page header (banner)`);
    else if (width < 1024) {
      if (seen.header.height > 64) problems.push(`${at}: the header is ${Math.round(seen.header.height)} px tall`);
      for (const small of seen.header.small) problems.push(`${at}: header control smaller than 44 px: ${small}`);
    }
    for (const chart of seen.charts) problems.push(`${at}: ${chart}`);
    if (phase) {
      if (!seen.panel) problems.push(`${at}: no side-panel layout`);
      else if (width >= 1024) {
        const { mainRight, asideLeft, asideTop, asideBottom, asideWidth, viewportHeight, contentTop } = seen.panel;
        if (asideLeft < mainRight - 1) problems.push(`${at}: the chat (left ${asideLeft}) is not beside the texts (right ${mainRight})`);
        if (asideWidth <= 0 || asideTop >= viewportHeight || asideBottom <= 0) problems.push(`${at}: the chat is not in the first viewport (top ${asideTop})`);
        if (Math.abs(asideTop - contentTop) > 2) problems.push(`${at}: the chat's top (${Math.round(asideTop)}) is not level with the texts' first content (${Math.round(contentTop)})`);
      } else {
        const tab = page.getByRole('button', { name: chatTab[locale] });
        const box = (await tab.count()) === 1 && (await tab.isVisible()) ? await tab.boundingBox() : null;
        if (!box) problems.push(`${at}: no visible chat tab button`);
        else if (box.height < 44) problems.push(`${at}: the chat tab button is ${Math.round(box.height)} px tall`);
        if (seen.covered.length > 0) problems.push(`${at}: at the bottom of the page the chat button covers ${seen.covered.join(', ')}`);
      }
      problems.push(...(await pinnedProblems(page, at, width)));
    }
    if (colorScheme === 'dark') problems.push(...(await radioProblems(page, at)));
    problems.push(...(await placeholderProblems(page, at)), ...(await boardProblems(page, at, width)));
    // A violation names every offending element: the first few are enough to find it. The dark theme
    // changes colours only, so there the colour rules are all that can find something new.
    const rules = colorScheme === 'dark' ? COLOUR_RULES : undefined;
    for (const violation of describeViolations(await seriousAxeViolations(page, rules))) problems.push(`${at}: ${violation.slice(0, 400)}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  return problems;
}

/**
 * The chat's pinned strip, when the room has pins: with the conversation scrolled to its newest
 * message, the strip is whole between the panel's title and its bottom. On phones the sheet is
 * opened for the look and closed again.
 */
async function pinnedProblems(page: Page, at: string, width: number): Promise<string[]> {
  if ((await page.locator('.chat-pinned').count()) === 0) return [];
  const narrow = width < 1024;
  if (narrow) await page.locator('.ui-side-layout__tab').click();
  const body = page.locator('.ui-side-layout__body');
  await body.waitFor();
  const seen = await body.evaluate((scroller) => {
    scroller.scrollTop = scroller.scrollHeight;
    const strip = scroller.querySelector('.chat-pinned')!.getBoundingClientRect();
    const box = scroller.getBoundingClientRect();
    return { scrolls: scroller.scrollHeight > scroller.clientHeight, stripTop: strip.top, stripBottom: strip.bottom, top: box.top, bottom: box.bottom };
  });
  if (narrow) await page.keyboard.press('Escape');
  const problems: string[] = [];
  // A conversation shorter than the panel would keep the strip in view whatever the styles.
  if (!seen.scrolls) problems.push(`${at}: the chat does not scroll, so its pinned strip was not put to the test`);
  if (seen.stripTop < seen.top - 1 || seen.stripBottom > seen.bottom + 1)
    problems.push(`${at}: the pinned strip (${Math.round(seen.stripTop)}–${Math.round(seen.stripBottom)}) is cut by the chat panel (${Math.round(seen.top)}–${Math.round(seen.bottom)})`);
  return problems;
}

/** In the dark theme, a checked radio and an unchecked one of the screen must not look alike. */
async function radioProblems(page: Page, at: string): Promise<string[]> {
  const looks = await page.evaluate(() => {
    const look = (radio: Element | null) => {
      if (!radio) return null;
      const style = getComputedStyle(radio);
      return `${style.backgroundColor} ${style.borderColor} ${style.boxShadow}`;
    };
    return { checked: look(document.querySelector('input[type="radio"]:checked')), unchecked: look(document.querySelector('input[type="radio"]:not(:checked)')) };
  });
  return looks.checked && looks.checked === looks.unchecked ? [`${at}: checked and unchecked radios look alike (${looks.checked})`] : [];
}

/**
 * Each field's placeholder fits in it: written into the field for a moment (no input event, so the
 * screen does not react), it must not scroll.
 */
async function placeholderProblems(page: Page, at: string): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder]'))
      .filter((input) => input.checkVisibility() && input.value === '')
      .flatMap((input) => {
        input.value = input.placeholder;
        const cut = input.scrollWidth > input.clientWidth;
        input.value = '';
        return cut ? [`${at}: the placeholder "${input.placeholder}" is cut (${input.clientWidth} px wide)`] : [];
      }),
  );
}

/**
 * A kanban board: on phones its columns scroll sideways, and a fade at the edge shows while more
 * columns lie to the right, gone once the reader has scrolled to the last one.
 */
async function boardProblems(page: Page, at: string, width: number): Promise<string[]> {
  const board = page.locator('.kanban .decisions-board');
  if ((await board.count()) === 0) return [];
  const fade = page.locator('.kanban__fade');
  const problems: string[] = [];
  const { scrollWidth, clientWidth } = await board.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  if (width < 1024 && scrollWidth <= clientWidth) problems.push(`${at}: the board's columns (${scrollWidth} px) do not scroll sideways in ${clientWidth} px`);
  if (scrollWidth > clientWidth) {
    if (!(await fade.evaluate((element) => element.checkVisibility({ opacityProperty: true })))) problems.push(`${at}: the board scrolls sideways with no hint at its edge`);
    await board.evaluate((element) => element.scrollTo({ left: element.scrollWidth, behavior: 'instant' }));
    await page.waitForTimeout(100);
    if (await fade.evaluate((element) => element.checkVisibility({ opacityProperty: true }))) problems.push(`${at}: the board's hint stays after its last column`);
    await board.evaluate((element) => element.scrollTo({ left: 0, behavior: 'instant' }));
  }
  return problems;
}

/**
 * Fills the chat of the cycle open for proposals with a conversation longer than the panel, its first
 * message pinned by the moderator, so that the pinned strip is seen with the conversation scrolled.
 */
async function pinAmongMessages(): Promise<void> {
  const { baseUrl } = stack!;
  const moderator = await openSession(stack!.browser, { locale: 'en-US', serviceWorkers: 'block' }, 20_000);
  try {
    await registerVerified(moderator.context, stack!, { email: moderatorEmail, userName: `moderator ${run}`, password: 'keeps-the-peace-2026', locale: 'en' });
    const cycles = (await (await fetch(`${baseUrl}/api/decisions`)).json()) as { cycles: CycleSummary[] };
    const room = chatRooms.proposals(cycles.cycles.find((cycle) => cycle.phase === 'proposals')!.id);
    const socket = await memberChatSocket(moderator.context, baseUrl);
    try {
      await socket.ask('room:join', { room });
      const posted: ChatMessage[] = [];
      for (let line = 1; line <= chatMessages; line++)
        posted.push(await socket.ask<ChatMessage>('message:post', { room, text: `Point ${line}: the buses should also run later on Sunday evenings, so that everyone can get home.` }));
      await socket.ask('message:pin', { id: posted[0]!.id, pin: true });
    } finally {
      socket.disconnect();
    }
  } finally {
    await closeSessions([moderator]);
  }
}

/**
 * The page's layout shift since it loaded: the sum of the browser's layout-shift entries not caused by
 * input (at least Lighthouse's figure, which keeps the worst window of them).
 */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) total += entry.value;
          resolve(total);
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all: the observer is never called.
        setTimeout(() => resolve(total), 100);
      }),
  );
}

/** Waits for the screen: its one h1, and no loading state left. */
async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.loading, [data-remote-loading], [aria-busy="true"]'), undefined, { timeout: 10_000 }).catch(() => undefined);
  // What arrives late (and could shift the layout) comes in before the checks.
  await domQuiet(page, 100, 2_000);
}

beforeAll(async () => {
  // Each phase lasts until both readers have looked at its screen in four combinations (the walk ends it).
  // The moderator posts faster than the chat's usual 5 messages per 10 s.
  stack = await startOwnStack('e2e_design', { ...PHASE_WALK_SETTINGS, SEED_MODERATOR_EMAIL: moderatorEmail, CHAT_RATE_LIMIT: String(chatMessages + 1) });
  walkers = await phaseWalkers(stack, run, 20_000);
  for (const { page } of [walkers.alice, walkers.bob]) await page.setViewportSize({ width: 1280, height: 900 });
}, 180_000);

afterAll(async () => {
  await closeSessions([walkers?.alice, walkers?.bob, visitor]);
  await stack?.stop();
}, 60_000);

it(
  'shows each phase screen with the chat beside the texts, in both languages, widths and themes',
  async () => {
    const base = stack!.baseUrl;
    const problems: string[] = [];
    const look = async (who: Session, locale: Locale, screen: PhaseScreen) => {
      await who.page.goto(`${base}${screen.path}`);
      await waitForHeading(who.page, screen.heading[locale]);
      await who.page.locator('[data-side-panel]').waitFor({ state: 'attached' });
      await settled(who.page);
      problems.push(...(await designProblems(who.page, `${screen.name} (${locale})`, { phase: true, locale })));
    };
    lawId = await walkThroughPhases(base, walkers!, run, phaseWaitMs, async (screen) => {
      const { alice, bob } = walkers!;
      if (screen.name === 'proposals') await pinAmongMessages();
      if (screen.name === 'voting') {
        // The home page's timeline shows the cycle in its vote.
        await alice.page.goto(`${base}/`);
        await settled(alice.page);
        if ((await alice.page.locator('[aria-current="step"]').count()) === 0) problems.push('home (en): no timeline with the current phase');
        problems.push(...(await designProblems(alice.page, 'home (en)')));
        await shootBothWidths(alice.page, shotsDir, 'home');
      }
      await look(alice, 'en', screen);
      // The radios of the dark theme are compared here (designProblems): a vote is checked, the other choices not.
      if (screen.name === 'voting') expect(await alice.page.locator('input[type="radio"]:checked').count()).toBeGreaterThan(0);
      if (screen.name === 'voting' || screen.name === 'final-vote') {
        // Votes were cast: their bars show, each with a text equivalent (checked in designProblems).
        expect(await alice.page.locator('figure.ui-bars').count()).toBeGreaterThan(0);
      }
      await shootBothWidths(alice.page, shotsDir, screen.name);
      await look(bob, 'fr', screen);
    });
    // The screens the polish changed besides the phases' (docs/design/README.md): the law in the
    // archive, the member's alerts, and the home that knows the member.
    const { alice } = walkers!;
    await until('the law in the archive', async () => ['adopted', 'rejected'].includes(((await (await fetch(`${base}/api/laws/${lawId}`)).json()) as { state: string }).state), phaseWaitMs);
    for (const [name, screenPath] of [
      ['archived-law', `/archive/${lawId}`],
      ['notifications', '/notifications'],
      ['home-member', '/'],
    ] as const) {
      await alice.page.goto(`${base}${screenPath}`);
      await settled(alice.page);
      await shootBothWidths(alice.page, shotsDir, name);
    }
    expect(problems).toEqual([]);
    expect(walkers!.alice.problems).toEqual([]);
    expect(walkers!.bob.problems).toEqual([]);
  },
  6 * phaseWaitMs,
);

describe.each([
  ['an English visitor', 'en'],
  ['a French member', 'fr'],
] as const)('every route as %s, in both widths and themes', (_who, locale) => {
  let session: Session;
  let ids: RouteIds;

  beforeAll(async () => {
    if (locale === 'en') {
      visitor = await openSession(stack!.browser, { locale: 'en-US', serviceWorkers: 'block', viewport: { width: 1280, height: 900 } }, 20_000);
      session = visitor;
    } else session = walkers!.bob;
    const cycles = (await (await fetch(`${stack!.baseUrl}/api/decisions`)).json()) as { cycles: { id: string }[] };
    cycleId = cycles.cycles[0]?.id ?? UNKNOWN_ID;
    // The member visits their own pages (Bob); the visitor visits Alice's.
    const owner = locale === 'fr' ? walkers!.bob : walkers!.alice;
    const user = await owner.page.evaluate(async () => {
      const answer = await fetch('/api/login/auth-user', { method: 'POST', headers: { accept: 'application/json', 'x-requested-with': 'fetch' } });
      return (await answer.json()) as { id: string; userName: string };
    });
    ids = { cycleId, lawId, electionId: UNKNOWN_ID, user };
  });

  it.each(APP_ROUTES.map((entry) => [entry.route, entry] as const))('%s', async (route, entry) => {
    const { page } = session;
    await page.goto(`${stack!.baseUrl}${entry.path(ids)}`);
    await settled(page);
    // The board's sideways scrolling is checked in designProblems: the walk's proposals fill it.
    if (route === '/kanban/{type}') expect(await page.locator('.kanban .decisions-board').count()).toBe(1);
    // Nothing on the screen moves as the page's data arrives (Lighthouse's layout shift is good under 0.1).
    expect(await layoutShift(page)).toBeLessThan(0.1);
    expect(await designProblems(page, `${route} (${locale})`, { locale })).toEqual([]);
  }, 60_000);
});
