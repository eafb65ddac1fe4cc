/**
 * The actions on a law itself in the creation screen, against a stack of its own, each role seeing
 * only what it may do: a creator, in French on a 375 px wide window, finds the screen in French with
 * its typography, nothing overflowing sideways and no serious axe violation, and adds an article;
 * the law's owner (English) edits its title and description, which the tabs and the heading follow;
 * another member (French) signals it to the moderators after a confirmation (Escape first cancels);
 * the moderator (English) pins and unpins it, then deletes it after a confirmation, and its tab goes.
 * A plain member never sees pin or delete on someone else's law, the owner never the signal.
 *
 * Laws in creation belong to a cycle, and cycles are shared by a whole stack, so this test drives the
 * cycle of a stack of its own: a short vote on proposals, then a creation phase long enough to act.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import type { LawList } from '@civic/contracts';
import { registerVerified, type Account } from '../src/accounts.js';
import { describeViolations, seriousAxeViolations } from '../src/axe.js';
import { CYCLE_STARTED_BY_TWO, phaseSeconds, proposeAndWaitForTheVote, startOwnStack, type OwnStack } from '../src/own-stack.js';
import { apiCall, openAndWaitFor, openSession, type Session } from '../src/session.js';
import { until } from '../src/until.js';
import type { Lang } from '../src/languages.js';

const run = randomBytes(3).toString('hex');
const moderatorEmail = `moderator-${run}.law-actions@example.test`;
const narrow = { width: 375, height: 800 };

let ownStack: OwnStack | null = null;
let baseUrl = '';
let browser: Browser;

const texts = {
  en: {
    title: 'Creation',
    tabs: 'Laws',
    lawActions: 'Actions on the law',
    edit: 'Edit',
    save: 'Save',
    signal: 'Signal to the moderators',
    signalScribe: 'Ask the scribes to proofread',
    pin: 'Pin',
    unpin: 'Unpin',
    delete: 'Delete',
    more: 'More actions',
    signalled: 'Signalled to the moderators',
    pinned: 'Pinned',
    yes: 'Yes',
    no: 'No',
  },
  fr: {
    title: 'Création',
    tabs: 'Lois',
    lawActions: 'Actions sur la loi',
    edit: 'Modifier',
    save: 'Enregistrer',
    signal: 'Signaler aux modérateurs',
    signalScribe: 'Demander une relecture aux scribes',
    pin: 'Épingler',
    unpin: 'Désépingler',
    delete: 'Supprimer',
    more: 'Autres actions',
    signalled: 'Signalée aux modérateurs',
    pinned: 'Épinglée',
    yes: 'Oui',
    no: 'Non',
  },
} as const;

async function member(name: string, lang: Lang, narrowWindow = false, email = `${name}-${run}-law-actions@example.org`): Promise<Session> {
  const who = await openSession(browser, { locale: lang === 'fr' ? 'fr-FR' : 'en-US', ...(narrowWindow ? { viewport: narrow } : {}) }, 15_000);
  const account: Account = { email, userName: `${name} ${run}`, password: `${name}-acts-on-laws-2026`, locale: lang };
  await registerVerified(who.context, ownStack!, account);
  return who;
}

const api = <T>(who: Session, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => apiCall<T>(who.context, baseUrl, method, url, data);

/** The creation screen on `law`, and that law's part of it. */
async function openLaw(who: Session, lang: Lang, law: string): Promise<Locator> {
  await openAndWaitFor(who.page, `${baseUrl}/decisions/creations?law=${law}`, texts[lang].title);
  const part = who.page.locator(`[data-law="${law}"]`);
  await part.waitFor();
  return part;
}

/** The law's own actions (each article has actions of the same names). */
const lawGroup = (part: Locator, lang: Lang) => part.getByRole('group', { name: texts[lang].lawActions, exact: true });

/**
 * The names of the law's own actions, in order: its main action (a button), then those of its
 * "More actions" menu (opened to read them, then closed).
 */
async function lawButtons(part: Locator, lang: Lang): Promise<string[]> {
  const group = lawGroup(part, lang);
  await group.waitFor({ state: 'attached' });
  const names = (await group.getByRole('button').allInnerTexts()).map((text) => text.trim()).filter((name) => name !== texts[lang].more);
  const more = group.getByRole('button', { name: texts[lang].more, exact: true });
  if ((await more.count()) === 0) return names;
  await more.click();
  names.push(...(await group.getByRole('menuitem').allInnerTexts()).map((text) => text.trim()));
  await more.click();
  await group.getByRole('menu').waitFor({ state: 'detached' });
  return names;
}

/** A button of the law's own actions shown as such (its main action, or the "More actions" menu button). */
const lawButton = (part: Locator, lang: Lang, name: string) => lawGroup(part, lang).getByRole('button', { name, exact: true });

/** One of the law's actions in its "More actions" menu, the menu opened. */
async function lawMenuItem(part: Locator, lang: Lang, name: string): Promise<Locator> {
  await lawButton(part, lang, texts[lang].more).click();
  const item = lawGroup(part, lang).getByRole('menuitem', { name, exact: true });
  await item.waitFor();
  return item;
}

const snackbar = (page: Page, text: string) => page.locator('[data-snackbar]', { hasText: text });
const tabs = (page: Page, lang: Lang) => page.getByRole('navigation', { name: texts[lang].tabs, exact: true });

/**
 * French typography in the screen's own text: a narrow no-break space (U+202F) before : ; ! ? » and
 * after «. Times (12:30) and addresses (https://) are not punctuation.
 */
async function frenchTypographyProblems(page: Page): Promise<string[]> {
  const text = await page.locator('main').innerText();
  const problems: string[] = [];
  for (const match of text.matchAll(/(.)([:;!?»])(.?)/gu)) {
    const [whole, before, mark, after] = match;
    if (before === '\u202f') continue;
    if (mark === ':' && ((/\d/u.test(before!) && /\d/u.test(after!)) || after === '/')) continue;
    problems.push(whole);
  }
  for (const match of text.matchAll(/«(.)/gu)) if (match[1] !== '\u202f') problems.push(match[0]);
  return problems;
}

const title = `Free buses on Sundays ${run}`;
const newTitle = `Free buses every weekend ${run}`;
const newDescription = 'Buses and trams would be free on Saturdays and Sundays.';
const otherTitle = `Quiet streets at night ${run}`;
const articleText = 'Les bus sont gratuits le samedi et le dimanche.';
let alice: Session;
let bob: Session;
let moderator: Session;
let lawId: string;
let otherLawId: string;

beforeAll(async () => {
  // A stack of its own: the start rule is met by this test's 2 proposals, the vote closes within
  // seconds, and the creation phase outlasts the test.
  ownStack = await startOwnStack('e2e_law_actions', {
    ...CYCLE_STARTED_BY_TWO,
    ...phaseSeconds({ voting: 10, creation: 900, finalVote: 900 }),
    SEED_MODERATOR_EMAIL: moderatorEmail,
  });
  ({ baseUrl, browser } = ownStack);
  // The seeded moderator becomes one by registering with the stack's SEED_MODERATOR_EMAIL.
  [alice, bob, moderator] = await Promise.all([member('alice', 'en'), member('bob', 'fr', true), member('moderator', 'en', false, moderatorEmail)]);
}, 150_000);

afterAll(() => ownStack?.stop(), 60_000);

it('brings two laws to creation, with both voters drawn as creators', async () => {
  const { ids, voting } = await proposeAndWaitForTheVote(baseUrl, [
    [alice.context, { title, description: 'Buses would be free on Sundays, paid for by a small parking tax.', category: 'transport' }],
    [bob.context, { title: otherTitle, description: 'No loud works in the streets after ten at night.', category: 'environment' }],
  ]);
  [lawId, otherLawId] = ids as [string, string];
  for (const who of [alice, bob]) for (const proposal of voting.proposals) await api(who, 'PUT', `/api/proposals/${proposal.id}/vote`, { vote: 'for' });
  const laws = await until('both laws in creation', async () => {
    const list = await api<LawList>(alice, 'GET', '/api/laws?state=creation');
    return list.laws.length === 2 ? list.laws : null;
  });
  expect(laws.map((law) => law.id).sort()).toEqual([lawId, otherLawId].sort());
  expect(laws.find((law) => law.id === lawId)!.creators.map((c) => c.userName).sort()).toEqual([`alice ${run}`, `bob ${run}`]);
}, 90_000);

it('shows a creator the screen in French on a narrow window, where they add an article', async () => {
  const { page } = bob;
  const law = await openLaw(bob, 'fr', lawId);
  await law.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
  await law.getByText('Vous avez été tiré au sort comme créateur de cette loi\u202f: rédigez ses articles et amendements.', { exact: true }).waitFor();
  await tabs(page, 'fr').getByRole('link', { name: title, exact: true }).waitFor();
  await tabs(page, 'fr').getByRole('link', { name: otherTitle, exact: true }).waitFor();
  expect(await tabs(page, 'fr').getByRole('link', { name: title, exact: true }).getAttribute('aria-current')).toBe('page');
  await page.getByText('Avant la fin de la rédaction\u202f:', { exact: false }).first().waitFor();
  // Bob is neither the law's author nor a moderator: he may only signal it.
  expect(await lawButtons(law, 'fr')).toEqual([texts.fr.signal]);

  // An article in French, from its titled form, sent from the keyboard.
  await law.getByRole('button', { name: 'Ajouter un article', exact: true }).click();
  await law.getByRole('heading', { name: 'Ajouter un article', exact: true }).waitFor();
  await law.getByLabel('Texte de l’article', { exact: true }).fill(articleText);
  expect(await law.getByLabel('Groupe', { exact: true }).inputValue()).toBe('');
  await law.getByRole('button', { name: 'Ajouter l’article', exact: true }).focus();
  await page.keyboard.press('Enter');
  await snackbar(page, 'Le texte a été ajouté.').waitFor();
  const article = law.getByRole('article', { name: 'Article 1', exact: true });
  await article.getByText(articleText, { exact: true }).waitFor();
  await article.getByText(`Rédigé par bob ${run}`, { exact: true }).waitFor();
  await law.getByRole('heading', { level: 3, name: 'Articles sans groupe', exact: true }).waitFor();
  await article.getByRole('button', { name: 'Modifier', exact: true }).waitFor();

  expect(await frenchTypographyProblems(page)).toEqual([]);
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.window).toBe(375);
  expect(widths.page).toBeLessThanOrEqual(375);
  expect(describeViolations(await seriousAxeViolations(page))).toEqual([]);
  expect(bob.problems).toEqual([]);
}, 60_000);

it('lets the owner edit the title and description, which the tabs and the heading follow', async () => {
  const { page } = alice;
  const law = await openLaw(alice, 'en', lawId);
  // The owner may edit, delete and ask the scribes, never signal their own law to the moderators.
  expect(await lawButtons(law, 'en')).toEqual([texts.en.edit, texts.en.signalScribe, texts.en.delete]);

  await lawButton(law, 'en', texts.en.edit).click();
  const form = law.locator('form', { has: page.getByRole('button', { name: texts.en.save, exact: true }) });
  const titleField = form.getByLabel('Title', { exact: true });
  expect(await titleField.inputValue()).toBe(title);
  await titleField.fill(newTitle);
  await form.getByLabel('Description', { exact: true }).fill(newDescription);
  await form.getByRole('button', { name: texts.en.save, exact: true }).click();
  await snackbar(page, 'The law has been saved.').waitFor();
  await law.getByRole('heading', { level: 2, name: newTitle, exact: true }).waitFor();
  await law.getByText(newDescription, { exact: true }).waitFor();
  // The tab follows at once, not at the list's next poll.
  const tab = tabs(page, 'en').getByRole('link', { name: newTitle, exact: true });
  await tab.waitFor({ timeout: 10_000 });
  expect(await tab.getAttribute('aria-current')).toBe('page');
  expect(await tabs(page, 'en').getByRole('link', { name: title, exact: true }).count()).toBe(0);
  expect(alice.problems).toEqual([]);
}, 60_000);

it('shows the moderator pin but no delete on a law nobody signalled, and a member neither on another’s law', async () => {
  const law = await openLaw(moderator, 'en', lawId);
  await law.getByRole('heading', { level: 2, name: newTitle, exact: true }).waitFor();
  expect(await lawButtons(law, 'en')).toEqual([texts.en.signal, texts.en.pin]);
  // Alice, a plain member, on Bob's law.
  const other = await openLaw(alice, 'en', otherLawId);
  await other.getByRole('heading', { level: 2, name: otherTitle, exact: true }).waitFor();
  expect(await lawButtons(other, 'en')).toEqual([texts.en.signal]);
}, 60_000);

it('lets another member signal the law to the moderators after a confirmation; its owner has no such button', async () => {
  const { page } = bob;
  const law = await openLaw(bob, 'fr', lawId);
  await law.getByRole('heading', { level: 2, name: newTitle, exact: true }).waitFor();

  // Escape answers No: nothing is signalled.
  await (await lawMenuItem(law, 'fr', texts.fr.signal)).click();
  const dialog = page.getByRole('alertdialog', { name: 'Signaler cette loi aux modérateurs\u202f?', exact: true });
  await dialog.getByText(newTitle, { exact: true }).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  expect(await law.getByText(texts.fr.signalled, { exact: true }).count()).toBe(0);

  await (await lawMenuItem(law, 'fr', texts.fr.signal)).click();
  await dialog.getByRole('button', { name: texts.fr.yes, exact: true }).click();
  await snackbar(page, 'La loi a été signalée aux modérateurs.').waitFor();
  await law.getByText(texts.fr.signalled, { exact: true }).waitFor();
  // Nothing is left for Bob to do with the law: its menu goes.
  await lawButton(law, 'fr', texts.fr.more).waitFor({ state: 'detached' });
  expect(await lawButtons(law, 'fr')).toEqual([]);
  expect(await frenchTypographyProblems(page)).toEqual([]);

  const owners = await openLaw(alice, 'en', lawId);
  await owners.getByText(texts.en.signalled, { exact: true }).waitFor();
  expect(await lawButtons(owners, 'en')).toEqual([texts.en.edit, texts.en.signalScribe, texts.en.delete]);
  expect(bob.problems).toEqual([]);
}, 60_000);

it('lets the moderator pin, unpin and, after a confirmation, delete the signalled law, whose tab goes', async () => {
  const { page } = moderator;
  const law = await openLaw(moderator, 'en', lawId);
  await law.getByText(texts.en.signalled, { exact: true }).waitFor();
  // Signalled: the moderator may now edit and delete it too.
  expect(await lawButtons(law, 'en')).toEqual([texts.en.edit, texts.en.pin, texts.en.delete]);

  await (await lawMenuItem(law, 'en', texts.en.pin)).click();
  await snackbar(page, 'The law is pinned.').waitFor();
  await law.getByText(texts.en.pinned, { exact: true }).waitFor();
  expect(await lawButtons(law, 'en')).toEqual([texts.en.edit, texts.en.unpin, texts.en.delete]);
  // A plain member sees the badge, never the button.
  const bobs = await openLaw(bob, 'fr', lawId);
  await bobs.getByText(texts.fr.pinned, { exact: true }).waitFor();
  expect(await lawButtons(bobs, 'fr')).toEqual([]);

  // Unpinned from the keyboard: Enter on the menu button opens it on its first item, Unpin.
  await lawButton(law, 'en', texts.en.more).focus();
  await page.keyboard.press('Enter');
  await lawGroup(law, 'en').getByRole('menuitem', { name: texts.en.unpin, exact: true }).waitFor();
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(texts.en.unpin);
  await page.keyboard.press('Enter');
  await snackbar(page, 'The law is no longer pinned.').waitFor();
  await law.getByText(texts.en.pinned, { exact: true }).waitFor({ state: 'detached' });
  expect(await lawButtons(law, 'en')).toEqual([texts.en.edit, texts.en.pin, texts.en.delete]);

  // No keeps the law; Yes deletes it.
  const dialog = page.getByRole('alertdialog', { name: 'Delete this law?', exact: true });
  await (await lawMenuItem(law, 'en', texts.en.delete)).click();
  await dialog.getByText(newTitle, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: texts.en.no, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  await law.getByRole('heading', { level: 2, name: newTitle, exact: true }).waitFor();
  await (await lawMenuItem(law, 'en', texts.en.delete)).click();
  await dialog.getByRole('button', { name: texts.en.yes, exact: true }).click();
  await snackbar(page, 'The law has been deleted.').waitFor();
  // The screen moves on to the law left, and the deleted law's tab is gone.
  await page.locator(`[data-law="${otherLawId}"]`).getByRole('heading', { level: 2, name: otherTitle, exact: true }).waitFor({ timeout: 10_000 });
  await tabs(page, 'en').getByRole('link', { name: newTitle, exact: true }).waitFor({ state: 'detached' });
  expect(await tabs(page, 'en').getByRole('link').allInnerTexts()).toEqual([otherTitle]);
  expect(new URL(page.url()).searchParams.has('law')).toBe(false);
  expect((await api<LawList>(moderator, 'GET', '/api/laws?state=creation')).laws.map((l) => l.id)).toEqual([otherLawId]);

  // Others' screens no longer list it either.
  await bob.page.goto(`${baseUrl}/decisions/creations`);
  await tabs(bob.page, 'fr').getByRole('link', { name: otherTitle, exact: true }).waitFor();
  expect(await tabs(bob.page, 'fr').getByRole('link', { name: newTitle, exact: true }).count()).toBe(0);
  expect(moderator.problems).toEqual([]);
  expect(bob.problems).toEqual([]);
}, 60_000);
