/**
 * The version history of texts and the seal of an archived law (docs/text-chain.md), against a stack
 * of its own: an article edited by its author, then by a moderator who must say why (the form asks
 * for the reason and refuses the edit without one), shows its versions newest first with the words
 * each removed and added, the role of who made it and the reason, in English and in French, to
 * members and visitors; a deleted article shows its tombstone; once the law is archived, Verify
 * finds the adopted text to be the text voted and shows the seal, for the served open data and for a
 * downloaded file (a file that is not JSON is refused in words); after the stored text of the article
 * is changed behind the platform's back, Verify fails and names the article.
 *
 * Each phase of the law's cycle lasts until the test has done its part in it, then the test ends it
 * (DECISIONS_PHASE_CONTROL): no wait on a clock.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Article, LawDetail, LawList, TextHistory } from '@civic/contracts';
import { registerVerified } from '../src/accounts.js';
import { describeViolations, seriousAxeViolations } from '../src/axe.js';
import { launchBrowser } from '../src/browser.js';
import { CYCLE_STARTED_BY_TWO, endPhase, phaseSeconds, proposeAndWaitForTheVote } from '../src/own-stack.js';
import { apiCall, closeSessions, openAndWaitFor, openSession, type Session } from '../src/session.js';
import { startBrowserTestStack } from '../src/stacks.mjs';
import { until } from '../src/until.js';
import { languages, type Lang } from '../src/languages.js';

const run = randomBytes(3).toString('hex');
const moderatorEmail = `moderator-${run}.text-history@example.test`;

const texts = {
  en: {
    history: 'Version history',
    archived: 'Archived law',
    author: 'Author',
    moderator: 'Moderator',
    reason: 'Reason:',
    deleted: 'Deleted',
    seal: 'Seal (SHA-256):',
    verify: 'Verify',
    verified: 'Verified: the adopted text is the text voted (',
    failed: 'Verification failed:',
    tampered: 'Article 1: the adopted text differs from the version that was voted.',
    file: 'Verify a downloaded open-data file',
    notJson: '“notes.txt” is not a JSON file',
  },
  fr: {
    history: 'Historique des versions',
    archived: 'Loi archivée',
    author: 'Auteur',
    moderator: 'Modérateur',
    reason: 'Motif\u202f:',
    deleted: 'Supprimé',
    seal: 'Sceau (SHA-256)\u202f:',
    verify: 'Vérifier',
    verified: 'Vérifié\u202f: le texte adopté est le texte voté (',
    failed: 'La vérification a échoué\u202f:',
    tampered: 'Article 1\u202f: le texte adopté diffère de la version qui a été votée.',
    file: 'Vérifier un fichier de données ouvertes téléchargé',
    notJson: '«\u202fnotes.txt\u202f» n’est pas un fichier JSON',
  },
} as const;

const firstText = 'Les bus sont gratuits le dimanche.';
const lawTitle = `Free buses on Saturdays ${run}`;
const authorText = 'Les bus sont gratuits le samedi.';
const moderatorText = 'Les bus et les trams sont gratuits le samedi.';
const reason = `Trams too, as the discussion asked ${run}.`;
const deletedText = 'Le conseil municipal publie le coût de la mesure.';

let stack: Awaited<ReturnType<typeof startBrowserTestStack>> | null = null;
let browser: Browser;
const seen = new Set<string>();
let alice: Session;
let bob: Session;
let moderator: Session;
let visitor: Session;
let cycleId: string;
let lawId: string;
let articleId: string;
let deletedId: string;

const baseUrl = () => stack!.baseUrl;
const api = <T>(who: Session, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => apiCall<T>(who.context, baseUrl(), method, url, data);

async function member(name: string, lang: Lang, email = `${name}-${run}-history@example.org`): Promise<Session> {
  const who = await openSession(browser, { locale: lang === 'fr' ? 'fr-FR' : 'en-US', serviceWorkers: 'block' }, 20_000);
  await registerVerified(who.context, { baseUrl: baseUrl(), mailUrl: stack!.mailUrl, seen }, { email, userName: `${name} ${run}`, password: `${name}-keeps-versions-2026`, locale: lang });
  return who;
}

const version = (page: Page, seq: number) => page.locator(`[data-version="${seq}"]`);
/** The words a version's diff marks as removed and as added. */
async function marks(item: Locator): Promise<{ removed: string[]; added: string[] }> {
  const words = async (selector: string) => (await item.locator(`.decisions-diff ${selector}`).allInnerTexts()).map((text) => text.trim());
  return { removed: await words('del'), added: await words('ins') };
}

beforeAll(async () => {
  stack = await startBrowserTestStack(
    'e2e_text_history',
    {
      ...CYCLE_STARTED_BY_TWO,
      ...phaseSeconds({ voting: 3600, creation: 3600, finalVote: 3600 }),
      DECISIONS_PHASE_CONTROL: 'true',
      SEED_MODERATOR_EMAIL: moderatorEmail,
    },
    { build: false },
  );
  browser = await launchBrowser();
  // One after the other: the verifications read the same mail catcher.
  alice = await member('alice', 'en');
  bob = await member('bob', 'fr');
  moderator = await member('moderator', 'en', moderatorEmail);
  visitor = await openSession(browser, { locale: 'en-US', serviceWorkers: 'block' }, 20_000);
}, 180_000);

afterAll(async () => {
  await closeSessions([alice, bob, moderator, visitor]);
  await browser?.close();
  await stack?.stop();
}, 60_000);

it('brings a law to creation', async () => {
  const { ids, voting } = await proposeAndWaitForTheVote(baseUrl(), [
    [alice.context, { title: lawTitle, description: 'Buses would be free on Saturdays, paid for by a small parking tax.', category: 'transport' }],
    [bob.context, { title: `Des rues calmes la nuit ${run}`, description: 'Pas de travaux bruyants après vingt-deux heures.', category: 'environment' }],
  ]);
  lawId = ids[0]!;
  cycleId = voting.cycle!.id;
  for (const who of [alice, bob]) for (const proposal of voting.proposals) await api(who, 'PUT', `/api/proposals/${proposal.id}/vote`, { vote: 'for' });
  await endPhase(baseUrl(), cycleId);
  await until('the law in creation', async () => (await api<LawList>(alice, 'GET', '/api/laws?state=creation')).laws.some((law) => law.id === lawId));
}, 90_000);

it('asks a moderator editing someone else’s article why, and refuses the edit without a reason', async () => {
  const article = await api<Article>(alice, 'POST', `/api/laws/${lawId}/articles`, { body: firstText, groupId: null });
  articleId = article.id;
  // The author's own edit needs no reason.
  await api<Article>(alice, 'PUT', `/api/laws/${lawId}/articles/${articleId}`, { title: null, body: authorText });
  await api(bob, 'POST', `/api/laws/${lawId}/articles/${articleId}/signal`, { to: 'moderator' });

  const { page } = moderator;
  await openAndWaitFor(page, `${baseUrl()}/decisions/creations?law=${lawId}`, 'Creation');
  const card = page.getByRole('article', { name: 'Article 1', exact: true });
  await card.getByText(authorText, { exact: true }).waitFor();
  await card.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = card.locator('form');
  await form.getByLabel('Text of the article', { exact: true }).fill(moderatorText);
  const reasonField = form.getByLabel('Reason for this edit', { exact: true });
  await reasonField.waitFor();
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await form.getByText('Say why you edit this text', { exact: true }).waitFor();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
  // Nothing was saved.
  expect((await api<TextHistory>(alice, 'GET', `/api/decisions/history/article/${articleId}`)).versions).toHaveLength(2);

  await reasonField.fill(reason);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await page.locator('[data-snackbar]', { hasText: 'Saved.' }).waitFor();
  await card.getByText(moderatorText, { exact: true }).waitFor();

  // The author editing their own text is never asked: a creator types live, with no reason.
  await openAndWaitFor(alice.page, `${baseUrl()}/decisions/creations?law=${lawId}`, 'Creation');
  const own = alice.page.getByRole('article', { name: 'Article 1', exact: true });
  await own.getByRole('button', { name: 'Edit', exact: true }).click();
  await own.getByLabel('Text of the article', { exact: true }).waitFor();
  expect(await own.getByLabel('Reason for this edit', { exact: true }).count()).toBe(0);
  await own.getByRole('button', { name: 'Done', exact: true }).click();

  // A deleted article keeps its history.
  deletedId = (await api<Article>(alice, 'POST', `/api/laws/${lawId}/articles`, { body: deletedText, groupId: null })).id;
  const removed = await alice.context.request.delete(`${baseUrl()}/api/laws/${lawId}/articles/${deletedId}`, { headers: { 'x-requested-with': 'fetch' } });
  expect(removed.status()).toBe(204);
  expect(moderator.problems).toEqual([]);
}, 90_000);

it.each(languages)('shows the article’s versions newest first with what each changed, who and why, in %s', async (lang) => {
  const who = lang === 'en' ? alice : bob;
  const { page } = who;
  const t = texts[lang];
  // From the article's History link in the drafting editor.
  await openAndWaitFor(page, `${baseUrl()}/decisions/creations?law=${lawId}`, lang === 'en' ? 'Creation' : 'Création');
  await page
    .getByRole('link', { name: lang === 'en' ? 'History of Article 1' : 'Historique\u202f: Article 1', exact: true })
    .first()
    .click();
  await page.getByRole('heading', { level: 1, name: t.history, exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/decisions/history/article/${articleId}`);
  // Headed by the name the article was read under, the law below.
  await page.getByRole('heading', { level: 2, name: 'Article 1', exact: true }).waitFor();
  await page.getByText(lang === 'en' ? `In the law “${lawTitle}”` : `Dans la loi «\u202f${lawTitle}\u202f»`, { exact: true }).waitFor();

  // The heading shows while the versions load.
  await version(page, 1).waitFor();
  const seqs = await page.locator('[data-version]').evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-version'))));
  expect(seqs).toEqual([3, 2, 1]);
  // The moderator's version: its role, its reason, the words it added.
  const third = version(page, 3);
  await third.getByText(t.moderator, { exact: true }).waitFor();
  await third.getByText(reason, { exact: false }).waitFor();
  expect(await third.getByText(t.reason, { exact: true }).count()).toBe(1);
  expect(await marks(third)).toEqual({ removed: [], added: ['et les trams'] });
  // The author's edit: one word removed, one added.
  const second = version(page, 2);
  await second.getByText(t.author, { exact: true }).waitFor();
  expect(await marks(second)).toEqual({ removed: ['dimanche'], added: ['samedi'] });
  expect(await second.getByText(t.reason, { exact: true }).count()).toBe(0);
  await version(page, 1).getByText(firstText, { exact: true }).waitFor();
  // Each version's hash, shortened, the whole in its title.
  const history = await api<TextHistory>(who, 'GET', `/api/decisions/history/article/${articleId}`);
  expect(await third.locator('[data-hash]').innerText()).toBe(history.versions[2]!.hash.slice(0, 12));
  expect(await third.locator('[data-hash]').getAttribute('title')).toBe(history.versions[2]!.hash);

  expect(describeViolations(await seriousAxeViolations(page))).toEqual([]);
  expect(who.problems).toEqual([]);
}, 60_000);

it('lets a visitor read the history', async () => {
  const { page } = visitor;
  await openAndWaitFor(page, `${baseUrl()}/decisions/history/article/${articleId}`, texts.en.history);
  await version(page, 3).getByText(reason, { exact: false }).waitFor();
  expect(await page.locator('[data-version]').count()).toBe(3);
  // Come by its address, the article is headed by its law's title.
  await page.getByRole('heading', { level: 2, name: lawTitle, exact: true }).waitFor();
  // An unknown text is a page that does not exist.
  await page.goto(`${baseUrl()}/decisions/history/article/00000000-0000-4000-8000-000000000000`);
  await page.getByRole('heading', { level: 1 }).filter({ hasNotText: texts.en.history }).waitFor();
  expect(visitor.problems).toEqual([]);
}, 60_000);

it.each(languages)('shows a deleted article’s tombstone as a row of its own, in %s', async (lang) => {
  const who = lang === 'en' ? alice : bob;
  const { page } = who;
  await openAndWaitFor(page, `${baseUrl()}/decisions/history/article/${deletedId}`, texts[lang].history);
  const tombstone = version(page, 2);
  expect(await tombstone.getAttribute('data-change')).toBe('deleted');
  await tombstone.getByText(texts[lang].deleted, { exact: true }).first().waitFor();
  await version(page, 1).getByText(deletedText, { exact: true }).waitFor();
  expect(who.problems).toEqual([]);
}, 60_000);

it('archives the law with its seal', async () => {
  await endPhase(baseUrl(), cycleId);
  await until('the final vote', async () => (await api<LawList>(alice, 'GET', '/api/laws?state=final-vote')).laws.some((law) => law.id === lawId), 30_000);
  for (const who of [alice, bob]) await api(who, 'PUT', `/api/laws/${lawId}/articles/${articleId}/vote`, { vote: 'for' });
  await endPhase(baseUrl(), cycleId);
  const law = await until(
    'the law archived and sealed',
    async () => {
      const detail = await api<LawDetail>(alice, 'GET', `/api/laws/${lawId}?lang=en`);
      return detail.state === 'adopted' && detail.seal ? detail : null;
    },
    60_000,
  );
  expect(law.seal!.hash).toMatch(/^[0-9a-f]{64}$/);
}, 120_000);

it.each(languages)('verifies in %s that the adopted text is the text voted, and shows the seal', async (lang) => {
  const who = lang === 'en' ? alice : bob;
  const { page } = who;
  const t = texts[lang];
  const seal = (await api<LawDetail>(who, 'GET', `/api/laws/${lawId}?lang=${lang}`)).seal!.hash;
  await openAndWaitFor(page, `${baseUrl()}/archive/${lawId}`, t.archived);
  await page.getByText(t.seal, { exact: true }).waitFor();
  expect(await page.locator(`[data-seal="${seal}"] [data-hash]`).innerText()).toBe(seal);
  await page.getByRole('button', { name: t.verify, exact: true }).click();
  const status = page.getByRole('status').filter({ hasText: t.verified });
  await status.waitFor();
  expect(await status.innerText()).toContain(seal);

  // A clear refusal of a file that is not JSON, then the same check on a file downloaded earlier.
  const file = page.getByLabel(t.file, { exact: true });
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not the open data') });
  await page.getByRole('status').filter({ hasText: t.notJson }).waitFor();
  const openData = await who.context.request.get(`${baseUrl()}/api/laws/${lawId}/open-data`);
  expect(openData.ok()).toBe(true);
  await file.setInputFiles({ name: 'law.json', mimeType: 'application/json', buffer: await openData.body() });
  await page.getByRole('status').filter({ hasText: t.verified }).waitFor();

  // The law and its texts link to their history.
  expect(await page.locator(`a[href="/decisions/history/law/${lawId}"]`).count()).toBe(1);
  expect(await page.locator(`a[href="/decisions/history/article/${articleId}"]`).count()).toBe(1);
  expect(describeViolations(await seriousAxeViolations(page))).toEqual([]);
  expect(who.problems).toEqual([]);
}, 60_000);

it.each(languages)('fails the verification naming the article once its stored text was changed, in %s', async (lang) => {
  if (lang === 'en') {
    const client = new pg.Client({ connectionString: stack!.databaseUrl });
    await client.connect();
    try {
      const changed = await client.query('UPDATE decisions.article SET body = $2 WHERE id = $1', [articleId, 'Les bus sont payants le samedi.']);
      expect(changed.rowCount).toBe(1);
    } finally {
      await client.end();
    }
  }
  const who = lang === 'en' ? alice : bob;
  const { page } = who;
  const t = texts[lang];
  await openAndWaitFor(page, `${baseUrl()}/archive/${lawId}`, t.archived);
  await page.getByRole('button', { name: t.verify, exact: true }).click();
  const status = page.getByRole('status').filter({ hasText: t.failed });
  await status.waitFor();
  expect(await status.getByRole('listitem').allInnerTexts()).toContain(t.tampered);
  expect(await status.innerText()).not.toContain(t.verified);
  expect(who.problems).toEqual([]);
}, 60_000);
