/**
 * The chat panel in a real browser against the running stack (E2E_BASE_URL): on the proposals screen,
 * two members chat live and one replies to the other; a member reports a message through the
 * confirmation dialog; the moderator (SEED_MODERATOR_EMAIL of e2e/src/global-setup.mjs) sees it
 * signalled and deletes it, and the deletion reaches the other members at once. A visitor reads and
 * is offered to log in; the moderator's troll-hunt page lists the reported message.
 */
import { randomBytes } from 'node:crypto';
import { chatRooms, type ChatAckData, type ChatMessage, type LawDetail } from '@civic/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { logInSharedModerator, registerVerified, type Account } from '../src/accounts.js';
import { launchBrowser } from '../src/browser.js';
import { connectedChatPanel, memberChatSocket, openProposalsChat, type ChatTestSocket } from '../src/chat-panel.js';
import { apiCall, closeSessions, openAndWaitFor, openSession, type Session } from '../src/session.js';
import { requireSharedStack, sharedStack } from '../src/shared-stack.js';
import { startBrowserTestStack } from '../src/stacks.mjs';
import { until } from '../src/until.js';
import { PHASE_WALK_SETTINGS, walkThroughPhases } from '../src/phase-walk.js';
import { SHARED_MODERATOR_EMAIL } from '../src/stacks.mjs';

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
    // Report waits under "More actions", beside Reply.
    expect(await message(alicePanel, rude).getByRole('button', { name: 'Report' }).count()).toBe(0);
    await message(alicePanel, rude).getByRole('button', { name: 'More actions', exact: true }).click();
    await message(alicePanel, rude).getByRole('menuitem', { name: 'Report', exact: true }).click();
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

/**
 * The settings the slow-mode and archive cases below add to the three-pod stack: automatic slow mode
 * past 12 sockets in a room (the burst case holds 8 in its room, so it is never slowed; the slow-mode
 * case adds 13), each pod's count written every 500 ms, a moderator, and the phase walk's settings for
 * the archive case to walk one cycle through (the start rule keeps the cycle in its proposals phase
 * until that case proposes; the walk ends each later phase once its room has a message).
 */
const SLOW_MODE_AND_ARCHIVE_ENV = {
  CHAT_SLOW_MODE_THRESHOLD: '12',
  CHAT_ONLINE_REFRESH_MS: '500',
  SEED_MODERATOR_EMAIL: SHARED_MODERATOR_EMAIL,
  ...PHASE_WALK_SETTINGS,
};

/**
 * Batched delivery (services/chat/README.md#delivery) on a stack of its own with three chat pods behind
 * the balancer: members post in bursts from sockets spread over the pods; each pod batches what it
 * took, and the pages show every message once, in order, while a member who muted an author never
 * sees that author's messages, which a batch carries to the whole room.
 */
describe('chat across three pods, delivered in batches', () => {
  let stack: Awaited<ReturnType<typeof startBrowserTestStack>>;
  const own = { baseUrl: '', mailUrl: '', seen: new Set<string>() };
  const sockets: ChatTestSocket[] = [];

  beforeAll(async () => {
    stack = await startBrowserTestStack('chat-pods', { CHAT_RATE_LIMIT: '100', ...SLOW_MODE_AND_ARCHIVE_ENV }, { build: false, replicas: { chat: 3 } });
    Object.assign(own, { baseUrl: stack.baseUrl, mailUrl: stack.mailUrl });
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await stack?.stop();
  });

  it('shows every message of a burst once and in order on every page, and none of a muted author to the muter', async () => {
    const [reader, troll, poster, visitor] = await Promise.all([newSession(), newSession(), newSession(), newSession()]);
    try {
      await Promise.all([registerVerified(reader.context, own, account('reader')), registerVerified(troll.context, own, account('troll')), registerVerified(poster.context, own, account('poster'))]);
      const [readerPanel, visitorPanel] = [await openProposalsChat(reader.page, own.baseUrl, 'Proposals'), await openProposalsChat(visitor.page, own.baseUrl, 'Proposals')];
      const room = (await readerPanel.getAttribute('data-chat-room'))!;
      // Two sockets per author: the balancer spreads connections, so the posts go through several pods.
      const [readerSocket, visitorSocket, ...posting] = await Promise.all([reader.context, null, troll.context, troll.context, poster.context, poster.context].map((context) => memberChatSocket(context, own.baseUrl)));
      sockets.push(readerSocket!, visitorSocket!, ...posting);
      const joined = await Promise.all(posting.map((socket) => socket.ask<ChatAckData['room:join']>('room:join', { room })));
      await visitorSocket!.ask('room:join', { room });
      await readerSocket!.ask('user:mute', { userId: joined[0]!.userId });
      await readerPanel.getByText('1 author muted.').waitFor();

      // Four sockets post 6 messages each at once, far faster than a tick.
      const sent = (
        await Promise.all(
          posting.map(async (socket, index) => {
            const mine: ChatMessage[] = [];
            for (let line = 0; line < 6; line++) mine.push(await socket.ask<ChatMessage>('message:post', { room, text: `Burst ${run} ${index}.${line}` }));
            return mine;
          }),
        )
      )
        .flat()
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
      const texts = (panel: Locator) => panel.locator('p.chat-message__text', { hasText: `Burst ${run}` }).allTextContents();
      const everyone = sent.map((message) => message.text!);
      const notMuted = sent.filter((message) => message.userId !== joined[0]!.userId).map((message) => message.text!);
      await until('the visitor’s page to show the whole burst', async () => (await texts(visitorPanel)).length >= everyone.length, 15_000);
      expect(await texts(visitorPanel)).toEqual(everyone);
      await until('the reader’s page to show the burst', async () => (await texts(readerPanel)).length >= notMuted.length, 15_000);
      expect(await texts(readerPanel)).toEqual(notMuted);
      // The room's frames were batched: fewer frames than messages reached a visitor's socket.
      await until('a visitor’s socket to receive the burst', async () => visitorSocket!.received<ChatMessage>('message:new').length >= everyone.length, 10_000);
      expect(visitorSocket!.frames.batches).toBeGreaterThan(0);
      expect(visitorSocket!.frames.single + visitorSocket!.frames.batches).toBeLessThan(everyone.length);
      for (const session of [reader, visitor]) expect(session.problems).toEqual([]);
    } finally {
      await closeSessions([reader, troll, poster, visitor]);
    }
  }, 60_000);

  // Slow mode and the closed rooms in the archive (docs/product.md#chat), by an English and a French
  // member and the moderator; the archive case walks the cycle these two propose in.
  let alice: Session;
  let bob: Session;
  /** The composer's slow-mode line as it shows (the screen reader's copy, role status, says the time once). */
  const slowNotice = (panel: Locator, text: string | RegExp) => panel.locator('[data-slow-mode] > span[aria-hidden="true"]', { hasText: text });

  it('slows a crowded room by itself, counts down in English and French, and follows the moderator’s switch', async () => {
    const moderator = await newSession();
    alice = await newSession();
    bob = await openSession(browser, { locale: 'fr-FR' }, 15_000);
    try {
      await registerVerified(alice.context, own, account('alice'));
      await registerVerified(bob.context, own, { ...account('bob'), locale: 'fr' });
      await logInSharedModerator(moderator.context, own);
      const room = await until('the open proposals room', async () => {
        const { cycles } = await apiCall<{ cycles: { id: string; phase: string }[] }>(alice.context, own.baseUrl, 'GET', '/api/decisions');
        const cycle = cycles.find((candidate) => candidate.phase === 'proposals');
        return cycle ? chatRooms.proposals(cycle.id) : null;
      });
      // 13 readers in the room, past the threshold of 12 once every pod's count is summed.
      const crowd = await Promise.all(Array.from({ length: 13 }, () => memberChatSocket(null, own.baseUrl)));
      sockets.push(...crowd);
      await Promise.all(crowd.map((socket) => socket.ask('room:join', { room })));
      await until('slow mode to turn on by itself', async () => (await crowd[0]!.ask<ChatAckData['room:join']>('room:join', { room })).room.slowMode?.active === true, 10_000);

      const alicePanel = await openProposalsChat(alice.page, own.baseUrl, 'Proposals');
      await slowNotice(alicePanel, 'Slow mode: one message every 30 seconds.').waitFor();
      await send(alicePanel, `Crowded room ${run}`);
      await slowNotice(alicePanel, /^Slow mode: you can send your next message in \d+ seconds\.$/).waitFor();
      // English pages write a 12-hour clock without a leading zero ("1:26:58 PM"), on Paris time.
      await alicePanel.getByRole('status').filter({ hasText: /^Slow mode: you can send your next message at \d{1,2}:\d\d:\d\d\s[AP]M\.$/ }).waitFor({ state: 'attached' });
      await alicePanel.getByLabel('Your message', { exact: true }).fill(`Too soon ${run}`);
      expect(await alicePanel.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);

      // The moderator, exempt, turns it on for everyone with 20 seconds; the French member is told at once.
      const bobPanel = await openProposalsChat(bob.page, own.baseUrl, 'Propositions');
      await slowNotice(bobPanel, 'Mode lent\u202f: un message toutes les 30 secondes.').waitFor();
      const modPanel = await openProposalsChat(moderator.page, own.baseUrl, 'Proposals');
      await slowNotice(modPanel, 'Slow mode is on (one message every 30 seconds); it does not apply to you.').waitFor();
      await modPanel.getByText('Slow mode: automatic, 30 s').click();
      await modPanel.getByLabel('Mode', { exact: true }).selectOption('on');
      await modPanel.getByLabel('Seconds between two messages of a member').fill('20');
      await modPanel.getByRole('button', { name: 'Apply', exact: true }).click();
      await moderator.page.locator('[data-snackbar]', { hasText: 'Slow mode updated.' }).waitFor();
      await bobPanel.locator('[data-slow-mode="on"]', { hasText: /toutes les 20/ }).waitFor();
      await bobPanel.getByLabel('Votre message', { exact: true }).fill(`Salut ${run}`);
      await bobPanel.getByRole('button', { name: 'Envoyer', exact: true }).click();
      await message(bobPanel, `Salut ${run}`).waitFor();
      await slowNotice(bobPanel, /^Mode lent\u202f: vous pourrez envoyer votre prochain message dans \d+ secondes\.$/).waitFor();

      // Off: Alice may post again at once.
      await modPanel.getByLabel('Mode', { exact: true }).selectOption('off');
      await modPanel.getByRole('button', { name: 'Apply', exact: true }).click();
      await until('the slow-mode notice to leave Alice’s composer', async () => (await alicePanel.locator('[data-slow-mode]').count()) === 0, 10_000);
      await alicePanel.getByRole('button', { name: 'Send', exact: true }).click();
      await message(alicePanel, `Too soon ${run}`).waitFor();
      for (const session of [alice, bob, moderator]) expect(session.problems).toEqual([]);
    } finally {
      await closeSessions([moderator]);
    }
  }, 60_000);

  it('keeps a finished decision’s rooms readable in the archive, read-only, in English and French', async () => {
    const said: Record<string, string> = {};
    const lawId = await walkThroughPhases(own.baseUrl, { alice, bob }, run, 30_000, async (screen) => {
      // One message in each phase's room while it is open, through Alice's own socket.
      const socket = await memberChatSocket(alice.context, own.baseUrl);
      try {
        const room = await until(`the ${screen.name} room`, async () => {
          if (screen.name === 'creation') return chatRooms.creation(new URL(screen.path, own.baseUrl).searchParams.get('law')!);
          const { cycles } = await apiCall<{ cycles: { id: string; phase: string }[] }>(alice.context, own.baseUrl, 'GET', '/api/decisions');
          const cycle = cycles.find((candidate) => candidate.phase === screen.name);
          return cycle ? (screen.name === 'final-vote' ? chatRooms.finalVote(cycle.id) : screen.name === 'voting' ? chatRooms.voting(cycle.id) : chatRooms.proposals(cycle.id)) : null;
        });
        said[screen.name] = `In the ${screen.name} room ${run}`;
        await socket.ask('room:join', { room });
        await socket.ask('message:post', { room, text: said[screen.name] });
      } finally {
        socket.disconnect();
      }
    });
    await until('the law in the archive', async () => ['adopted', 'rejected'].includes((await apiCall<LawDetail>(alice.context, own.baseUrl, 'GET', `/api/laws/${lawId}`)).state), 30_000);

    await openAndWaitFor(alice.page, `${own.baseUrl}/archive/${lawId}`, 'Archived law');
    const discussions = alice.page.locator('[data-archived-chats]');
    await discussions.getByRole('heading', { name: 'Discussions', exact: true }).waitFor();
    for (const [name, phase] of [
      ['Proposals phase', 'proposals'],
      ['Vote on proposals', 'voting'],
      ['Drafting of this law', 'creation'],
      ['Final vote', 'final-vote'],
    ] as const) {
      await discussions.getByText(name, { exact: true }).click();
      const room = discussions.locator('details[open] section[data-chat-open="false"]').last();
      await message(room, said[phase]!).waitFor();
    }
    // Read-only: no composer and no action on any message.
    expect(await discussions.getByLabel('Your message', { exact: true }).count()).toBe(0);
    expect(await discussions.locator('.chat-message__actions').count()).toBe(0);

    // The archived cycle's own page shows its three rooms (each of its laws shows its drafting room).
    const { cycleId } = await apiCall<LawDetail>(alice.context, own.baseUrl, 'GET', `/api/laws/${lawId}`);
    await alice.page.goto(`${own.baseUrl}/decisions/${cycleId}`);
    const cycleRooms = alice.page.locator('[data-archived-chats]');
    await cycleRooms.getByRole('heading', { name: 'Discussions', exact: true }).waitFor();
    expect(await cycleRooms.locator('details').count()).toBe(3);
    await cycleRooms.getByText('Final vote', { exact: true }).click();
    await message(cycleRooms, said['final-vote']!).waitFor();

    await openAndWaitFor(bob.page, `${own.baseUrl}/archive/${lawId}`, 'Loi archivée');
    const enFrançais = bob.page.locator('[data-archived-chats]');
    await enFrançais.getByText('Les discussions de cette décision sont closes\u202f: leurs messages restent lisibles.').waitFor();
    await enFrançais.getByText('Phase des propositions', { exact: true }).click();
    await message(enFrançais, said['proposals']!).waitFor();
    for (const session of [alice, bob]) expect(session.problems).toEqual([]);
    await closeSessions([alice, bob]);
  }, 90_000);
});
