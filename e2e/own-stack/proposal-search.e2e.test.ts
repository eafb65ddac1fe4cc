/**
 * Search (docs/product.md#search), against a stack of its own, in English and in French: a member
 * typing the title of a new proposal sees, while typing, a similar proposal of the cycle and a similar
 * archived law beside the form, each linked, without losing a character typed; anyone narrows the
 * proposals list with the search box and the category filter, both kept in the address, the count
 * and the empty state following.
 *
 * What a member types in the form survives the arrival of the chat beside it.
 *
 * A moderator editing someone else's signalled proposal is asked why, and the edit is refused
 * without a reason.
 *
 * An archived law needs a whole cycle behind it, so it is written by SQL into this stack's database,
 * with the proposals of the open cycle: the database indexes rows written this way by itself.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import type { CycleSummary, Proposal } from '@civic/contracts';
import { registerVerified } from '../src/accounts.js';
import { describeViolations, seriousAxeViolations } from '../src/axe.js';
import { launchBrowser } from '../src/browser.js';
import { apiCall, closeSessions, openAndWaitFor, openSession, type Session } from '../src/session.js';
import { startBrowserTestStack } from '../src/stacks.mjs';
import { until } from '../src/until.js';
import { languages, type Lang } from '../src/languages.js';

const run = randomBytes(3).toString('hex');
const moderatorEmail = `moderator-${run}.proposal-search@example.test`;

const texts = {
  en: {
    heading: 'Proposals',
    title: 'Title',
    similar: 'Similar proposals and laws',
    search: 'Search the proposals',
    category: 'Filter by category',
    environment: 'Environment',
    count: (n: number) => `${n} proposal${n === 1 ? '' : 's'}`,
    none: 'No proposal matches your search.',
    typed: 'Bike shar',
  },
  fr: {
    heading: 'Propositions',
    title: 'Titre',
    similar: 'Propositions et lois similaires',
    search: 'Rechercher dans les propositions',
    category: 'Filtrer par catégorie',
    environment: 'Environnement',
    count: (n: number) => `${n} proposition${n === 1 ? '' : 's'}`,
    none: 'Aucune proposition ne correspond à votre recherche.',
    typed: 'Des vélos partag',
  },
} as const;

/** The open cycle's proposals and an archived law, written by SQL. */
const bikes = { id: randomUUID(), title: `Vélos partagés dans chaque quartier ${run}` };
const gardens = { id: randomUUID(), title: `Jardins partagés sur les toits ${run}` };
const trams = { id: randomUUID(), title: `Night trams on weekends ${run}` };
const law = { id: randomUUID(), title: `Bicycles for everyone ${run}` };
/** Signalled to the moderators, so that one may edit it. */
const signalled = { id: randomUUID(), title: `Une fontaine sur chaque place ${run}` };

let stack: Awaited<ReturnType<typeof startBrowserTestStack>> | null = null;
let browser: Browser;
const seen = new Set<string>();
const members: Partial<Record<Lang, Session>> = {};
let moderator: Session;
let visitor: Session;

const baseUrl = () => stack!.baseUrl;

async function member(lang: Lang, name = `${lang}writer`, email = `${name}-${run}-search@example.org`): Promise<Session> {
  const who = await openSession(browser, { locale: lang === 'fr' ? 'fr-FR' : 'en-US', serviceWorkers: 'block' }, 20_000);
  await registerVerified(who.context, { baseUrl: baseUrl(), mailUrl: stack!.mailUrl, seen }, { email, userName: `${name} ${run}`, password: `${name}-looks-around-2026`, locale: lang });
  return who;
}

async function seed(cycleId: string): Promise<void> {
  const client = new pg.Client({ connectionString: stack!.databaseUrl });
  await client.connect();
  try {
    const archived = randomUUID();
    await client.query(`INSERT INTO decisions.cycle (id, number, phase, phase_started_at, created_at) VALUES ($1, 1000, 'archive', now(), now() - interval '90 days')`, [archived]);
    await client.query(
      `INSERT INTO decisions.law (id, cycle_id, user_id, title, description, category, rank, state, created_at, updated_at, archived_at)
       VALUES ($1, $2, $3, $4, 'Every town lends bikes to its inhabitants: des vélos pour tous.', 'transport', 1, 'adopted', now() - interval '60 days', now(), now() - interval '30 days')`,
      [law.id, archived, randomUUID(), law.title],
    );
    for (const [proposal, description, category] of [
      [bikes, 'Des vélos en libre-service (bike sharing) près de chaque école.', 'transport'],
      [gardens, 'Des potagers partagés sur les toits des immeubles publics.', 'environment'],
      [trams, 'Trams run all night on Fridays and Saturdays.', 'transport'],
      [signalled, 'De l’eau fraîche pour tous en été.', 'health'],
    ] as const) {
      await client.query(
        `INSERT INTO decisions.proposal (id, cycle_id, user_id, title, description, category, state, moderation_status, created_at, updated_at, submitted_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'submitted', $7, now(), now(), now())`,
        [proposal.id, cycleId, randomUUID(), proposal.title, description, category, proposal === signalled ? 1 : 0],
      );
    }
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  stack = await startBrowserTestStack('e2e_proposal_search', { SEED_MODERATOR_EMAIL: moderatorEmail }, { build: false });
  browser = await launchBrowser();
  visitor = await openSession(browser, { locale: 'en-US', serviceWorkers: 'block' }, 20_000);
  let open: CycleSummary | undefined;
  await until('a cycle open for proposals', async () => {
    open = (await apiCall<{ cycles: CycleSummary[] }>(visitor.context, baseUrl(), 'GET', '/api/decisions')).cycles.find((cycle) => cycle.phase === 'proposals');
    return open !== undefined;
  });
  await seed(open!.id);
  members.en = await member('en');
  members.fr = await member('fr');
  moderator = await member('en', 'moderator', moderatorEmail);
}, 180_000);

afterAll(async () => {
  await closeSessions([members.en, members.fr, moderator, visitor]);
  await browser?.close();
  await stack?.stop();
}, 60_000);

it.each(languages)('shows a similar proposal and a similar archived law while a member types a title, in %s', async (lang) => {
  const who = members[lang]!;
  const { page } = who;
  const t = texts[lang];
  await openAndWaitFor(page, `${baseUrl()}/decisions/proposals`, t.heading);
  const panel = page.getByRole('complementary', { name: t.similar, exact: true });
  const title = page.getByLabel(t.title, { exact: true });
  // Typed key by key, the last word unfinished.
  await title.pressSequentially(t.typed, { delay: 40 });
  await panel.getByRole('link', { name: bikes.title, exact: true }).waitFor();
  await panel.getByRole('link', { name: law.title, exact: true }).waitFor();
  expect(await title.inputValue()).toBe(t.typed);
  expect(await panel.locator('[aria-live="polite"]').count()).toBe(1);
  expect(await panel.getByRole('link', { name: law.title, exact: true }).getAttribute('href')).toBe(`/archive/${law.id}`);
  // The proposal's link opens the list searching its title.
  await panel.getByRole('link', { name: bikes.title, exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('q') === bikes.title);
  await page.locator('section[aria-labelledby="proposals-list"]').getByRole('heading', { name: bikes.title, exact: true }).waitFor();
  expect(describeViolations(await seriousAxeViolations(page))).toEqual([]);
  expect(who.problems).toEqual([]);
}, 60_000);

it('keeps what a member types in the proposal form when the chat beside it arrives', async () => {
  const who = members.en!;
  const { page } = who;
  // The chat's room comes from the list of cycles: held back, it arrives while the member types.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${baseUrl()}/api/decisions`, async (route) => {
    await held;
    await route.continue();
  });
  try {
    await openAndWaitFor(page, `${baseUrl()}/decisions/proposals`, 'Proposals');
    const title = page.getByLabel('Title', { exact: true });
    await title.pressSequentially('Bike lanes', { delay: 20 });
    expect(await page.locator('[data-layout="side-panel"]').count()).toBe(0);
    release();
    await page.locator('[data-layout="side-panel"] [data-side-panel]').waitFor();
    expect(await title.inputValue()).toBe('Bike lanes');
    // The focus stayed in the field: typing goes on where it was.
    await page.keyboard.type(' on every avenue');
    expect(await title.inputValue()).toBe('Bike lanes on every avenue');
  } finally {
    release();
    await page.unroute(`${baseUrl()}/api/decisions`);
  }
  expect(who.problems).toEqual([]);
}, 60_000);

it.each(languages)('narrows the proposals list by words and category, kept in the address, in %s', async (lang) => {
  const who = lang === 'en' ? visitor : members.fr!;
  const { page } = who;
  const t = texts[lang];
  await openAndWaitFor(page, `${baseUrl()}/decisions/proposals`, t.heading);
  const list = page.locator('section[aria-labelledby="proposals-list"]');
  const count = list.getByRole('status');
  const titles = () => list.locator('.decisions-proposal__title').allInnerTexts();
  await count.filter({ hasText: t.count(4) }).waitFor();

  const search = page.getByRole('searchbox', { name: t.search, exact: true });
  await search.fill(lang === 'en' ? 'partages' : 'partagés');
  await count.filter({ hasText: t.count(2) }).waitFor();
  expect((await titles()).sort()).toEqual([bikes.title, gardens.title].sort());
  await page.waitForURL((url) => url.searchParams.get('q') !== null);

  // Keyboard only: the category filter is the next control.
  await search.focus();
  await page.keyboard.press('Tab');
  const category = page.getByLabel(t.category, { exact: true });
  expect(await category.evaluate((element) => element === document.activeElement)).toBe(true);
  await category.selectOption({ label: t.environment });
  await count.filter({ hasText: t.count(1) }).waitFor();
  expect(await titles()).toEqual([gardens.title]);
  expect(new URL(page.url()).searchParams.get('category')).toBe('environment');

  // The address alone restores the search.
  await page.reload();
  await count.filter({ hasText: t.count(1) }).waitFor();
  expect(await search.inputValue()).toBe(lang === 'en' ? 'partages' : 'partagés');

  await search.fill('trams');
  await list.getByText(t.none, { exact: true }).waitFor();
  await search.fill('');
  await category.selectOption({ value: '' });
  await count.filter({ hasText: t.count(4) }).waitFor();
  expect(new URL(page.url()).search).toBe('');
  expect(who.problems).toEqual([]);
}, 60_000);

it('asks a moderator editing someone else’s proposal why, and refuses the edit without a reason', async () => {
  const { page } = moderator;
  await openAndWaitFor(page, `${baseUrl()}/decisions/proposals?q=${encodeURIComponent('fontaine')}`, 'Proposals');
  const card = page.locator(`[data-proposal="${signalled.id}"]`);
  await card.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('article', { name: `Edit · ${signalled.title}`, exact: true }).locator('form');
  const reasonField = form.getByLabel('Reason for the edit', { exact: true });
  await reasonField.waitFor();
  await form.getByLabel('Title', { exact: true }).fill(`Une fontaine d’eau potable sur chaque place ${run}`);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await form.getByText('This field is required', { exact: true }).waitFor();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
  expect((await apiCall<Proposal>(visitor.context, baseUrl(), 'GET', `/api/proposals/${signalled.id}`)).title).toBe(signalled.title);

  await reasonField.fill('Drinking water, as the discussion asked.');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await page.locator('[data-snackbar]', { hasText: 'The proposal has been saved.' }).waitFor();
  expect((await apiCall<Proposal>(visitor.context, baseUrl(), 'GET', `/api/proposals/${signalled.id}`)).title).toBe(`Une fontaine d’eau potable sur chaque place ${run}`);
  // Proposing asks for no reason.
  await openAndWaitFor(members.en!.page, `${baseUrl()}/decisions/proposals`, 'Proposals');
  await members.en!.page.getByLabel('Title', { exact: true }).waitFor();
  expect(await members.en!.page.getByLabel('Reason for the edit', { exact: true }).count()).toBe(0);
  expect(moderator.problems).toEqual([]);
}, 60_000);
