/**
 * The chat panel in a real browser against the running stack (E2E_BASE_URL): on the proposals screen,
 * two members chat live and one replies to the other; a member reports a message through the
 * confirmation dialog; the moderator (SEED_MODERATOR_EMAIL of e2e/src/global-setup.mjs) sees it
 * signalled and deletes it, and the deletion reaches the other members at once. A visitor reads and
 * is offered to log in; the moderator's troll-hunt page lists the reported message.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { logInSharedModerator, registerVerified, type Account } from '../src/accounts.js';
import { launchBrowser } from '../src/browser.js';
import { connectedChatPanel, openProposalsChat } from '../src/chat-panel.js';
import { closeSessions, openAndWaitFor, openSession, type Session } from '../src/session.js';
import { requireSharedStack, sharedStack } from '../src/shared-stack.js';

const { baseUrl } = sharedStack;
const run = randomBytes(3).toString('hex');

let browser: Browser;

const newSession = () => openSession(browser, { locale: 'en-US' }, 15_000);

const account = (name: string, email = `${name}-${run}@example.org`): Account => ({ email, userName: `${name} ${run}`, password: `${name}-chats-2026`, locale: 'en' });

const openChat = (page: Page) => openProposalsChat(page, baseUrl, 'Proposals');

/** The message whose own text (not a quote of it) is `text`. */
const message = (panel: Locator, text: string) =>
  panel.locator('article[data-message]', { has: panel.page().locator('p.chat-message__text', { hasText: text }) });

async function send(panel: Locator, text: string): Promise<void> {
  await panel.getByLabel('Your message', { exact: true }).fill(text);
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await message(panel, text).waitFor();
}

beforeAll(async () => {
  requireSharedStack('the chat browser test verifies its members through the mail catcher');
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

describe('chat panel', () => {
  let alice: Session;
  let bob: Session;
  let moderator: Session;
  let visitor: Session;

  beforeAll(async () => {
    [alice, bob, moderator, visitor] = await Promise.all([newSession(), newSession(), newSession(), newSession()]);
    await Promise.all([registerVerified(alice.context, sharedStack, account('alice')), registerVerified(bob.context, sharedStack, account('bob')), logInSharedModerator(moderator.context, sharedStack)]);
  }, 90_000);

  afterAll(() => closeSessions([alice, bob, moderator, visitor]));

  it('lets two members chat live and reply, a member report a message, and a moderator delete it', async () => {
    const [alicePanel, bobPanel, visitorPanel] = [await openChat(alice.page), await openChat(bob.page), await openChat(visitor.page)];
    await visitorPanel.getByText('Log in to take part in the chat.').waitFor();

    const hello = `Hello from Alice ${run}`;
    await send(alicePanel, hello);
    await message(bobPanel, hello).waitFor();
    await message(visitorPanel, hello).waitFor();

    // Bob replies to Alice's message.
    await message(bobPanel, hello).getByRole('button', { name: 'Reply', exact: true }).click();
    await bobPanel.getByText(`Replying to alice ${run}`).waitFor();
    const reply = `Welcome Alice ${run}`;
    await send(bobPanel, reply);
    const replyOnAlice = message(alicePanel, reply);
    await replyOnAlice.waitFor();
    await replyOnAlice.getByText(`In reply to alice ${run}:`).waitFor();

    // Bob writes something rude; Alice reports it through the confirmation dialog.
    const rude = `You are all idiots ${run}`;
    await send(bobPanel, rude);
    await message(alicePanel, rude).getByRole('button', { name: 'Report', exact: true }).click();
    const dialog = alice.page.getByRole('alertdialog', { name: 'Report this message to the moderators?' });
    await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
    await alice.page.locator('[data-snackbar]', { hasText: 'The message has been reported to the moderators.' }).waitFor();
    await message(bobPanel, rude).getByText('Signalled to the moderators').waitFor();
    // Only moderators (and the author) may delete it: Alice is offered no Delete button.
    expect(await message(alicePanel, rude).getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);

    // The moderator sees it signalled and deletes it; everyone sees it deleted at once.
    const modPanel = await openChat(moderator.page);
    const reported = message(modPanel, rude);
    await reported.getByText('Signalled to the moderators').waitFor();
    await reported.getByRole('button', { name: 'Delete', exact: true }).click();
    await moderator.page.getByRole('alertdialog', { name: 'Delete this message?' }).getByRole('button', { name: 'Yes', exact: true }).click();
    await moderator.page.locator('[data-snackbar]', { hasText: 'The message has been deleted.' }).waitFor();
    for (const panel of [modPanel, alicePanel, bobPanel, visitorPanel]) {
      await panel.getByText('Message deleted by a moderator.').waitFor();
      expect(await panel.getByText(rude).count()).toBe(0);
    }

    // After a reload, the history comes back over HTTP with the same state.
    const reloaded = await openChat(alice.page);
    await message(reloaded, hello).waitFor();
    await message(reloaded, reply).waitFor();
    await reloaded.getByText('Message deleted by a moderator.').waitFor();

    for (const session of [alice, bob, moderator, visitor]) expect(session.problems).toEqual([]);
  });

  it('speaks French to a French visitor', async () => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      await openAndWaitFor(page, `${baseUrl}/decisions/proposals`, 'Propositions');
      const panel = connectedChatPanel(page);
      await panel.getByRole('heading', { name: 'Discussion', exact: true }).waitFor();
      await panel.getByText('Connectez-vous pour participer à la discussion.').waitFor();
      await panel.getByText('Message supprimé par un modérateur.').waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows the troll hunt to the moderator only', async () => {
    await openAndWaitFor(moderator.page, `${baseUrl}/decisions/troll-hunt`, 'Troll hunt');
    await moderator.page.getByText(/^Mutes counted since /).waitFor();
    await alice.page.goto(`${baseUrl}/decisions/troll-hunt`);
    await alice.page.getByText('This page is for moderators.').waitFor();
  });
});
