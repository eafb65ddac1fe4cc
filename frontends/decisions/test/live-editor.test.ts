/**
 * The live editor as a creator uses it, in a jsdom document over a page socket played by the test:
 * Edit on a text the reader may type live joins its document and shows the server's words; typing
 * sends the change as one merged Yjs update and says it is saved after a pause; another creator's
 * words arrive without moving the caret off the reader's words; a save names who saved with whom; a
 * change made outside live editing is shown to merge; Done leaves; presence names who edits what.
 * A scribe without `liveEdit` keeps the reasoned form.
 */
import { jest } from '@jest/globals';
import * as Y from 'yjs';
import { DRAFT_YTEXT, type Article, type ArticleMay, type DraftPresence, type LawDetail, type SessionUser } from '@civic/contracts';
import type { ShellServices } from '@civic/frontend-kit/shell-contract';
import { installDom } from '../../../packages/frontend-kit/test/support/dom.js';
import { sessionUser } from '../../../packages/frontend-kit/test/support/session-user.js';

await installDom('http://localhost/decisions/creations');

type Handler = (payload: unknown) => void;

/** The page's socket as the chat service would answer it, events recorded. */
class FakeSocket {
  connected = true;
  sent: { event: string; payload: unknown }[] = [];
  private handlers = new Map<string, Set<Handler>>();
  constructor(private readonly answer: (event: string, payload: unknown) => unknown) {}
  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  emit(event: string, payload: unknown, ack?: (answer: unknown) => void) {
    this.sent.push({ event, payload });
    ack?.(this.answer(event, payload));
    return this;
  }
  timeout() {
    return { emitWithAck: async (event: string, payload: unknown) => this.emit(event, payload) && this.answer(event, payload) };
  }
  /** The server sends an event to this page. */
  push(event: string, payload: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
  of(event: string) {
    return this.sent.filter((entry) => entry.event === event).map((entry) => entry.payload);
  }
}

const lawId = '66666666-6666-4666-8666-666666666666';
const textId = '55555555-5555-4555-8555-555555555555';
const me = sessionUser('22222222-2222-4222-8222-222222222222');
const alice = { userId: '77777777-7777-4777-8777-777777777777', userName: 'Alice Martin' };

/** The server's document of the text: its words as the server holds them. */
const server = new Y.Doc();
server.getText(DRAFT_YTEXT).insert(0, 'Every citizen may vote.');
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

let savedBody = 'Every citizen may vote.';
const socket = new FakeSocket((event, payload) => {
  const body = payload as Record<string, unknown>;
  switch (event) {
    case 'draft:join':
      return { ok: true, data: { textId, state: base64(Y.encodeStateAsUpdate(server)), savedBody } };
    case 'draft:update':
      Y.applyUpdate(server, bytes(body.update as string));
      return { ok: true, data: { textId } };
    case 'draft:save':
      savedBody = server.getText(DRAFT_YTEXT).toString();
      return { ok: true, data: { textId, body: savedBody, savedBy: me.id, coEditors: [alice.userId], at: '2026-03-01T08:00:00.000Z' } };
    case 'draft:here':
      return { ok: true, data: { lawId, present: [] } satisfies DraftPresence };
    default:
      return { ok: true, data: body };
  }
});

jest.unstable_mockModule('@civic/frontend-kit/page-socket', () => ({ pageSocket: async () => socket, watchTopic: () => () => undefined }));
// The bundler loads the stylesheet; jest reads only scripts.
jest.unstable_mockModule('../src/ui/live-draft/live-draft.css', () => ({}));

const { createElement: h } = await import('react');
const { act, cleanup, render, screen, fireEvent, within, waitFor } = await import('@testing-library/react');
const { IntlProvider } = await import('react-intl');
const { MemoryRouter } = await import('react-router-dom');
const { FeedbackProvider } = await import('@civic/frontend-kit/remote-feedback');
const { SessionProvider } = await import('@civic/frontend-kit/remote-session');
const { ArticleBlock } = await import('../src/ui/ArticleBlock.js');
const { DraftingPresenceProvider } = await import('../src/ui/live-draft/DraftingPresence.js');
const { default: mainEn } = (await import('../src/i18n/en.json', { with: { type: 'json' } })) as { default: Record<string, string> };
const { default: liveEn } = (await import('../src/ui/live-draft/i18n/en.json', { with: { type: 'json' } })) as { default: Record<string, string> };
// The creation screen adds the live texts to the remote's (LiveMessages).
const en = { ...mainEn, ...liveEn };

const noAction: ArticleMay = { edit: false, liveEdit: false, remove: false, amend: false, move: false, addSource: false, signalModerator: false, signalScribe: false, pin: false, vote: false };
const article = (may: Partial<ArticleMay>): Article => ({
  id: textId,
  lawId,
  kind: 'article',
  groupId: null,
  parentId: null,
  title: null,
  // The text as the page read it: the server's document wins once joined.
  body: 'Every citizen may vote',
  position: 1,
  userId: alice.userId,
  userName: alice.userName,
  moderationStatus: 0,
  scribeStatus: 0,
  pin: false,
  counts: { for: 0, against: 0, neutral: 0, blank: 0, score: 0 },
  myVote: null,
  result: null,
  sources: [],
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
  amendments: [],
  may: { ...noAction, ...may },
});
const law = (item: Article): LawDetail =>
  ({ id: lawId, state: 'creation', creators: [{ userId: me.id, userName: 'Me' }, alice], articles: [item], groups: [], sources: [] }) as unknown as LawDetail;

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
// Unmounted while the document is still the test's: a focused field fires its blur then.
afterEach(async () => {
  cleanup();
  await settle();
});
const label = (key: string) => en[key]!;

async function show(item: Article, user: SessionUser) {
  const services = { confirm: async () => true, snackbar: { show: () => undefined, showError: () => undefined } } as unknown as ShellServices;
  render(
    h(
      IntlProvider,
      { locale: 'en', messages: en },
      h(
        MemoryRouter,
        null,
        h(
          SessionProvider,
          { restore: async () => user },
          h(FeedbackProvider, { services }, h(DraftingPresenceProvider, { lawId, active: true, readerId: user.id }, h(ArticleBlock, { law: law(item), article: item, number: 1, user, reload: () => undefined }))),
        ),
      ),
    ),
  );
  await settle();
}

/** Types as a browser does: the field's new words, the caret after them, then the input event. */
function type(field: HTMLTextAreaElement, value: string, caret: number) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(field, value);
  field.setSelectionRange(caret, caret);
  fireEvent.input(field);
}

const status = () => screen.getByRole('status', { name: '' });

describe('the live editor', () => {
  it('joins the text, shares what the creator types, and keeps their caret on their words', async () => {
    await show(article({ liveEdit: true }), me);
    expect(socket.of('draft:here')).toEqual([{ lawId, editing: null }]);
    fireEvent.click(screen.getByRole('button', { name: label('decisions.proposal.edit') }));

    const field = (await screen.findByLabelText(label('decisions.article.text'))) as HTMLTextAreaElement;
    await waitFor(() => expect(field.readOnly).toBe(false));
    // The server's words, not the ones the page read; the page said what it edits.
    expect(field.value).toBe('Every citizen may vote.');
    expect(socket.of('draft:join')).toEqual([{ lawId, kind: 'article', textId, body: 'Every citizen may vote' }]);
    expect(socket.of('draft:here').at(-1)).toEqual({ lawId, editing: { kind: 'article', textId } });
    expect(status().textContent).toBe(label('decisions.live.status.saved'));

    field.focus();
    type(field, 'Every adult citizen may vote.', 12);
    expect(status().textContent).toBe(label('decisions.live.status.pending'));
    await waitFor(() => expect(socket.of('draft:update')).toHaveLength(1));
    expect(server.getText(DRAFT_YTEXT).toString()).toBe('Every adult citizen may vote.');

    // Another creator adds words before the caret and after it: the caret stays after "adult ".
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(server));
    const changes: Uint8Array[] = [];
    other.on('update', (update: Uint8Array) => changes.push(update));
    other.getText(DRAFT_YTEXT).insert(0, 'Truly, ');
    other.getText(DRAFT_YTEXT).insert(other.getText(DRAFT_YTEXT).length - 1, ' freely');
    // The server applies them, then relays them to this page.
    for (const update of changes) Y.applyUpdate(server, update);
    for (const update of changes) act(() => socket.push('draft:update', { textId, update: base64(update) }));
    expect(field.value).toBe('Truly, Every adult citizen may vote freely.');
    expect(field.selectionStart).toBe(19);
    expect(field.value.slice(0, field.selectionStart)).toBe('Truly, Every adult ');

    // The pause passed: the server saved Alice's and the reader's words.
    act(() => socket.push('draft:saved', { textId, body: field.value, savedBy: alice.userId, coEditors: [me.id], at: '2026-03-01T08:00:00.000Z' }));
    expect(status().textContent).toBe('Saved by Alice Martin with you');

    // A scribe's edit came meanwhile: both versions shown, the reader's words kept until they choose.
    act(() => socket.push('draft:conflict', { textId, current: 'Citizens vote.' }));
    const theirs = screen.getByRole('region', { name: label('decisions.conflict.theirs') });
    expect(within(theirs).getByText('Citizens vote.')).toBeTruthy();
    expect(field.value).toBe('Truly, Every adult citizen may vote freely.');
    fireEvent.click(within(theirs).getByRole('button', { name: label('decisions.conflict.takeTheirs') }));
    expect(field.value).toBe('Citizens vote.');
    await waitFor(() => expect(server.getText(DRAFT_YTEXT).toString()).toBe('Citizens vote.'));
    // Their version is the one saved: nothing to save until the reader merges their words in.
    expect(status().textContent).toBe(label('decisions.live.status.saved'));
    expect((screen.getByRole('button', { name: label('decisions.live.saveNow') }) as HTMLButtonElement).disabled).toBe(true);
    type(field, 'Citizens vote freely.', 20);
    await waitFor(() => expect(server.getText(DRAFT_YTEXT).toString()).toBe('Citizens vote freely.'));

    fireEvent.click(screen.getByRole('button', { name: label('decisions.live.saveNow') }));
    await waitFor(() => expect(status().textContent).toBe('Saved by you with Alice Martin'));
    expect(socket.of('draft:save')).toEqual([{ textId }]);

    // A blank text says why it is not saved.
    type(field, '   ', 0);
    expect(status().textContent).toBe(label('decisions.live.status.blank'));

    fireEvent.click(screen.getByRole('button', { name: label('decisions.live.done') }));
    await waitFor(() => expect(screen.queryByLabelText(label('decisions.article.text'))).toBeNull());
    expect(socket.of('draft:leave')).toEqual([{ textId }]);
    // The editor says it left in its effect's cleanup, which may run after the field is gone.
    await waitFor(() => expect(socket.of('draft:here').at(-1)).toEqual({ lawId, editing: null }));
  });

  it('wears the initials of another creator editing the text', async () => {
    await show(article({ liveEdit: true }), me);
    act(() =>
      socket.push('draft:presence', {
        lawId,
        present: [
          { userId: me.id, name: 'Me', initials: 'M', editing: null },
          { userId: alice.userId, name: alice.userName, initials: 'AM', editing: { kind: 'article', textId } },
        ],
      }),
    );
    expect(screen.getByText(en['decisions.live.badge']!.replace('{name}', alice.userName))).toBeTruthy();
  });

  it('keeps the reasoned form for a scribe who may not type live', async () => {
    const scribe = sessionUser('88888888-8888-4888-8888-888888888888', { scribe: true });
    const joins = socket.of('draft:join').length;
    await show(article({ edit: true }), scribe);
    fireEvent.click(screen.getByRole('button', { name: label('decisions.proposal.edit') }));
    expect(screen.getByLabelText(label('decisions.reason.label'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: label('decisions.live.saveNow') })).toBeNull();
    expect(socket.of('draft:join')).toHaveLength(joins);
  });
});
