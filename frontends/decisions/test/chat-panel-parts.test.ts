/**
 * The chat panel's message list and composer in a jsdom document, driven as a reader would (Testing
 * Library): the messages show with their author, badges and the message they answer; the reader's
 * own actions act on the message (deleting asks first, then says it is done); the composer refuses an
 * empty or too long text, sends on Enter and empties itself, says when slow mode lets the reader post
 * again, and offers visitors the log-in page instead.
 */
import type { ChatMessage, ChatMessageMay, SessionUser } from '@civic/contracts';
import type { ShellServices } from '@civic/frontend-kit/shell-contract';
import { installDom } from '../../../packages/frontend-kit/test/support/dom.js';
import { sessionUser } from '../../../packages/frontend-kit/test/support/session-user.js';
import { plainMessage } from './support/chat-message.js';

await installDom('http://localhost/decisions/proposals');

const { createElement: h } = await import('react');
const { render, screen, fireEvent, within, waitFor } = await import('@testing-library/react');
const { IntlProvider } = await import('react-intl');
const { MemoryRouter } = await import('react-router-dom');
const { FeedbackProvider } = await import('@civic/frontend-kit/remote-feedback');
const { ChatMessageList } = await import('../src/chat/ChatMessageList.js');
const { ChatComposer, useChatDraft } = await import('../src/chat/ChatComposer.js');
const { useBusy } = await import('../src/chat/busy.js');
const { chatMax } = await import('../src/chat/message-length.js');
const { shownMay } = await import('../src/chat/message-may.js');
const { default: en } = (await import('../src/i18n/en.json', { with: { type: 'json' } })) as { default: Record<string, string> };

type Send = (event: string, payload: Record<string, unknown>) => Promise<unknown>;
type ReactNode = Parameters<typeof render>[0];

const reader = sessionUser({ id: '11111111-1111-4111-8111-111111111111', userName: 'ada' });
const room = 'cycle:22222222-2222-4222-8222-222222222222:proposals';

/** What the service tells a member of someone else's message, and of their own. */
const others: ChatMessageMay = { reply: true, edit: false, remove: false, signal: true, pin: false, hide: false, mute: true, suspend: false };
const own: ChatMessageMay = { reply: true, edit: true, remove: true, signal: false, pin: false, hide: false, mute: false, suspend: false };

function message(overrides: Partial<ChatMessage>): ChatMessage {
  const fields = { id: '33333333-3333-4333-8333-333333333333', room, userId: '44444444-4444-4444-8444-444444444444', userName: 'grace', text: 'Hello', createdAt: '2025-03-04T10:15:00.000Z' };
  return { ...plainMessage(fields), may: overrides.userId === reader.id ? own : others, ...overrides };
}

/** The shell's snackbar and modal as the remote receives them: every question answered yes. */
function shellFeedback() {
  const toasts: string[] = [];
  const questions: string[] = [];
  const services = {
    confirm: async ({ title }: { title: string }) => {
      questions.push(title);
      return true;
    },
    snackbar: { show: ({ message: text }: { message: string }) => toasts.push(text), showError: (error: unknown) => toasts.push(String(error)) },
  } as unknown as ShellServices;
  return { services, toasts, questions };
}

function withProviders(node: ReactNode, services: ShellServices) {
  return h(
    IntlProvider,
    { locale: 'en', messages: en },
    h(MemoryRouter, { initialEntries: ['/decisions/proposals'] }, h(FeedbackProvider, { services }, node)),
  );
}

describe('the chat message list', () => {
  function renderList(messages: ChatMessage[], send: Send) {
    const feedback = shellFeedback();
    const drafts: unknown[] = [];
    function List() {
      const busy = useBusy();
      return h(ChatMessageList, {
        messages,
        pinned: messages.filter((item) => item.pin),
        viewerId: reader.id,
        permissions: (item: ChatMessage) => shownMay(item, { mayByCase: [], userId: reader.id, open: true, readOnly: false }),
        chat: { nextBefore: null, loadingEarlier: false, loadEarlier: async () => undefined, send: send as never },
        busy,
        startDraft: (draft: unknown) => drafts.push(draft),
        onError: () => undefined,
      });
    }
    render(withProviders(h(List), feedback.services));
    return { ...feedback, drafts };
  }

  it('shows each message with its author, its badges and the message it answers, the reader’s own marked', () => {
    renderList(
      [
        message({ id: 'a', text: 'First point', editedAt: '2025-03-04T10:16:00.000Z', pin: true }),
        message({ id: 'b', userId: reader.id, userName: 'ada', text: 'My answer', replyTo: { id: 'a', userName: 'grace', excerpt: 'First point' } }),
      ],
      async () => undefined,
    );
    const log = screen.getByRole('log', { name: en['decisions.chat.log'] });
    const [first, second] = within(log).getAllByRole('article');
    expect(within(first!).getByText('First point')).toBeTruthy();
    expect(within(first!).getByText('grace')).toBeTruthy();
    expect(within(first!).getByText(en['decisions.chat.edited']!)).toBeTruthy();
    expect(within(first!).getByText(en['decisions.chat.pinnedBadge']!)).toBeTruthy();
    expect(second!.className).toContain('chat-message--own');
    expect(within(second!).getByText(/First point/, { selector: 'blockquote' })).toBeTruthy();
    // The pinned message is also listed above the conversation.
    expect(screen.getByRole('heading', { name: en['decisions.chat.pinned'] })).toBeTruthy();
  });

  const none: ChatMessageMay = { reply: false, edit: false, remove: false, signal: false, pin: false, hide: false, mute: false, suspend: false };
  const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent);
  const more = en['decisions.drafting.moreActions']!;

  it('offers exactly the actions the service says the reader may take, and no group without any', () => {
    renderList([message({ id: 'a', text: 'Moderated', may: { ...none, pin: true, hide: true } }), message({ id: 'b', text: 'Nothing to do', may: none })], async () => undefined);
    const [moderated, quiet] = screen.getAllByRole('article');
    expect(texts(within(moderated!).getAllByRole('button'))).toEqual([more]);
    fireEvent.click(within(moderated!).getByRole('button', { name: more }));
    expect(texts(within(moderated!).getAllByRole('menuitem'))).toEqual([en['decisions.chat.pin'], en['decisions.chat.hide']]);
    expect(within(quiet!).queryByRole('group')).toBeNull();
    expect(within(quiet!).queryAllByRole('button')).toEqual([]);
  });

  it('keeps Reply in sight and reporting and muting under “More actions”, reached with the keyboard', async () => {
    const sent: [string, unknown][] = [];
    const { questions } = renderList([message({ id: 'a', text: 'Their message' })], async (event, payload) => {
      sent.push([event, payload]);
      return undefined;
    });
    const theirs = screen.getByRole('article');
    expect(texts(within(theirs).getAllByRole('button'))).toEqual([en['decisions.chat.reply'], more]);
    const menuButton = within(theirs).getByRole('button', { name: more });
    fireEvent.keyDown(menuButton, { key: 'ArrowDown' });
    const menu = within(theirs).getByRole('menu', { name: more });
    expect(texts(within(menu).getAllByRole('menuitem'))).toEqual([en['decisions.chat.signal'], en['decisions.chat.mute']]);
    expect(document.activeElement?.textContent).toBe(en['decisions.chat.signal']);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe(en['decisions.chat.mute']);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(within(theirs).queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(menuButton);

    fireEvent.click(menuButton);
    fireEvent.click(within(theirs).getByRole('menuitem', { name: en['decisions.chat.signal'] }));
    await waitFor(() => expect(sent).toEqual([['message:signal', { id: 'a' }]]));
    expect(questions).toEqual([en['decisions.chat.signalTitle']]);
  });

  it('offers nothing on a hidden message but what moderators do with it', () => {
    // As the service answers a hidden message: no reply, report or mute for anyone.
    const hiddenMay: ChatMessageMay = { ...others, reply: false, signal: false, mute: false };
    const moderator: ChatMessageMay = { ...hiddenMay, pin: true, hide: true };
    renderList(
      [message({ id: 'a', text: null, hideInChat: true, may: hiddenMay }), message({ id: 'b', text: 'Hidden, read by a moderator', hideInChat: true, may: moderator })],
      async () => undefined,
    );
    const [member, moderated] = screen.getAllByRole('article');
    expect(within(member!).getByText(en['decisions.chat.hidden']!)).toBeTruthy();
    expect(within(member!).queryByRole('group')).toBeNull();
    expect(texts(within(moderated!).getAllByRole('button'))).toEqual([more]);
    fireEvent.click(within(moderated!).getByRole('button', { name: more }));
    expect(texts(within(moderated!).getAllByRole('menuitem'))).toEqual([en['decisions.chat.pin'], en['decisions.chat.show']]);
  });

  it('says so when there is no message yet', () => {
    renderList([], async () => undefined);
    expect(screen.getByText(en['decisions.chat.empty']!)).toBeTruthy();
  });

  it('offers a reply to others’ messages and deletes the reader’s own after asking, then says it is done', async () => {
    const sent: [string, unknown][] = [];
    const { drafts, questions, toasts } = renderList(
      [message({ id: 'a', text: 'Their message' }), message({ id: 'b', userId: reader.id, userName: 'ada', text: 'Mine' })],
      async (event, payload) => {
        sent.push([event, payload]);
        return message({ id: 'b', userId: reader.id, deleted: true, text: null });
      },
    );
    const [theirs, mine] = screen.getAllByRole('article');
    expect(within(theirs!).queryByRole('button', { name: en['decisions.chat.delete'] })).toBeNull();
    fireEvent.click(within(theirs!).getByRole('button', { name: en['decisions.chat.reply'] }));
    expect(drafts).toEqual([{ mode: 'reply', to: expect.objectContaining({ id: 'a' }) }]);

    fireEvent.click(within(mine!).getByRole('button', { name: en['decisions.chat.delete'] }));
    await waitFor(() => expect(toasts).toEqual([en['decisions.chat.deletedDone']]));
    expect(questions).toEqual([en['decisions.chat.deleteTitle']]);
    expect(sent).toEqual([['message:delete', { id: 'b' }]]);
  });
});

describe('the chat composer', () => {
  function renderComposer({ user = reader as SessionUser | null, postWait = 0, slowActive = false } = {}) {
    const sent: [string, unknown][] = [];
    const send: Send = async (event, payload) => {
      sent.push([event, payload]);
      return message({ id: 'new', text: String(payload.text), userId: reader.id });
    };
    const slow = {
      slowMode: slowActive ? { mode: 'on' as const, intervalS: 30, active: true } : null,
      exempt: false,
      nextPostAt: postWait > 0 ? Date.now() + postWait * 1000 : null,
      posted: () => undefined,
      refused: () => false,
      change: async () => undefined,
    };
    function Composer() {
      const compose = useChatDraft();
      const busy = useBusy();
      return h(ChatComposer, {
        room,
        chat: { room: { open: true } as never, status: 'connected', send: send as never },
        slow: slow as never,
        postWait,
        compose,
        busy,
        user,
        suspended: false,
        readOnly: false,
      });
    }
    render(withProviders(h(Composer), shellFeedback().services));
    return { sent };
  }

  const box = () => screen.getByRole('textbox', { name: en['decisions.chat.messageLabel'] }) as HTMLTextAreaElement;
  const sendButton = () => screen.getByRole('button', { name: en['decisions.chat.send'] }) as HTMLButtonElement;

  it('refuses an empty or blank text: Send stays disabled and Enter sends nothing', () => {
    const { sent } = renderComposer();
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(box(), { target: { value: '   ' } });
    expect(sendButton().disabled).toBe(true);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(sent).toEqual([]);
  });

  it('counts the characters and refuses a text over the limit', () => {
    renderComposer();
    fireEvent.change(box(), { target: { value: 'Bonjour' } });
    expect(screen.getByText(`7 / ${chatMax}`)).toBeTruthy();
    fireEvent.change(box(), { target: { value: 'x'.repeat(chatMax + 1) } });
    const counter = screen.getByText(`${chatMax + 1} / ${chatMax}`);
    expect(counter.className).toContain('chat-counter--over');
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(sendButton().disabled).toBe(true);
  });

  it('sends the text on Enter to the room, then empties the box', async () => {
    const { sent } = renderComposer();
    fireEvent.change(box(), { target: { value: 'A new idea' } });
    expect(sendButton().disabled).toBe(false);
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(box().value).toBe(''));
    expect(sent).toEqual([['message:post', { room, text: 'A new idea' }]]);
  });

  it('says when slow mode lets the reader post again, and holds the send button until then', () => {
    renderComposer({ postWait: 12, slowActive: true });
    fireEvent.change(box(), { target: { value: 'Too soon' } });
    expect(screen.getByText('Slow mode: you can send your next message in 12 seconds.')).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
  });

  it('offers a visitor the log-in page, back to this screen afterwards', () => {
    renderComposer({ user: null });
    expect(screen.queryByRole('textbox')).toBeNull();
    const link = screen.getByRole('link', { name: en['decisions.chat.logIn'] });
    expect(link.getAttribute('href')).toBe(`/identify?next=${encodeURIComponent('/decisions/proposals')}`);
  });
});
