/**
 * A law from its draw to the archive in a real browser against a stack of its own:
 * two members propose and vote through the API (the proposal screens have their own browser test),
 * the vote closes and both are drawn as creators; one drafts in the creation editor a group, an
 * article in it and an amendment to it while a visitor sees the text read-only; in the final vote
 * both vote so that the amendment wins (the screen shows what it changes and the live counts); once
 * archived, the law is found in the archive and its PDF, downloaded in the browser, holds the amended
 * text with its accents (pdftotext).
 *
 * Cycles are shared by a whole stack (one per phase), so this test drives the cycles of a stack of
 * its own, with short phases.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import type { LawList } from '@civic/contracts';
import { registerVerified, type Account } from '../src/accounts.js';
import { CYCLE_STARTED_BY_TWO, endPhase, phaseSeconds, proposeAndWaitForTheVote, startOwnStack, type OwnStack } from '../src/own-stack.js';
import { apiCall, openAndWaitFor, openSession, waitForHeading, type Session } from '../src/session.js';
import { until as untilWithin } from '../src/until.js';

let ownStack: OwnStack | null = null;
let baseUrl = '';
/** The longest the test waits for the cycle to move on by one phase. */
const phaseWaitMs = Number(process.env.E2E_DECISIONS_PHASE_WAIT_MS ?? 120_000);

let browser: Browser;

async function member(name: string): Promise<Session> {
  const who = await openSession(browser, { locale: 'en-US', acceptDownloads: true }, 15_000);
  const account: Account = { email: `${name}-${run}-creation@example.org`, userName: `${name} ${run}`, password: `${name}-drafts-2026`, locale: 'en' };
  await registerVerified(who.context, ownStack!, account);
  return who;
}

const api = <T>(who: Session, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => apiCall<T>(who.context, baseUrl, method, url, data);

/** Phases move on their own clock here: waits default to phaseWaitMs. */
const until = <T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = phaseWaitMs) => untilWithin(what, probe, timeoutMs);

/** With E2E_SCREENSHOTS_DIR set, keeps a full-page screenshot of each step there. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const run = randomBytes(3).toString('hex');
const title = `Free buses on Sundays ${run}`;
const otherTitle = `Quiet streets at night ${run}`;
const articleText = 'Les bus sont gratuits le dimanche.';
const amendmentText = 'Les bus et les trams sont gratuits le dimanche et les jours fériés.';
let alice: Session;
let bob: Session;
let visitor: Session;
let lawId: string;
let cycleId: string;

beforeAll(async () => {
  // A stack of its own: the start rule is met by this test's 2 members and 2 proposals; each later
  // phase lasts until the test has done its part in it, then the test ends it (DECISIONS_PHASE_CONTROL).
  ownStack = await startOwnStack('e2e_creation', {
    ...CYCLE_STARTED_BY_TWO,
    ...phaseSeconds({ voting: 3600, creation: 3600, finalVote: 3600 }),
    DECISIONS_PHASE_CONTROL: 'true',
  });
  ({ baseUrl, browser } = ownStack);
  [alice, bob] = await Promise.all([member('alice'), member('bob')]);
  // Playwright's own 30 s default, as the visitor only reads.
  visitor = await openSession(browser, { locale: 'en-US' }, 30_000);
}, 150_000);

afterAll(() => ownStack?.stop(), 60_000);

it(
  'draws the voters as creators once the vote on proposals closes',
  async () => {
    // The ids come from the creations' answers: with a 2 s proposals phase, the second proposal can
    // move the cycle to its vote before a list of submitted proposals is read.
    const {
      ids: [proposalId],
      voting,
    } = await proposeAndWaitForTheVote(
      baseUrl,
      [
        [alice.context, { title, description: 'Buses would be free on Sundays, paid for by a small parking tax.', category: 'transport' }],
        [bob.context, { title: otherTitle, description: 'No loud works in the streets after ten at night.', category: 'environment' }],
      ],
      phaseWaitMs,
    );
    expect(proposalId).toEqual(expect.any(String));
    for (const who of [alice, bob]) {
      for (const proposal of voting.proposals) await api(who, 'PUT', `/api/proposals/${proposal.id}/vote`, { vote: proposal.id === proposalId ? 'for' : 'neutral' });
    }
    cycleId = voting.cycle!.id;
    await endPhase(baseUrl, cycleId);
    const laws = await until('the law in creation', async () => {
      const list = await api<LawList>(alice, 'GET', '/api/laws?state=creation');
      return list.laws.find((law) => law.id === proposalId);
    });
    lawId = laws.id;
    expect(laws.creators.map((c) => c.userName).sort()).toEqual([`alice ${run}`, `bob ${run}`]);

    // The creators page lists them and the draw checks out in the browser.
    const { page } = alice;
    await openAndWaitFor(page, `${baseUrl}/decisions/creators/${lawId}`, 'Creators');
    await page.getByRole('link', { name: `alice ${run}`, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Check the draw in my browser' }).click();
    await page.getByText('The draw checks out', { exact: false }).waitFor();
    await shot(page, 'creators');
  },
  3 * phaseWaitMs,
);

it(
  'lets a creator draft a group, an article and an amendment, and shows them read-only to a visitor',
  async () => {
    const { page } = alice;
    // Bob, a fellow creator, keeps the same law open while Alice writes.
    await openAndWaitFor(bob.page, `${baseUrl}/decisions/creations?law=${lawId}`, 'Creation');
    const bobsLaw = bob.page.locator(`[data-law="${lawId}"]`);
    await bobsLaw.getByText('You were drawn as a creator of this law', { exact: false }).waitFor();
    await openAndWaitFor(page, `${baseUrl}/decisions/creations?law=${lawId}`, 'Creation');
    const law = page.locator(`[data-law="${lawId}"]`);
    await law.getByText('You were drawn as a creator of this law', { exact: false }).waitFor();

    // A group, then an article in it: each from its own titled form, opened by one button.
    await law.getByRole('button', { name: 'Add a group', exact: true }).click();
    await law.getByRole('heading', { name: 'Add a group', exact: true }).waitFor();
    await law.getByLabel('Name of the group', { exact: true }).fill('Transports publics');
    await law.getByRole('button', { name: 'Add the group', exact: true }).click();
    const group = law.locator('[data-group="Transports publics"]');
    await group.waitFor();
    await law.getByRole('button', { name: 'Add an article', exact: true }).click();
    await law.getByRole('heading', { name: 'Add an article', exact: true }).waitFor();
    // The group just added is already chosen for the next article.
    expect(await law.getByLabel('Group', { exact: true }).inputValue()).not.toBe('');
    await law.getByLabel('Group', { exact: true }).selectOption({ label: 'Transports publics' });
    await law.getByLabel('Text of the article', { exact: true }).fill(articleText);
    await law.getByRole('button', { name: 'Add the article', exact: true }).click();
    const article = group.getByRole('article', { name: 'Article 1', exact: true });
    await article.getByText(articleText, { exact: true }).waitFor();

    // An amendment to it, with a title.
    await article.getByRole('button', { name: 'Propose an amendment', exact: true }).click();
    await article.getByLabel('Title of the amendment (optional)', { exact: true }).fill('Précision');
    await article.getByLabel('Text of the amendment', { exact: true }).fill(amendmentText);
    await article.getByRole('button', { name: 'Propose an amendment', exact: true }).click();
    const amendment = article.getByRole('article', { name: 'Amendment 1: Précision', exact: true });
    await amendment.getByText(amendmentText, { exact: true }).waitFor();
    // Bob's open page shows the group, the article and the amendment within seconds, without a reload
    // (the law's live topic: docs/live.md).
    const bobsArticle = bobsLaw.locator('[data-group="Transports publics"]').getByRole('article', { name: 'Article 1', exact: true });
    await bobsArticle.getByRole('article', { name: 'Amendment 1: Précision', exact: true }).getByText(amendmentText, { exact: true }).waitFor({ timeout: 5000 });
    await bobsArticle.getByText(articleText, { exact: true }).first().waitFor({ timeout: 1000 });
    // The keyboard reaches the article's actions.
    await article.getByRole('button', { name: 'Edit', exact: true }).first().focus();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Edit');

    // A save made outside live typing (through the HTTP edit, as another page, a scribe or a moderator
    // saves) while this page types live is never overwritten unseen: the live save is refused, both
    // versions show, and the words typed here stay (docs/co-drafting.md).
    const articleId = await article.getAttribute('data-article');
    await article.getByRole('button', { name: 'Edit', exact: true }).first().click();
    const field = article.getByLabel('Text of the article', { exact: true });
    await field.waitFor();
    await article.getByText('Saved', { exact: true }).waitFor();
    const elsewhere = `${articleText} Écrit sur l’autre page.`;
    await api(alice, 'PUT', `/api/laws/${lawId}/articles/${articleId}`, { body: elsewhere, baseBody: articleText });
    await field.press('End');
    await field.pressSequentially(' Écrit ici.');
    // After the pause the live save meets the other version.
    const theirs = article.getByRole('region', { name: 'Saved meanwhile by someone else', exact: true });
    await theirs.getByText(elsewhere, { exact: true }).waitFor({ timeout: 15_000 });
    expect(await field.inputValue()).toBe(`${articleText} Écrit ici.`);
    await shot(page, 'creation-conflict');
    // Merged from the version shown: saved this time, on top of the other page's.
    await theirs.getByRole('button', { name: 'Start again from this version', exact: true }).click();
    expect(await field.inputValue()).toBe(elsewhere);
    await field.fill(articleText);
    await article.getByRole('button', { name: 'Save now', exact: true }).click();
    await article.getByText('Saved by you', { exact: true }).waitFor();
    await article.getByRole('button', { name: 'Done', exact: true }).click();
    await field.waitFor({ state: 'detached' });
    await article.getByText(articleText, { exact: true }).first().waitFor();
    expect(await theirs.count()).toBe(0);

    // A source for the article: the form finds a bad address and bad pages itself, sends nothing, and
    // puts the focus on the first field to fix; once fixed, the source is added.
    await article.getByRole('button', { name: 'More actions', exact: true }).first().click();
    await page.getByRole('menuitem', { name: 'Add a source', exact: true }).click();
    const sourceForm = article.locator('form.decisions-source-form');
    await sourceForm.waitFor();
    await sourceForm.getByLabel('Title', { exact: true }).fill('Free transit in Tallinn');
    await sourceForm.getByLabel('Author', { exact: true }).fill('Oded Cats');
    const url = sourceForm.getByLabel('URL', { exact: true });
    const pages = sourceForm.getByLabel('Pages', { exact: true });
    await url.fill('not an address');
    await pages.fill('12 to 14');
    const sourcePosts: string[] = [];
    const countPosts = (request: Request) => {
      if (request.method() === 'POST' && request.url().includes('/sources')) sourcePosts.push(request.url());
    };
    page.on('request', countPosts);
    await sourceForm.getByRole('button', { name: 'Add a source', exact: true }).click();
    await sourceForm.getByText('Invalid URL', { exact: true }).waitFor();
    await sourceForm.getByText('Invalid pages format: a page such as 55 or a range such as 55-75', { exact: true }).waitFor();
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(await url.getAttribute('id'));
    expect(sourcePosts).toEqual([]);
    await url.fill('https://example.org/tallinn');
    await pages.fill('12-14');
    await sourceForm.getByRole('button', { name: 'Add a source', exact: true }).click();
    await page.getByText('The source has been added.', { exact: true }).waitFor();
    await article.getByText('Free transit in Tallinn', { exact: false }).first().waitFor();
    page.off('request', countPosts);
    expect(sourcePosts).toHaveLength(1);
    await shot(page, 'creation-creator');

    // A visitor reads the same text without any drafting control.
    const other = visitor.page;
    await openAndWaitFor(other, `${baseUrl}/decisions/creations?law=${lawId}`, 'Creation');
    const read = other.locator(`[data-law="${lawId}"]`);
    await read.getByText(amendmentText, { exact: true }).waitFor();
    await read.getByText('Only the creators drawn for this law write', { exact: false }).waitFor();
    expect(await read.getByRole('button', { name: 'Add the article' }).count()).toBe(0);
    expect(await read.getByRole('button', { name: 'Add an article' }).count()).toBe(0);
    expect(await read.getByRole('button', { name: /^Reorder / }).count()).toBe(0);
    expect(await read.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    await shot(other, 'creation-visitor');
    expect(alice.problems).toEqual([]);
    expect(bob.problems).toEqual([]);
    expect(visitor.problems).toEqual([]);
  },
  // About fifty browser steps: past a minute on a loaded two-core machine, so a hang guard only.
  180_000,
);

it(
  'runs the final vote: the amendment, with more "for" votes than its article, wins',
  async () => {
    const { page } = alice;
    await endPhase(baseUrl, cycleId);
    await until('the final vote', async () => (await api<LawList>(alice, 'GET', '/api/laws?state=final-vote')).laws.some((law) => law.id === lawId));
    await openAndWaitFor(page, `${baseUrl}/decisions/final-vote?law=${lawId}`, 'Final vote');
    const original = page.getByRole('article', { name: 'Article 1 · Original article', exact: true });
    const amendment = page.getByRole('article', { name: 'Article 1 · Amendment 1: Précision', exact: true });
    await original.getByText(articleText, { exact: true }).waitFor();
    // What the amendment changes: the added words are marked.
    await amendment.locator('ins', { hasText: 'et les trams' }).first().waitFor();
    await page.getByRole('timer').waitFor();

    await original.getByRole('radio', { name: 'Neutral', exact: true }).check();
    await original.getByText('Your vote: Neutral.', { exact: true }).waitFor();
    await amendment.getByRole('radio', { name: 'For', exact: true }).check();
    await amendment.getByText('Your vote: For.', { exact: true }).waitFor();

    // From now on Alice's screen reads nothing: Bob's ballot is pushed to it (docs/live.md#decisions-topics).
    const alicesRequests: string[] = [];
    const record = (request: Request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) alicesRequests.push(`${request.method()} ${request.url()}`);
    };
    page.on('request', record);
    await bob.page.goto(`${baseUrl}/decisions/final-vote?law=${lawId}`);
    const bobsAmendment = bob.page.getByRole('article', { name: 'Article 1 · Amendment 1: Précision', exact: true });
    await bobsAmendment.getByRole('radio', { name: 'For', exact: true }).check();
    await bobsAmendment.getByText('Your vote: For.', { exact: true }).waitFor();
    // Alice's screen shows Bob's vote within seconds, and the voter count, without a request (vote counts are bars).
    await amendment.locator('[data-key="for"] .ui-bars__value', { hasText: /^2\s/ }).waitFor({ timeout: 3000 });
    // The voter count is counted again at most every LIVE_VOTERS_CACHE_MS (5 s), then pushed.
    await page.locator('[data-voters="2"]').waitFor({ timeout: 8000 });
    page.off('request', record);
    expect(alicesRequests).toEqual([]);
    await shot(page, 'final-vote');
    expect(alice.problems).toEqual([]);
    expect(bob.problems).toEqual([]);
  },
  2 * phaseWaitMs,
);

it(
  'archives the adopted law with the amended text, found by title, with its PDF downloaded from the archive',
  async () => {
    const { page } = alice;
    await endPhase(baseUrl, cycleId);
    await until('the archive', async () => (await api<LawList>(alice, 'GET', `/api/laws?state=adopted&q=${encodeURIComponent(run)}`)).laws.some((law) => law.id === lawId));
    // The archive a page at a time: this stack archives one law, so its first page is answered as if
    // newer laws filled it (none shown, a cursor to follow); the next page fails once (the error and
    // a retry), then comes from the service and is appended, and no further page is offered.
    const cursor = '00000000-0000-4000-8000-000000000000';
    let nextPageCalls = 0;
    const archiveList = (url: URL) => url.pathname === '/api/laws' && !url.searchParams.has('state') && !url.searchParams.has('q');
    await page.route(archiveList, async (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('before') !== cursor) return route.fulfill({ json: { laws: [], nextBefore: cursor } });
      nextPageCalls += 1;
      if (nextPageCalls === 1) return route.abort();
      url.searchParams.delete('before');
      return route.continue({ url: url.toString() });
    });
    await openAndWaitFor(page, `${baseUrl}/archive`, 'Archive');
    const more = page.getByRole('button', { name: 'Load more laws', exact: true });
    await more.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('The next laws could not be loaded', { exact: false }).waitFor();
    await more.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('article', { name: title, exact: true }).waitFor();
    expect(await more.count()).toBe(0);
    expect(nextPageCalls).toBe(2);
    await page.unroute(archiveList);

    await page.getByLabel('Title contains', { exact: true }).fill(run);
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Transport' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = page.getByRole('article', { name: title, exact: true });
    await card.waitFor();
    expect(new URL(page.url()).searchParams.get('category')).toBe('transport');
    expect(await page.getByRole('article', { name: otherTitle, exact: true }).count()).toBe(0);
    await shot(page, 'archive');

    const dir = mkdtempSync(path.join(tmpdir(), 'e2e-law-pdf-'));
    try {
      const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: `Download the PDF · ${title}`, exact: true }).click()]);
      const file = path.join(dir, 'law.pdf');
      await download.saveAs(file);
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
      const text = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      expect(text.status).toBe(0);
      const flat = text.stdout.replace(/\s+/g, ' ');
      expect(flat).toContain(title);
      expect(flat).toContain('Adopted on');
      expect(flat).toContain('Transports publics');
      expect(flat).toContain(`Article 1 (as amended) ${amendmentText}`);
      expect(flat).not.toContain(articleText);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // The law's page: the final text and both downloads.
    await card.getByRole('link', { name: title, exact: true }).click();
    await waitForHeading(page, 'Archived law');
    await page.locator('.decisions-law-text').getByText(amendmentText, { exact: true }).waitFor();
    await page.getByRole('link', { name: `Open data (JSON) · ${title}`, exact: true }).waitFor();
    await shot(page, 'archived-law');
    expect(alice.problems).toEqual([]);
  },
  phaseWaitMs + 30_000,
);
