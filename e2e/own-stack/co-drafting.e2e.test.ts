/**
 * Live co-drafting (docs/co-drafting.md) in real browsers, against a stack of its own with three chat
 * instances behind the balancer: a law's three creators (two in English, one in French on a 375 px
 * window in the dark theme) see each other on its drafting page with what each edits, and a badge on
 * the article someone else edits; two of them type at once in one article, keystrokes interleaved,
 * and every page comes to the same text holding both members' words; after the pause the article's
 * history shows one version more, naming the co-editor; axe finds no serious violation with the live
 * editor and the presence list shown.
 *
 * The three pages' sockets land on chat instances chosen by the balancer, so the words and the presence
 * cross instances through Redis.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import type { Article, LawDetail, LawList, TextHistory } from '@civic/contracts';
import { registerVerified, type Account } from '../src/accounts.js';
import { describeViolations, seriousAxeViolations } from '../src/axe.js';
import { CYCLE_STARTED_BY_TWO, endPhase, phaseSeconds, proposeAndWaitForTheVote } from '../src/own-stack.js';
import { launchBrowser } from '../src/browser.js';
import { apiCall, closeSessions, openAndWaitFor, openSession, type Session } from '../src/session.js';
import { startBrowserTestStack } from '../src/stacks.mjs';
import { until } from '../src/until.js';
import type { Lang } from '../src/languages.js';

const run = randomBytes(3).toString('hex');
const firstText = 'Les bus sont gratuits le dimanche.';
/** Typed at the start of the article by Bob, and at its end by Alice, at the same time. */
const bobWords = 'Dès 2027, ';
const aliceWords = ' Les trams aussi.';
const together = `${bobWords}${firstText}${aliceWords}`;

const texts = {
  en: {
    heading: 'Creation',
    here: 'Here now',
    reading: 'reading',
    editingFirst: 'editing Article 1',
    edit: 'Edit',
    field: 'Text of the article',
    done: 'Done',
    badge: (name: string) => `${name} is editing this text`,
    savedBy: /^Saved by /,
  },
  fr: {
    heading: 'Création',
    here: 'Présents',
    reading: 'lit le texte',
    editingFirst: 'modifie l’Article 1',
    edit: 'Modifier',
    field: 'Texte de l’article',
    done: 'Terminé',
    badge: (name: string) => `${name} modifie ce texte`,
    savedBy: /^Enregistré par /,
  },
} as const;

let stack: Awaited<ReturnType<typeof startBrowserTestStack>> | null = null;
let browser: Awaited<ReturnType<typeof launchBrowser>> | null = null;
const seen = new Set<string>();
let alice: Session;
let bob: Session;
let carol: Session;
let lawId: string;
let articleId: string;
const lang = new Map<Session, Lang>();
const names = new Map<Session, string>();

const baseUrl = () => stack!.baseUrl;
const api = <T>(who: Session, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => apiCall<T>(who.context, baseUrl(), method, url, data);

async function member(name: string, language: Lang, options: { narrowDark?: boolean } = {}): Promise<Session> {
  const who = await openSession(
    browser!,
    {
      locale: language === 'fr' ? 'fr-FR' : 'en-US',
      serviceWorkers: 'block',
      ...(options.narrowDark ? { viewport: { width: 375, height: 800 }, colorScheme: 'dark' as const } : {}),
    },
    20_000,
  );
  const account: Account = { email: `${name}-${run}-co-drafting@example.org`, userName: `${name} ${run}`, password: `${name}-types-live-2026`, locale: language };
  await registerVerified(who.context, { baseUrl: baseUrl(), mailUrl: stack!.mailUrl, seen }, account);
  lang.set(who, language);
  names.set(who, account.userName);
  return who;
}

const t = (who: Session) => texts[lang.get(who)!];
const lawOf = (who: Session) => who.page.locator(`[data-law="${lawId}"]`);
const articleOf = (who: Session) => lawOf(who).getByRole('article', { name: 'Article 1', exact: true });
const hereNow = (who: Session) => lawOf(who).getByRole('region', { name: t(who).here, exact: true });
const fieldOf = (who: Session) => articleOf(who).getByLabel(t(who).field, { exact: true });
const statusOf = (who: Session) => articleOf(who).locator('[data-live-editor] [role="status"]');

/** What `who`'s "Here now" list says of `other`: their name, then what they do. */
async function presenceLine(who: Session, other: Session): Promise<string | null> {
  const item = hereNow(who).locator('li', { hasText: names.get(other)! });
  return (await item.count()) === 1 ? (await item.innerText()).replace(/\s+/g, ' ').trim() : null;
}

/** Opens the law's drafting page and waits until its article reads `text`. */
async function openDraftingPage(who: Session, text = firstText): Promise<void> {
  await openAndWaitFor(who.page, `${baseUrl()}/decisions/creations?law=${lawId}`, t(who).heading);
  await articleOf(who).getByText(text, { exact: true }).waitFor();
}

async function openEditor(who: Session): Promise<Locator> {
  await articleOf(who).getByRole('button', { name: t(who).edit, exact: true }).click();
  const field = fieldOf(who);
  await field.waitFor();
  // Read-only until the text's document is joined.
  await until('the live editor to join the text', async () => (await field.getAttribute('readonly')) === null, 15_000);
  return field;
}

/** Types one character where the caret stands, as a keystroke. */
const key = (page: Page, character: string) => page.keyboard.type(character);

beforeAll(async () => {
  // Phases move only when the test ends them; three chat instances share the rooms through Redis.
  stack = await startBrowserTestStack(
    'e2e_co_drafting',
    { ...CYCLE_STARTED_BY_TWO, ...phaseSeconds({ voting: 3600, creation: 3600, finalVote: 3600 }), DECISIONS_PHASE_CONTROL: 'true' },
    { build: false, replicas: { chat: 3 } },
  );
  browser = await launchBrowser();
  // One after the other: the verifications read the same mail catcher.
  alice = await member('alice', 'en');
  bob = await member('bob', 'fr');
  carol = await member('carol', 'en', { narrowDark: true });
}, 240_000);

afterAll(async () => {
  await closeSessions([alice, bob, carol]);
  await browser?.close();
  await stack?.stop();
}, 60_000);

it('brings a law to creation with the three members as its creators', async () => {
  const { ids, voting } = await proposeAndWaitForTheVote(baseUrl(), [
    [alice.context, { title: `Free buses on Sundays ${run}`, description: 'Buses would be free on Sundays, paid for by a small parking tax.', category: 'transport' }],
    [bob.context, { title: `Des rues calmes la nuit ${run}`, description: 'Pas de travaux bruyants après vingt-deux heures.', category: 'environment' }],
  ]);
  for (const who of [alice, bob, carol]) for (const proposal of voting.proposals) await api(who, 'PUT', `/api/proposals/${proposal.id}/vote`, { vote: proposal.id === ids[0] ? 'for' : 'neutral' });
  await endPhase(baseUrl(), voting.cycle!.id);
  const law = await until('the law in creation', async () => (await api<LawList>(alice, 'GET', '/api/laws?state=creation')).laws.find((entry) => entry.id === ids[0]));
  lawId = law.id;
  // Every voter is drawn when there are fewer voters than creators per law.
  expect(law.creators.map((creator) => creator.userName).sort()).toEqual([...names.values()].sort());
  articleId = (await api<Article>(alice, 'POST', `/api/laws/${lawId}/articles`, { body: firstText, groupId: null })).id;
  const detail = await api<LawDetail>(bob, 'GET', `/api/laws/${lawId}`);
  expect(detail.articles.find((article) => article.id === articleId)?.may.liveEdit).toBe(true);
}, 150_000);

it('shows each creator the others on the page and what they edit, in English and in French', async () => {
  for (const who of [alice, bob, carol]) await openDraftingPage(who);
  // Everyone reading: each page lists the two others.
  for (const who of [alice, bob, carol]) {
    for (const other of [alice, bob, carol].filter((entry) => entry !== who)) {
      await until(`${names.get(who)} to see ${names.get(other)} here`, async () => (await presenceLine(who, other))?.endsWith(t(who).reading), 15_000);
    }
  }

  await openEditor(alice);
  // Bob (French) reads what Alice edits; Carol sees it too, and the article wears Alice's initials.
  await until('Bob to see Alice editing', async () => (await presenceLine(bob, alice))?.endsWith(texts.fr.editingFirst), 15_000);
  await until('Carol to see Alice editing', async () => (await presenceLine(carol, alice))?.endsWith(texts.en.editingFirst), 15_000);
  await articleOf(carol).getByText(texts.en.badge(names.get(alice)!), { exact: true }).waitFor();
  await articleOf(bob).getByText(texts.fr.badge(names.get(alice)!), { exact: true }).waitFor();
  // Alice's own page shows no badge of herself.
  expect(await articleOf(alice).locator('[data-edited-by]').count()).toBe(0);
  for (const who of [alice, bob, carol]) expect(who.problems).toEqual([]);
}, 90_000);

it('brings every page to the same text when two creators type at once in one article', async () => {
  const aliceField = fieldOf(alice);
  const bobField = await openEditor(bob);
  await until('Alice to see Bob editing', async () => (await presenceLine(alice, bob))?.endsWith(texts.en.editingFirst), 15_000);

  // Alice at the end of the text, Bob at its start.
  await aliceField.click();
  await alice.page.keyboard.press('ControlOrMeta+End');
  await bobField.click();
  await bob.page.keyboard.press('ControlOrMeta+Home');
  // Interleaved keystrokes: each page's letters go out while the other's are in flight.
  for (let index = 0; index < Math.max(aliceWords.length, bobWords.length); index++) {
    const letters = [aliceWords[index] ? key(alice.page, aliceWords[index]!) : null, bobWords[index] ? key(bob.page, bobWords[index]!) : null];
    await Promise.all(letters);
  }

  const valueOf = (field: Locator) => field.inputValue();
  await until('both editors to hold both members’ words', async () => (await valueOf(aliceField)) === together && (await valueOf(bobField)) === together, 15_000);
  // Carol only reads: the text reaches her page once saved after the pause (the law is read again).
  await articleOf(carol).getByText(together, { exact: true }).waitFor({ timeout: 20_000 });
  // Each caret stayed on its writer's words.
  expect(await aliceField.evaluate((field: HTMLTextAreaElement) => field.selectionStart)).toBe(together.length);
  expect(await bobField.evaluate((field: HTMLTextAreaElement) => field.selectionStart)).toBe(bobWords.length);
  for (const who of [alice, bob, carol]) expect(who.problems).toEqual([]);
}, 90_000);

it('saves the words after the pause as one version naming the co-editor', async () => {
  for (const who of [alice, bob]) await until(`${names.get(who)}’s editor to say who saved`, async () => t(who).savedBy.test((await statusOf(who).innerText()).trim()), 20_000);
  const aliceStatus = (await statusOf(alice).innerText()).trim();
  // "Saved by you with bob …" or "Saved by bob … with you": the two who typed, named from Alice's side.
  expect(aliceStatus).toMatch(new RegExp(`^Saved by (you with ${names.get(bob)}|${names.get(bob)} with you)$`));

  const history = await api<TextHistory>(carol, 'GET', `/api/decisions/history/article/${articleId}`);
  // The article's first version, then one for everything the two typed.
  expect(history.versions).toHaveLength(2);
  const latest = history.versions.reduce((a, b) => (a.seq > b.seq ? a : b));
  expect(latest.body).toBe(together);
  const writers = [latest.editorName, ...latest.coEditors.map((coEditor) => coEditor.name)].sort();
  expect(writers).toEqual([names.get(alice)!, names.get(bob)!].sort());

  // The history screen names the co-editor beside the version's editor.
  const { page } = alice;
  await alice.page.goto(`${baseUrl()}/decisions/history/article/${articleId}`);
  await page.getByRole('heading', { level: 1, name: 'Version history', exact: true }).waitFor();
  const newest = page.locator(`[data-version="${latest.seq}"]`);
  await newest.getByText(`with ${latest.coEditors[0]!.name}`, { exact: true }).waitFor();
  await openDraftingPage(alice, together);
}, 60_000);

it('passes axe with the live editor and the presence list shown, and fits a 375 px window in the dark theme', async () => {
  // Bob's editor is still open; Alice opens hers again.
  await openEditor(alice);
  await until('Carol to see both editing', async () => (await presenceLine(carol, alice))?.endsWith(texts.en.editingFirst) && (await presenceLine(carol, bob))?.endsWith(texts.en.editingFirst), 15_000);
  for (const who of [alice, bob, carol]) expect(describeViolations(await seriousAxeViolations(who.page))).toEqual([]);
  const widths = await carol.page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(375);

  // Done: the editors close and the others read that they stopped.
  for (const who of [alice, bob]) await articleOf(who).getByRole('button', { name: t(who).done, exact: true }).click();
  for (const who of [alice, bob]) await until(`Carol to see ${names.get(who)} reading`, async () => (await presenceLine(carol, who))?.endsWith(texts.en.reading), 15_000);
  expect(await articleOf(carol).locator('[data-edited-by]').count()).toBe(0);
  for (const who of [alice, bob, carol]) expect(who.problems).toEqual([]);
}, 90_000);
