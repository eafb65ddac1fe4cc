/**
 * Issue 34, items 3, 4 and 7, on a stack of its own walked through one cycle (src/phase-walk.ts), in
 * English and French at 1280 and 375 px: the home page says what one can do now and lists the running
 * proposals and the latest law, and for a member what needs them; the drafting screen gives each
 * article and amendment one action bar, aligned; an archived law opens on its text, numbers its
 * articles alike in the text and in the vote details, names the amendment that replaced an original,
 * and puts the seal after, with a styled file picker reachable by keyboard.
 */
import { randomBytes } from 'node:crypto';
import type { LawDetail, LawList } from '@civic/contracts';
import type { Page } from 'playwright-core';
import { startOwnStack, type OwnStack } from '../src/own-stack.js';
import { PHASE_WALK_SETTINGS, phaseWalkers, walkThroughPhases, type Locale, type Walkers } from '../src/phase-walk.js';
import { apiCall, closeSessions, openSession, waitForHeading, type Session } from '../src/session.js';
import { until } from '../src/until.js';

const run = randomBytes(3).toString('hex');
const phaseWaitMs = 60_000;
const WIDTHS = [1280, 375] as const;

const texts = {
  en: {
    home: 'Share and co-create the laws',
    now: 'What you can do now',
    propose: 'Propose a law',
    proposals: 'Running proposals',
    law: 'Latest adopted law',
    noLaw: 'No law has been adopted yet',
    todo: 'What needs you',
    creation: 'Creation',
    more: 'More actions',
    archived: 'Archived law',
    text: 'Text of the law',
    replaced: 'Replaced by amendment 1',
    notAdopted: 'Article not adopted',
    choose: 'Choose a file…',
    noFile: 'No file chosen',
    file: 'Verify a downloaded open-data file',
    verify: 'Verify',
  },
  fr: {
    home: 'Partageons et co-créons les lois',
    now: 'Ce que vous pouvez faire maintenant',
    propose: 'Proposer une loi',
    proposals: 'Propositions en cours',
    law: 'Dernière loi adoptée',
    noLaw: 'Aucune loi n’a encore été adoptée',
    todo: 'Ce qui vous attend',
    creation: 'Création',
    more: 'Autres actions',
    archived: 'Loi archivée',
    text: 'Texte de la loi',
    replaced: 'Remplacé par l’amendement 1',
    notAdopted: 'Article non adopté',
    choose: 'Choisir un fichier…',
    noFile: 'Aucun fichier choisi',
    file: 'Vérifier un fichier de données ouvertes téléchargé',
    verify: 'Vérifier',
  },
} as const;

let stack: OwnStack | undefined;
let walkers: Walkers | undefined;
const visitors: Partial<Record<Locale, Session>> = {};

beforeAll(async () => {
  stack = await startOwnStack('e2e_law_home', PHASE_WALK_SETTINGS);
  walkers = await phaseWalkers(stack, run, 20_000);
  for (const locale of ['en', 'fr'] as const) {
    visitors[locale] = await openSession(stack.browser, { locale: locale === 'fr' ? 'fr-FR' : 'en-US', serviceWorkers: 'block' }, 20_000);
  }
}, 180_000);

afterAll(async () => {
  await closeSessions([walkers?.alice, walkers?.bob, visitors.en, visitors.fr]);
  await stack?.stop();
}, 60_000);

const reader = (locale: Locale) => (locale === 'en' ? walkers!.alice : walkers!.bob);

/** The home page at both widths: the actions of the phase, the running proposals, the latest law (or none yet). */
async function checkHome(page: Page, locale: Locale, { member, proposal, law }: { member: boolean; proposal: string; law: string | null }) {
  const t = texts[locale];
  await page.goto(`${stack!.baseUrl}/`);
  await waitForHeading(page, t.home);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const now = page.getByRole('region', { name: t.now, exact: true });
    await now.getByRole('link', { name: t.propose, exact: true }).waitFor();
    expect(await now.locator('[data-home-action="propose"]').getAttribute('href')).toBe('/decisions/proposals');
    await page.getByRole('region', { name: t.proposals, exact: true }).getByRole('link', { name: proposal, exact: true }).waitFor();
    const latest = page.getByRole('region', { name: t.law, exact: true });
    if (law) await latest.getByRole('link', { name: law, exact: true }).waitFor();
    else await latest.getByText(t.noLaw, { exact: true }).waitFor();
    const todo = page.getByRole('region', { name: t.todo, exact: true });
    if (member) await todo.locator('[data-todo]').waitFor();
    else expect(await todo.count()).toBe(0);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

/** Every article and amendment has one action bar (History, Edit, More actions) ending at the same line. */
async function checkDraftingBars(page: Page, locale: Locale, lawId: string) {
  const t = texts[locale];
  await page.goto(`${stack!.baseUrl}/decisions/creations?law=${lawId}`);
  await waitForHeading(page, t.creation);
  const bars = page.locator('[data-article] [data-action-bar]');
  await bars.first().waitFor();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    const count = await bars.count();
    expect(count).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < count; i++) {
      const bar = bars.nth(i);
      // One bar holds the text's history link and its menu; nothing of them stays outside it.
      expect(await bar.locator('[data-history]').count()).toBe(1);
      expect(await bar.getByRole('button', { name: t.more, exact: true }).count()).toBe(1);
    }
    // The bars of the articles end at the same x, and so do those of the amendments.
    for (const kind of ['main', 'amendment']) {
      const rights = await page.locator(`.drafting-article--${kind} > .drafting-article__body > .drafting-article__head [data-action-bar]`).evaluateAll((nodes) => nodes.map((node) => Math.round(node.getBoundingClientRect().right)));
      expect(new Set(rights).size).toBeLessThanOrEqual(1);
    }
    // The menu opens from the keyboard and closes with Escape.
    const menuButton = bars.first().getByRole('button', { name: t.more, exact: true });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').first().waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('menu').count()).toBe(0);
  }
}

/** The archived law: text first, numbers alike, the replaced original named, the seal after with its styled picker. */
async function checkArchivedLaw(page: Page, locale: Locale, lawId: string) {
  const t = texts[locale];
  await page.goto(`${stack!.baseUrl}/archive/${lawId}`);
  await waitForHeading(page, t.archived);
  await page.locator('[data-seal]').waitFor();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const order = await page.evaluate(() =>
      ['#law-text', '#law-about', '#law-details', '#law-seal'].map((id) => Math.round(document.querySelector(id)!.getBoundingClientRect().top + window.scrollY)),
    );
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Only the headings of the main content (the page's h1 and the law's h2) come before the text.
    const before = await page.locator('main h2, main h3').evaluateAll((nodes) => nodes.slice(0, 2).map((node) => node.id || node.textContent));
    expect(before[1]).toBe('law-text');

    // The adopted text's numbers are the vote details' numbers.
    const textNumbers = await page.locator('.decisions-law-text .decisions-law-text__article').allInnerTexts();
    const details = page.locator('#law-details').locator('xpath=..').locator('[data-number]');
    const detailNames = await details.locator('h3').allInnerTexts();
    expect(textNumbers.map((name) => name.replace(/\s*\(.*\)$/, ''))).toEqual(detailNames.filter((name) => name !== t.notAdopted));
    expect(detailNames).toContain(t.notAdopted);
    await page.locator('[data-result="replaced"]').getByText(t.replaced, { exact: true }).waitFor();

    // The seal's file picker: no native "Choose File", a visible button, the input reached by Tab.
    const picker = page.locator('[data-file-picker]');
    await picker.getByText(t.choose, { exact: true }).waitFor();
    expect(await picker.locator('[data-file-name]').innerText()).toBe(t.noFile);
    const input = page.getByLabel(t.file, { exact: true });
    const box = await input.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(1);
    await page.getByRole('button', { name: t.verify, exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('file');
  }
  const input = page.getByLabel(t.file, { exact: true });
  await input.setInputFiles({ name: 'law.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ not: 'the open data' })) });
  expect(await page.locator('[data-file-name]').innerText()).toBe('law.json');
  await page.locator('[data-verify-result] .notice').waitFor();
}

it(
  'shows the home page, the drafting bars and the archived law in both languages and widths',
  async () => {
    const base = stack!.baseUrl;
    let firstTitle = '';
    const lawId = await walkThroughPhases(base, walkers!, run, phaseWaitMs, async (screen) => {
      if (screen.name === 'proposals') {
        firstTitle = `Free buses on Sundays ${run}`;
        for (const locale of ['en', 'fr'] as const) {
          await checkHome(visitors[locale]!.page, locale, { member: false, proposal: firstTitle, law: null });
          await checkHome(reader(locale).page, locale, { member: true, proposal: firstTitle, law: null });
        }
      }
      if (screen.name === 'creation') {
        const law = await apiCall<LawList>(walkers!.alice.context, base, 'GET', '/api/laws?state=creation');
        const id = law.laws.find((each) => each.title === firstTitle)!.id;
        for (const locale of ['en', 'fr'] as const) await checkDraftingBars(reader(locale).page, locale, id);
      }
    });
    const law = await until(
      'the law archived and sealed',
      async () => {
        const detail = await apiCall<LawDetail>(walkers!.alice.context, base, 'GET', `/api/laws/${lawId}`);
        return detail.state === 'adopted' && detail.seal ? detail : null;
      },
      phaseWaitMs,
    );
    for (const locale of ['en', 'fr'] as const) await checkArchivedLaw(reader(locale).page, locale, lawId);
    // The home page now shows it as the latest adopted law, to visitors too.
    await visitors.en!.page.goto(`${base}/`);
    await visitors.en!.page.getByRole('region', { name: texts.en.law, exact: true }).getByRole('link', { name: law.title, exact: true }).waitFor();
  },
  phaseWaitMs * 4,
);
