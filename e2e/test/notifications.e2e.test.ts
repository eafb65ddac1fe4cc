/**
 * Notifications in a real browser against the running stack (E2E_BASE_URL), in English and in
 * French: a member's bell counts up live (no reload) when a moderator suspends them and lifts the
 * suspension through identity's API (identity publishes the events, the notifications service turns
 * them into alerts and pushes the count over server-sent events through the gateway); the
 * /notifications screen lists the alerts in the member's language, prepends a new one live, marks
 * all read (badge and count to 0), deletes one behind the confirmation modal, and logout clears it;
 * with more than a page of alerts (created by the moderator through POST /api/users/notifications)
 * the older ones load on scroll, one is marked read, an alert's link leads to its content (the help
 * page, which states the language cookie's lifetime from the shell's Limits), and a 404
 * (deleting an alert already deleted in another tab) is fatal: the error page. Each alert's actions
 * sit in its one "Actions" menu, used by mouse and by keyboard (Enter or Space opens it on its first
 * action, the arrows move, Escape closes it and gives the focus back to its button).
 *
 * A reply in the chat (the decisions remote's chat panel, the chat service's chat.message.replied)
 * raises the bell of the member replied to, and the alert reads in English, then in French.
 *
 * The moderator is the stack's seeded first moderator (SEED_MODERATOR_EMAIL in
 * e2e/src/global-setup.mjs), shared with the chat browser test.
 */
import { randomBytes } from 'node:crypto';
import { Limits } from '@civic/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { logInSharedModerator, registerVerified, type Account } from '../src/accounts.js';
import { launchBrowser } from '../src/browser.js';
import { openProposalsChat } from '../src/chat-panel.js';
import { openAndWaitFor, waitForHeading } from '../src/session.js';
import { requireSharedStack, sharedStack } from '../src/shared-stack.js';
import { browserLocales, languages, type Lang } from '../src/languages.js';

const { baseUrl } = sharedStack;

const texts = {
  en: {
    title: 'Notifications',
    bell: (count: number) => new RegExp(`^Notifications, ${count === 0 ? 'none unread' : `${count} unread`}$`),
    suspended: /^You are suspended until .+: you cannot vote, chat or propose until then\.$/,
    lifted: 'Your suspension was lifted.',
    unreadCount: (count: number) => (count === 0 ? 'No unread notification' : `${count} unread notification${count > 1 ? 's' : ''}`),
    markAllRead: 'Mark all as read',
    allRead: 'All your notifications are marked as read.',
    delete: 'Delete',
    deleteTitle: 'Delete this notification?',
    yes: 'Yes',
    deleted: 'The notification has been deleted.',
    unread: 'Unread',
    read: 'Read',
    noOlder: 'There are no older notifications.',
    notice: (text: string) => `Message from the moderators: ${text}`,
    markRead: 'Mark as read',
    actions: 'Actions',
    open: 'See',
    cookieDays: (days: number) => `your choice is remembered for ${days} days.`,
    errorStatus: (code: number) => `Error ${code}`,
    notFound: 'Not Found',
    logout: 'Log out',
  },
  fr: {
    title: 'Notifications',
    bell: (count: number) => new RegExp(`^Notifications, ${count === 0 ? 'aucune non lue' : `${count} non lues?`}$`),
    suspended: /^Votre compte est suspendu jusqu’au .+\u202f: vous ne pouvez ni voter, ni discuter, ni proposer d’ici là\.$/,
    lifted: 'Votre suspension a été levée.',
    unreadCount: (count: number) => (count === 0 ? 'Aucune notification non lue' : `${count} notification${count > 1 ? 's' : ''} non lue${count > 1 ? 's' : ''}`),
    markAllRead: 'Tout marquer comme lu',
    allRead: 'Toutes vos notifications sont marquées comme lues.',
    delete: 'Supprimer',
    deleteTitle: 'Supprimer cette notification\u202f?',
    yes: 'Oui',
    deleted: 'La notification a été supprimée.',
    unread: 'Non lue',
    read: 'Lue',
    noOlder: 'Il n’y a pas de notification plus ancienne.',
    notice: (text: string) => `Message des modérateurs\u202f: ${text}`,
    markRead: 'Marquer comme lue',
    actions: 'Actions',
    open: 'Voir',
    cookieDays: (days: number) => `votre choix est conservé ${days} jours.`,
    errorStatus: (code: number) => `Erreur ${code}`,
    notFound: 'Introuvable',
    logout: 'Se déconnecter',
  },
} as const;

let browser: Browser;
let moderator: BrowserContext;
const run = randomBytes(3).toString('hex');
const contexts: BrowserContext[] = [];

async function newContext(lang: Lang): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: browserLocales[lang] });
  context.setDefaultTimeout(10_000);
  contexts.push(context);
  return context;
}

/** The session user of a logged-in context (POST /api/login/auth-user restores it). */
async function sessionUserId(context: BrowserContext): Promise<string> {
  const answer = await context.request.post(`${baseUrl}/api/login/auth-user`, { headers: { 'x-requested-with': 'fetch' } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { id: string }).id;
}

/** The moderator acts through identity's API, as its screens would. */
async function moderate(method: 'POST' | 'DELETE', userId: string): Promise<void> {
  const url = `${baseUrl}/api/users/${userId}/suspension`;
  const answer =
    method === 'POST'
      ? await moderator.request.post(url, { data: { minutes: 10 }, headers: { 'content-type': 'application/json' } })
      : await moderator.request.delete(url, { headers: { 'x-requested-with': 'fetch' } });
  expect([200, 204]).toContain(answer.status());
}

const bell = (page: Page) => page.locator('a.notification-bell');
const badge = (page: Page) => page.locator('.notification-bell__count');

/** An alert's one "Actions" menu button, and the action it offers under `name` once open. */
const actionsButton = (item: Locator, lang: Lang) => item.getByRole('button', { name: texts[lang].actions, exact: true });
const menuAction = (item: Locator, name: string) => item.getByRole('menu').getByRole('menuitem', { name, exact: true });

/** The text of the focused element, to follow the focus through a menu. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null);

/** The badge's count as the page shows it now (0 when hidden). */
async function badgeCount(page: Page): Promise<number> {
  return Number(await badge(page).getAttribute('data-unread-count'));
}

async function waitForBadge(page: Page, lang: Lang, count: number): Promise<void> {
  await page.waitForFunction((expected) => document.querySelector('.notification-bell__count')?.getAttribute('data-unread-count') === String(expected), count, {
    timeout: 15_000,
  });
  expect(await bell(page).getAttribute('aria-label')).toMatch(texts[lang].bell(count));
  expect(await badge(page).isVisible()).toBe(count > 0);
}

beforeAll(async () => {
  requireSharedStack('the notifications browser test verifies its members through the mail catcher');
  browser = await launchBrowser();
  moderator = await browser.newContext({ locale: 'en-US' });
  await logInSharedModerator(moderator, sharedStack);
}, 60_000);

afterAll(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  await moderator?.close();
  await browser?.close();
});

describe.each(languages)('notifications in %s', (lang) => {
  const t = texts[lang];

  it('raises the bell live, lists the alerts in the reader’s language, prepends a new one, marks all read, deletes one, and clears on logout', async () => {
    const context = await newContext(lang);
    const account: Account = { email: `notified-${lang}-${run}@example.test`, userName: `Notified ${lang} ${run}`, password: 'member-password-1', locale: lang };
    await registerVerified(context, sharedStack, account);
    const memberId = await sessionUserId(context);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await page.goto(`${baseUrl}/`);
    await bell(page).waitFor();
    await waitForBadge(page, lang, 0);

    // The moderator suspends the member, then lifts it: the badge follows without a reload.
    await moderate('POST', memberId);
    await waitForBadge(page, lang, 1);
    await moderate('DELETE', memberId);
    await waitForBadge(page, lang, 2);

    // The bell leads to the list, by keyboard.
    await bell(page).focus();
    await page.keyboard.press('Enter');
    await waitForHeading(page, t.title);
    const items = page.locator('li.notification');
    await items.nth(1).waitFor();
    expect(await items.count()).toBe(2);
    expect(await items.nth(0).locator('.notification__text').textContent()).toBe(t.lifted);
    expect(await items.nth(1).locator('.notification__text').textContent()).toMatch(t.suspended);
    expect(await items.nth(0).locator('.notification__status').textContent()).toBe(t.unread);
    await page.getByText(t.unreadCount(2), { exact: true }).waitFor();
    await page.getByText(t.noOlder, { exact: true }).waitFor();

    // A new alert while the list is open is prepended live.
    await moderate('POST', memberId);
    await waitForBadge(page, lang, 3);
    await page.waitForFunction(() => document.querySelectorAll('li.notification').length === 3);
    expect(await items.nth(0).locator('.notification__text').textContent()).toMatch(t.suspended);
    await page.getByText(t.unreadCount(3), { exact: true }).waitFor();

    // Mark all read: the count and the badge go to 0, every alert reads "Read".
    await page.getByRole('button', { name: t.markAllRead, exact: true }).click();
    await page.locator('[data-snackbar="success"]', { hasText: t.allRead }).waitFor();
    await waitForBadge(page, lang, 0);
    await page.getByText(t.unreadCount(0), { exact: true }).waitFor();
    expect(await page.locator('li.notification[data-viewed="0"]').count()).toBe(0);
    expect(await items.nth(2).locator('.notification__status').textContent()).toBe(t.read);

    // Delete one from its menu (a read alert's only action), behind the shared confirmation modal.
    expect(await items.nth(0).getByRole('button').count()).toBe(1);
    await actionsButton(items.nth(0), lang).click();
    expect(await items.nth(0).getByRole('menuitem').count()).toBe(1);
    await menuAction(items.nth(0), t.delete).click();
    const dialog = page.getByRole('alertdialog', { name: t.deleteTitle });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: t.yes, exact: true }).click();
    await page.locator('[data-snackbar="success"]', { hasText: t.deleted }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('li.notification').length === 2);
    await moderate('DELETE', memberId); // lifted again: the moderator leaves the member as they were

    // Still there after a reload; gone with the bell after logout.
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('li.notification').length === 3);
    await page.getByRole('button', { name: new RegExp(account.userName) }).click();
    await page.getByRole('button', { name: t.logout, exact: true }).click();
    await page.waitForFunction(() => !document.querySelector('a.notification-bell'));
    expect(await page.locator('li.notification').count()).toBe(0);
    expect(await badgeCount(page).catch(() => 0)).toBe(0);
    expect(problems).toEqual([]);
  }, 120_000);

  it('shows the newest 50, loads older ones on scroll, links to the content, and treats a 404 as fatal', async () => {
    const context = await newContext(lang);
    const account: Account = { email: `paged-${lang}-${run}@example.test`, userName: `Paged ${lang} ${run}`, password: 'member-password-1', locale: lang };
    await registerVerified(context, sharedStack, account);
    const memberId = await sessionUserId(context);
    // A moderator may create alerts (POST /api/users/notifications): 55 notices, the last one linked.
    for (let i = 1; i <= 55; i++) {
      const answer = await moderator.request.post(`${baseUrl}/api/users/notifications`, {
        data: { userId: memberId, messageKey: 'notice', params: { text: `Notice ${i}` }, link: i === 55 ? '/help' : null },
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status()).toBe(201);
    }
    const page = await context.newPage();
    await openAndWaitFor(page, `${baseUrl}/notifications`, t.title);
    const items = page.locator('li.notification');
    await items.nth(49).waitFor();
    await waitForBadge(page, lang, 55);
    expect(await items.nth(0).locator('.notification__text').textContent()).toBe(t.notice('Notice 55'));
    expect(await items.nth(49).locator('.notification__text').textContent()).toBe(t.notice('Notice 6'));

    // Scrolling to the end of the list brings the older ones.
    await page.locator('.notification-list__end').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelectorAll('li.notification').length === 55);
    expect(await items.nth(54).locator('.notification__text').textContent()).toBe(t.notice('Notice 1'));
    await page.getByText(t.noOlder, { exact: true }).waitFor();

    // The menu by keyboard: Enter opens it on its first action, the arrow moves, Escape closes it and
    // gives the focus back; Space opens it again and Enter marks the alert read, which counts down.
    const second = items.nth(1);
    await actionsButton(second, lang).focus();
    await page.keyboard.press('Enter');
    await menuAction(second, t.markRead).waitFor();
    expect(await focusedText(page)).toBe(t.markRead);
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe(t.delete);
    await page.keyboard.press('Escape');
    await second.getByRole('menu').waitFor({ state: 'detached' });
    expect(await focusedText(page)).toBe(t.actions);
    expect(await actionsButton(second, lang).getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Space');
    await menuAction(second, t.markRead).waitFor();
    await page.keyboard.press('Enter');
    await waitForBadge(page, lang, 54);
    expect(await second.getAttribute('data-viewed')).toBe('1');
    expect(await second.locator('.notification__status').textContent()).toBe(t.read);
    expect(await focusedText(page)).toBe(t.actions);
    // Its link leads to the content.
    await items.nth(0).getByRole('link', { name: t.open, exact: true }).click();
    await page.waitForURL(`${baseUrl}/help`);
    await waitForBadge(page, lang, 53);
    // The help it leads to states the language cookie's lifetime the shell applies, not a number of its own.
    await page.locator('main').getByText(t.cookieDays(Limits.localeCookieDays)).waitFor();

    // An alert deleted elsewhere (another tab): deleting it here answers 404, which is fatal.
    await page.goBack();
    await items.nth(54).waitFor();
    const gone = await items.nth(2).getAttribute('data-alert-id');
    const elsewhere = await context.request.delete(`${baseUrl}/api/users/notifications/${gone}`, { headers: { 'x-requested-with': 'fetch' } });
    expect(elsewhere.status()).toBe(204);
    // The pushed count (one unread alert fewer) makes the list fetch what is new: let it settle first.
    await waitForBadge(page, lang, 52);
    await actionsButton(items.nth(2), lang).click();
    await menuAction(items.nth(2), t.delete).click();
    await page.getByRole('alertdialog', { name: t.deleteTitle }).getByRole('button', { name: t.yes, exact: true }).click();
    await page.waitForURL(`${baseUrl}/error`);
    await page.getByText(t.errorStatus(404), { exact: true }).waitFor();
    await page.getByText(t.notFound, { exact: true }).waitFor();
  }, 120_000);
});

describe('a reply in the chat', () => {
  /** The open chat panel of the proposals screen (the decisions remote), English interface. */
  const openChat = (page: Page) => openProposalsChat(page, baseUrl, 'Proposals', 15_000);
  const chatMessage = (page: Page, text: string) =>
    page.locator('section[data-chat-room] article[data-message]', { has: page.locator('p.chat-message__text', { hasText: text }) });

  it('raises the bell of the member replied to, and the alert reads in English and in French', async () => {
    const [authorContext, replierContext] = [await newContext('en'), await newContext('en')];
    const author: Account = { email: `replied-${run}@example.test`, userName: `Replied ${run}`, password: 'member-password-1', locale: 'en' };
    const replier: Account = { email: `replier-${run}@example.test`, userName: `Replier ${run}`, password: 'member-password-1', locale: 'en' };
    await Promise.all([registerVerified(authorContext, sharedStack, author), registerVerified(replierContext, sharedStack, replier)]);
    const [authorPage, replierPage] = [await authorContext.newPage(), await replierContext.newPage()];
    const [authorPanel, replierPanel] = [await openChat(authorPage), await openChat(replierPage)];
    await waitForBadge(authorPage, 'en', 0);

    const text = `Who wants night trains? ${run}`;
    await authorPanel.getByLabel('Your message', { exact: true }).fill(text);
    await authorPanel.getByRole('button', { name: 'Send', exact: true }).click();
    await chatMessage(replierPage, text).waitFor({ timeout: 15_000 });
    await chatMessage(replierPage, text).getByRole('button', { name: 'Reply', exact: true }).click();
    await replierPanel.getByLabel('Your message', { exact: true }).fill(`Me! ${run}`);
    await replierPanel.getByRole('button', { name: 'Send', exact: true }).click();

    // The author's badge rises where they are, without a reload.
    await waitForBadge(authorPage, 'en', 1);
    await bell(authorPage).click();
    await waitForHeading(authorPage, texts.en.title);
    const first = authorPage.locator('li.notification').first().locator('.notification__text');
    await authorPage.waitForFunction(() => document.querySelector('li.notification .notification__text')?.textContent === 'Someone replied to your message in the chat.');
    // The same alert in the reader's other language.
    await authorPage.getByRole('button', { name: 'Français', exact: true }).click();
    await waitForHeading(authorPage, texts.fr.title);
    await authorPage.waitForFunction(() => document.querySelector('li.notification .notification__text')?.textContent === 'Quelqu’un a répondu à votre message dans le chat.');
    expect(await first.textContent()).toBe('Quelqu’un a répondu à votre message dans le chat.');
    await authorPage.getByRole('button', { name: texts.fr.markAllRead, exact: true }).click();
    await waitForBadge(authorPage, 'fr', 0);
  }, 120_000);
});
