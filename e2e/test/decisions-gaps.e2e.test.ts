/**
 * The decision screens' finer points in a real browser against the shared stack (E2E_BASE_URL),
 * once in English and once in French, on a 375 px wide window where nothing may overflow sideways:
 * the proposal form giving way to the date of the next proposal (one per week), a message that does
 * not cover the form it answers, a deletion that says the week's proposal does not come back; the
 * rarer actions of a proposal card and a chat message under "More actions", used by keyboard (a
 * member reports a message, a moderator hides it and the member keeps no action on it, then shows
 * it again); a moderator who suspends a chat author from the message's menu by keyboard and lifts it, with
 * confirmation and result (the author's chat says so); the troll hunt's reported messages with the
 * phase of their room and natural dates; and the 404 page for ids of the address that name nothing
 * (archive, decision, creators, and ?law= of the creation and final-vote screens).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { logInSharedModerator, registerVerified, type Account } from '../src/accounts.js';
import { describeViolations, seriousAxeViolations } from '../src/axe.js';
import { launchBrowser } from '../src/browser.js';
import { openProposalsChat } from '../src/chat-panel.js';
import { closeSessions, openAndWaitFor, openSession, type Session } from '../src/session.js';
import { requireSharedStack, sharedStack } from '../src/shared-stack.js';
import { browserLocales, languages, type Lang } from '../src/languages.js';

const { baseUrl } = sharedStack;
const run = randomBytes(3).toString('hex');
const narrow = { width: 375, height: 800 };
const week = 7 * 24 * 60 * 60 * 1000;

/** "de" before a name, elided before a vowel: "d’alice", "de bob". */
const frenchOf = (name: string) => (/^[aeiouy]/i.test(name) ? `d’${name}` : `de ${name}`);

const texts = {
  en: {
    proposalsTitle: 'Proposals',
    trollHuntTitle: 'Troll hunt',
    notFound: 'Page not found',
    title: 'Title',
    description: 'Description',
    category: 'Category',
    environment: 'Environment',
    submit: 'Submit my proposal',
    created: 'Your proposal has been submitted.',
    proposeAgainOn: 'You have used this week’s proposal. You can propose again on ',
    edit: 'Edit',
    save: 'Save',
    saved: 'The proposal has been saved.',
    delete: 'Delete',
    deleteTitle: 'Delete this proposal?',
    quotaKept: 'Deleting it does not give your weekly proposal back: you can propose again on ',
    deleted: 'The proposal has been deleted.',
    yes: 'Yes',
    yourMessage: 'Your message',
    send: 'Send',
    report: 'Report',
    reply: 'Reply',
    mute: 'Mute',
    pin: 'Pin',
    hide: 'Hide',
    show: 'Show again',
    hidden: 'Message hidden by the moderators.',
    moreActions: 'More actions',
    signalProposal: 'Signal to the moderators',
    reportTitle: 'Report this message to the moderators?',
    reportDone: 'The message has been reported to the moderators.',
    chatSuspended: 'Your account is suspended: you cannot write in the chat for now.',
    suspension: 'Suspension…',
    panel: (name: string) => `Suspension of ${name}`,
    notSuspended: (name: string) => `${name} is not suspended.`,
    oneHour: '1 hour',
    suspend: 'Suspend',
    suspendTitle: (name: string) => `Suspend ${name} for 1 hour?`,
    suspendDone: (name: string) => `${name} is suspended for 1 hour.`,
    suspendedUntil: (name: string) => new RegExp(`^${name} is suspended until .+ \\(in 1 hour\\)\\.$`),
    lift: 'Lift the suspension',
    liftTitle: (name: string) => `Lift the suspension of ${name}?`,
    liftDone: (name: string) => `The suspension of ${name} is lifted.`,
    since: /^Mutes counted since (yesterday|today|2 days ago) at \d{1,2}:\d\d\s[AP]M( \(Paris time\))?\.$/,
    room: 'Proposals chat',
    justNow: /^(now|\d+ seconds? ago|1 minute ago)$/,
  },
  fr: {
    proposalsTitle: 'Propositions',
    trollHuntTitle: 'Chasse aux trolls',
    notFound: 'Page introuvable',
    title: 'Titre',
    description: 'Description',
    category: 'Catégorie',
    environment: 'Environnement',
    submit: 'Déposer ma proposition',
    created: 'Votre proposition a été déposée.',
    proposeAgainOn: 'Vous avez utilisé votre proposition de la semaine. Vous pourrez proposer à nouveau le ',
    edit: 'Modifier',
    save: 'Enregistrer',
    saved: 'La proposition a été enregistrée.',
    delete: 'Supprimer',
    deleteTitle: 'Supprimer cette proposition\u202f?',
    quotaKept: 'La supprimer ne vous rend pas votre proposition de la semaine\u202f: vous pourrez proposer à nouveau le ',
    deleted: 'La proposition a été supprimée.',
    yes: 'Oui',
    yourMessage: 'Votre message',
    send: 'Envoyer',
    report: 'Signaler',
    reply: 'Répondre',
    mute: 'Ignorer',
    pin: 'Épingler',
    hide: 'Masquer',
    show: 'Réafficher',
    hidden: 'Message masqué par les modérateurs.',
    moreActions: 'Autres actions',
    signalProposal: 'Signaler aux modérateurs',
    reportTitle: 'Signaler ce message aux modérateurs\u202f?',
    reportDone: 'Le message a été signalé aux modérateurs.',
    chatSuspended: 'Votre compte est suspendu\u202f: vous ne pouvez pas écrire dans la discussion pour le moment.',
    suspension: 'Suspension…',
    panel: (name: string) => `Suspension ${frenchOf(name)}`,
    notSuspended: (name: string) => `${name} n’est pas suspendu·e.`,
    oneHour: '1 heure',
    suspend: 'Suspendre',
    suspendTitle: (name: string) => `Suspendre ${name} pendant 1 heure\u202f?`,
    suspendDone: (name: string) => `${name} est suspendu·e pendant 1 heure.`,
    suspendedUntil: (name: string) => new RegExp(`^${name} est suspendu·e jusqu’au .+ \\(dans 1 heure\\)\\.$`),
    lift: 'Lever la suspension',
    liftTitle: (name: string) => `Lever la suspension ${frenchOf(name)}\u202f?`,
    liftDone: (name: string) => `La suspension ${frenchOf(name)} est levée.`,
    since: /^Mises en sourdine comptées depuis (hier|aujourd’hui|avant-hier) à \d\d:\d\d( \(heure de Paris\))?\.$/,
    room: 'Discussion «\u202fPropositions\u202f»',
    justNow: /^(maintenant|il y a \d+ secondes?|il y a 1 minute)$/,
  },
} as const;

let browser: Browser;

const newSession = (lang: Lang) => openSession(browser, { locale: browserLocales[lang], viewport: narrow }, 15_000);
const go = (page: Page, path: string, title: string) => openAndWaitFor(page, `${baseUrl}${path}`, title);

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });
const snackbar = (page: Page, text: string) => page.locator('[data-snackbar]', { hasText: text });

/** Nothing on the page is wider than the 375 px window. */
async function expectNoSidewaysOverflow(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
}

const openChat = (page: Page, title: string) => openProposalsChat(page, baseUrl, title);

/** The text of the element that has the focus. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null);

/**
 * Opens the "More actions" menu of `scope` by keyboard (focus, then the down arrow), checks its items
 * and that the first has the focus, and answers the menu.
 */
async function openMenuByKeyboard(scope: Locator, name: string, items: string[]): Promise<Locator> {
  const page = scope.page();
  await scope.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  const menu = scope.getByRole('menu', { name, exact: true });
  await menu.waitFor();
  expect(await menu.getByRole('menuitem').allTextContents()).toEqual(items);
  expect(await focusedText(page)).toBe(items[0]);
  return menu;
}

/** The message whose own text (not a quote of it) is `text`. */
const chatMessage = (scope: Locator, text: string) => scope.locator('[data-message]', { has: scope.page().locator('p.chat-message__text', { hasText: text }) });

/**
 * The text of `date` with the month in words as the screens write it: on the platform's clock (Paris),
 * day first in both languages, the French first of a month "1er".
 */
function dayText(date: Date, lang: Lang): string {
  const text = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'full', timeZone: 'Europe/Paris' }).format(date);
  return lang === 'fr' ? text.replace(/(^|\s)1(?=\s)/u, '$11er') : text;
}

beforeAll(async () => {
  requireSharedStack('this browser test verifies its members through the mail catcher');
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

describe.each(languages)('decision screens, finer points (%s)', (lang) => {
  const t = texts[lang];
  const account = (name: string): Account => ({ email: `${name}-${run}-${lang}-gaps@example.org`, userName: `${name} ${lang} ${run}`, password: `${name}-minds-gaps-2026`, locale: lang });
  const aliceName = `alice ${lang} ${run}`;
  let alice: Session;
  let bob: Session;
  let moderator: Session;

  beforeAll(async () => {
    [alice, bob, moderator] = await Promise.all([newSession(lang), newSession(lang), newSession(lang)]);
    await Promise.all([registerVerified(alice.context, sharedStack, account('alice')), registerVerified(bob.context, sharedStack, account('bob'))]);
    // One after the other: the first registers the shared moderator, the second logs in.
    await logInSharedModerator(moderator.context, sharedStack);
  }, 120_000);

  afterAll(() => closeSessions([alice, bob, moderator]));

  it('replaces the proposal form by the date of the next proposal, keeps its messages off the form, and says a deletion gives nothing back', async () => {
    const { page } = alice;
    await go(page, '/decisions/proposals', t.proposalsTitle);
    const form = page.locator('form.decisions-form');
    const title = `Night buses on weekdays ${lang} ${run}`;
    await field(form, t.title).fill(title);
    await field(form, t.description).fill('Buses would run all night long from Monday to Thursday, paid for by the city.');
    await field(form, t.category).selectOption({ label: t.environment });
    await form.getByRole('button', { name: t.submit }).click();
    await snackbar(page, t.created).waitFor();

    // The form gives way to the date, one week after the submission.
    const notice = page.locator('[data-proposal-quota="used"]');
    await notice.waitFor();
    expect(await form.count()).toBe(0);
    const quota = (await (await alice.context.request.get(`${baseUrl}/api/proposals/quota`)).json()) as { lastProposalAt: string; nextProposalAt: string };
    const next = new Date(quota.nextProposalAt);
    expect(next.getTime() - new Date(quota.lastProposalAt).getTime()).toBe(week);
    const noticeText = (await notice.textContent()) ?? '';
    expect(noticeText.startsWith(t.proposeAgainOn)).toBe(true);
    expect(noticeText).toContain(dayText(next, lang));
    await expectNoSidewaysOverflow(page);

    // Saving an edit whose form ends at the bottom of the window: the form first scrolls clear of the message.
    await snackbar(page, t.created).waitFor({ state: 'detached' });
    const card = page.getByRole('article', { name: title, exact: true });
    await card.getByRole('button', { name: t.edit, exact: true }).click();
    const editor = page.locator('article form');
    await editor.evaluate((element) => window.scrollBy({ top: element.getBoundingClientRect().bottom - window.innerHeight + 4, behavior: 'instant' }));
    const before = await page.evaluate(() => window.scrollY);
    await editor.getByRole('button', { name: t.save, exact: true }).click();
    const saved = snackbar(page, t.saved);
    await saved.waitFor();
    expect((await page.evaluate(() => window.scrollY)) - before).toBeGreaterThan(50);
    const [message, result] = [await saved.boundingBox(), await card.boundingBox()];
    expect(message && result && result.y + result.height <= message.y).toBe(true);

    // Another member signals it from its "More actions" menu, which the keyboard opens and closes;
    // the list stays on the narrow screen.
    await go(bob.page, '/decisions/proposals', t.proposalsTitle);
    const bobsCard = bob.page.getByRole('article', { name: title, exact: true });
    expect(await bobsCard.getByRole('button', { name: t.signalProposal }).count()).toBe(0);
    const cardMenu = await openMenuByKeyboard(bobsCard, t.moreActions, [t.signalProposal]);
    await expectNoSidewaysOverflow(bob.page);
    const box = await cardMenu.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= narrow.width).toBe(true);
    await bob.page.keyboard.press('Escape');
    await cardMenu.waitFor({ state: 'detached' });
    expect(await focusedText(bob.page)).toBe(t.moreActions);

    // Deleting it says that the week's proposal does not come back, and when the next one may come.
    await card.getByRole('button', { name: t.delete, exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: t.deleteTitle });
    await dialog.getByText(t.quotaKept, { exact: false }).waitFor();
    expect(await dialog.textContent()).toContain(dayText(next, lang));
    await dialog.getByRole('button', { name: t.yes, exact: true }).click();
    await snackbar(page, t.deleted).waitFor();
    await card.waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('[data-proposal-quota="used"]').waitFor();
    expect(await page.locator('form.decisions-form').count()).toBe(0);
    for (const session of [alice, bob]) expect(session.problems).toEqual([]);
  }, 60_000);

  it('lets a moderator suspend a chat author from the message’s menu by keyboard, and lift it, with confirmation and result', async () => {
    const text = `Buy cheap watches here ${lang} ${run}`;
    const alicePanel = await openChat(alice.page, t.proposalsTitle);
    await field(alicePanel, t.yourMessage).fill(text);
    await alicePanel.getByRole('button', { name: t.send, exact: true }).click();
    await chatMessage(alicePanel, text).waitFor();

    // Bob reports it (for the troll hunt below) from the message's menu, by keyboard: Reply stays in
    // sight, reporting and muting wait in the menu, which the narrow screen holds.
    const bobPanel = await openChat(bob.page, t.proposalsTitle);
    const bobsView = chatMessage(bobPanel, text);
    await bobsView.getByRole('button', { name: t.reply, exact: true }).waitFor();
    expect(await bobsView.getByRole('button', { name: t.report }).count()).toBe(0);
    const chatMenu = await openMenuByKeyboard(bobsView, t.moreActions, [t.report, t.mute]);
    await expectNoSidewaysOverflow(bob.page);
    await bob.page.keyboard.press('Enter');
    await chatMenu.waitFor({ state: 'detached' });
    await bob.page.getByRole('alertdialog', { name: t.reportTitle }).getByRole('button', { name: t.yes, exact: true }).click();
    await snackbar(bob.page, t.reportDone).waitFor();
    // Members are not offered the suspension.
    expect(await chatMessage(bobPanel, text).getByRole('button', { name: t.suspension }).count()).toBe(0);

    const { page } = moderator;
    const panel = await openChat(page, t.proposalsTitle);

    // The moderator hides it from the menu by keyboard: Bob then reads only the notice, with nothing
    // to answer, report or mute; shown again, it is back for him.
    const id = await chatMessage(panel, text).getAttribute('data-message');
    const bobsMessage = bobPanel.locator(`[data-message="${id}"]`);
    const hideMenu = await openMenuByKeyboard(chatMessage(panel, text), t.moreActions, [t.pin, t.hide, t.mute]);
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe(t.hide);
    await page.keyboard.press('Enter');
    await hideMenu.waitFor({ state: 'detached' });
    await bobsMessage.getByText(t.hidden, { exact: true }).waitFor();
    expect(await bobsMessage.getByRole('button').count()).toBe(0);
    // The moderator keeps what is done to a hidden message, and no longer mutes its author from it.
    await openMenuByKeyboard(chatMessage(panel, text), t.moreActions, [t.pin, t.show]);
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await bobsMessage.getByText(text, { exact: true }).waitFor();

    const toggle = chatMessage(panel, text).getByRole('button', { name: t.suspension, exact: true });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const group = page.getByRole('group', { name: t.panel(aliceName), exact: true });
    await group.getByText(t.notSuspended(aliceName), { exact: true }).waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expectNoSidewaysOverflow(page);
    expect(describeViolations(await seriousAxeViolations(page))).toEqual([]);

    // Tab to the lengths (10 minutes first), arrow to 1 hour, Tab to Suspend, confirm with Yes.
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    expect(await group.getByRole('radio', { name: t.oneHour, exact: true }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t.suspend);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: t.suspendTitle(aliceName) });
    await confirm.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await snackbar(page, t.suspendDone(aliceName)).waitFor();
    await group.getByText(t.suspendedUntil(aliceName)).waitFor();

    // The suspended author's chat says so.
    await openChat(alice.page, t.proposalsTitle);
    await alice.page.getByText(t.chatSuspended, { exact: true }).waitFor();

    // Escape closes the panel and gives the focus back; reopened, it reads the suspension and lifts it.
    await page.keyboard.press('Escape');
    await group.waitFor({ state: 'detached' });
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await group.getByText(t.suspendedUntil(aliceName)).waitFor();
    await group.getByRole('button', { name: t.lift, exact: true }).click();
    await page.getByRole('alertdialog', { name: t.liftTitle(aliceName) }).getByRole('button', { name: t.yes, exact: true }).click();
    await snackbar(page, t.liftDone(aliceName)).waitFor();
    await group.getByText(t.notSuspended(aliceName), { exact: true }).waitFor();

    const aliceAgain = await openChat(alice.page, t.proposalsTitle);
    await field(aliceAgain, t.yourMessage).waitFor();
    for (const session of [alice, bob, moderator]) expect(session.problems).toEqual([]);
  }, 60_000);

  it('shows the troll hunt’s reported messages with their room’s phase, natural dates and the suspension', async () => {
    const { page, problems } = moderator;
    await go(page, '/decisions/troll-hunt', t.trollHuntTitle);
    await page.getByText(t.since).waitFor();
    const reported = chatMessage(page.locator('main'), `Buy cheap watches here ${lang} ${run}`);
    await reported.waitFor();
    await reported.getByText(t.room, { exact: true }).waitFor();
    expect(await reported.textContent()).not.toMatch(/cycle:|[0-9a-f]{8}-[0-9a-f]{4}/);
    expect(((await reported.locator('time').textContent()) ?? '').trim()).toMatch(t.justNow);
    await reported.getByRole('button', { name: t.suspension, exact: true }).click();
    await page.getByRole('group', { name: t.panel(aliceName), exact: true }).getByText(t.notSuspended(aliceName), { exact: true }).waitFor();
    await expectNoSidewaysOverflow(page);
    expect(describeViolations(await seriousAxeViolations(page))).toEqual([]);
    expect(problems).toEqual([]);
  }, 30_000);

  it('shows the 404 page for archive ids that do not exist, as for decisions', async () => {
    const { page } = alice;
    // Ids that cannot be one (refused before they reach the service) and well-formed ones nothing has.
    for (const id of ['not-a-law', 'not-an-id', '00000000-0000-4000-8000-000000000000', randomUUID()]) {
      await go(page, `/archive/${id}`, t.notFound);
      await go(page, `/decisions/${id}`, t.notFound);
      await go(page, `/decisions/creators/${id}`, t.notFound);
      // A ?law= naming no law is the same missing page on the screens that choose a law by it.
      await go(page, `/decisions/creations?law=${id}`, t.notFound);
      await go(page, `/decisions/final-vote?law=${id}`, t.notFound);
    }
    await expectNoSidewaysOverflow(page);
  }, 60_000);
});
