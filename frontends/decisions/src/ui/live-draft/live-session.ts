/**
 * One text open in the live editor (docs/co-drafting.md): its Yjs document, joined over the page's
 * socket, bound to a textarea. The page owns the words while the editor is open: a law read again
 * meanwhile changes nothing here. Every (re)connection joins again, applies the server's state and
 * sends what the server lacks, so words typed while disconnected are not lost.
 */
import type { Socket } from 'socket.io-client';
import * as Y from 'yjs';
import {
  ARTICLE_BODY_MAX,
  ErrorMessages,
  draftClientEvents,
  draftServerEvents,
  isChatError,
  textProblem,
  type ChatAck,
  type DraftConflict,
  type DraftJoin,
  type DraftJoined,
  type DraftSaved,
  type DraftUpdate,
} from '@civic/contracts';
import { ApiError, toApiError } from '@civic/frontend-kit/api-client';
import { LOCAL, UpdateBatcher, applyInput, applyRemote, fromBase64, missingOnServer, toBase64, wordsOf, type SendResult, type TextSelection } from './text-binding.js';

const ackTimeoutMs = 10_000;

/** What the editor shows, apart from the words in the field. */
export interface LiveDraftView {
  /** The words in the field (for the status line and the blank check). */
  text: string;
  /** Joined, and connected since. */
  live: boolean;
  joinedOnce: boolean;
  /** The text of the last version written: what the next save is based on. */
  savedBody: string;
  lastSave: DraftSaved | null;
  /** The text as changed outside live editing (a scribe's or a moderator's edit), to merge. */
  conflict: string | null;
  /** The last refusal, shown until the next change goes through. */
  problem: ApiError | null;
  /** Words were refused and the field went back to the server's. */
  reset: boolean;
}

export const initialView = (body: string): LiveDraftView => ({
  text: body,
  live: false,
  joinedOnce: false,
  savedBody: body,
  lastSave: null,
  conflict: null,
  problem: null,
  reset: false,
});

type Listener = Parameters<Socket['on']>[1];

const reasonOf = (error: ApiError): unknown => (typeof error.data === 'object' && error.data !== null ? (error.data as { reason?: unknown }).reason : undefined);

export class LiveDraftSession {
  private doc = new Y.Doc();
  private element: HTMLTextAreaElement | null = null;
  private view: LiveDraftView;
  private disposed = false;
  private joining: Promise<void> | null = null;
  private readonly batcher = new UpdateBatcher((update) => this.sendUpdate(update));
  private readonly listeners: Record<string, Listener>;

  constructor(
    private readonly target: DraftJoin,
    private readonly socket: Socket,
    private readonly onView: (view: LiveDraftView) => void,
  ) {
    this.view = initialView(target.body);
    this.watchDoc();
    this.listeners = {
      // A join still waiting for its answer went out on the dropped connection: join afresh.
      connect: () => {
        this.joining = null;
        void this.join();
      },
      disconnect: () => {
        // What waits is sent by the next join, from the server's state vector.
        this.batcher.clear();
        this.show({ live: false });
      },
      // Applied even before the join's answer: Yjs holds an update whose base has not arrived yet
      // until it does, so an update sent while the server answered the join is not lost.
      [draftServerEvents.update]: (payload: DraftUpdate) => {
        if (payload?.textId === target.textId) this.applyServerUpdate(fromBase64(payload.update));
      },
      [draftServerEvents.saved]: (saved: DraftSaved) => {
        if (saved?.textId === target.textId) this.saved(saved);
      },
      [draftServerEvents.conflict]: (conflict: DraftConflict) => {
        if (conflict?.textId === target.textId) this.show({ conflict: conflict.current, savedBody: conflict.current, lastSave: null });
      },
    };
  }

  /** Starts following the text: joins now when connected, else at the connection. */
  start(): void {
    for (const [event, listener] of Object.entries(this.listeners)) this.socket.on(event, listener);
    if (this.socket.connected) void this.join();
  }

  /** The field the words are typed in (null: unmounted). */
  bind(element: HTMLTextAreaElement | null): void {
    this.element = element;
    if (element && this.view.joinedOnce) this.render(this.words(), null);
  }

  /** The field's `input` event: its new words become the smallest change of the document. */
  input(): void {
    const element = this.element;
    if (!element || !this.view.joinedOnce) return;
    const value = element.value;
    const before = this.words();
    // Refused here rather than by the server: a refused update would leave this page's document
    // ahead of the server's, and every later one refused with it. Past the bound (with others'
    // words), deleting is still allowed.
    const tooLong = [...value].length > ARTICLE_BODY_MAX && [...value].length > [...before].length;
    if (tooLong || textProblem(value, { multiline: true }) === 'forbiddenCharacters') {
      const caret = Math.min(element.selectionStart, before.length);
      this.render(before, { start: caret, end: caret });
      this.show({ problem: new ApiError(400, tooLong ? ErrorMessages.badRequest : ErrorMessages.forbiddenCharacters, tooLong ? { reason: 'too-long' } : undefined) });
      return;
    }
    applyInput(this.doc, value, element.selectionEnd ?? undefined);
    this.show({ text: this.words(), problem: null, reset: false });
  }

  /** Writes the words now, without waiting for the pause: answers the version saved. */
  async saveNow(): Promise<DraftSaved> {
    await this.batcher.drain();
    const saved = await this.ask<DraftSaved>(draftClientEvents.save, { textId: this.target.textId });
    this.saved(saved);
    return saved;
  }

  /** Starts again from the text changed outside live editing, as one change of the member's. */
  takeTheirs(): void {
    const theirs = this.view.conflict;
    if (theirs === null) return;
    applyInput(this.doc, theirs);
    this.render(this.words(), { start: theirs.length, end: theirs.length });
    this.show({ text: this.words(), conflict: null });
  }

  /** Done: sends what waits, leaves the text, and stops following it. */
  async leave(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.batcher.drain(), new Promise((resolve) => (timer = setTimeout(resolve, ackTimeoutMs)))]);
    clearTimeout(timer);
    const socket = this.socket;
    this.dispose(false);
    if (socket.connected) await socket.timeout(ackTimeoutMs).emitWithAck(draftClientEvents.leave, { textId: this.target.textId }).catch(() => undefined);
  }

  /** Stops following the text (the editor unmounted): tells the server, without waiting. */
  dispose(tellServer = true): void {
    if (this.disposed) return;
    // The last keystrokes (under the batch's delay) go before the leave; socket.io keeps the order.
    this.batcher.flushNow();
    this.disposed = true;
    for (const [event, listener] of Object.entries(this.listeners)) this.socket.off(event, listener);
    this.batcher.clear();
    if (tellServer && this.socket.connected) this.socket.emit(draftClientEvents.leave, { textId: this.target.textId }, () => undefined);
    this.doc.destroy();
  }

  private words(): string {
    return wordsOf(this.doc).toString();
  }

  private watchDoc(): void {
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === LOCAL) this.batcher.add(update);
    });
  }

  private show(change: Partial<LiveDraftView>): void {
    if (this.disposed) return;
    this.view = { ...this.view, ...change };
    this.onView(this.view);
  }

  private saved(saved: DraftSaved): void {
    this.show({ savedBody: saved.body, lastSave: saved, conflict: null, problem: null });
  }

  /** The field's selection while it has the focus (else null: nothing to keep). */
  private selection(): TextSelection | null {
    const element = this.element;
    if (!element || element.ownerDocument.activeElement !== element) return null;
    return { start: element.selectionStart, end: element.selectionEnd, direction: element.selectionDirection ?? 'none' };
  }

  private render(text: string, selection: TextSelection | null): void {
    const element = this.element;
    if (!element) return;
    if (element.value !== text) element.value = text;
    if (selection) element.setSelectionRange(selection.start, selection.end, selection.direction);
  }

  private applyServerUpdate(update: Uint8Array): void {
    try {
      const { text, selection } = applyRemote(this.doc, update, this.selection());
      // Before the first join the field still shows the text as read, read-only.
      if (!this.view.joinedOnce) return;
      this.render(text, selection);
      this.show({ text });
    } catch {
      // An update this document cannot take: join again for the server's whole state.
      void this.join();
    }
  }

  /** Sends an acknowledged event; answers its data or throws the refusal as an ApiError. */
  private async ask<T>(event: string, payload: unknown): Promise<T> {
    if (!this.socket.connected) throw new ApiError(503, ErrorMessages.serviceUnavailable);
    let ack: ChatAck<T>;
    try {
      ack = (await this.socket.timeout(ackTimeoutMs).emitWithAck(event, payload)) as ChatAck<T>;
    } catch {
      throw new ApiError(503, ErrorMessages.serviceUnavailable);
    }
    if (isChatError(ack)) throw toApiError(ack.statusCode, ack);
    return ack.data;
  }

  private async sendUpdate(update: Uint8Array): Promise<SendResult> {
    if (!this.view.live || !this.socket.connected) return { sent: false };
    try {
      await this.ask(draftClientEvents.update, { textId: this.target.textId, update: toBase64(update) } satisfies DraftUpdate);
      return { sent: true };
    } catch (failure) {
      const error = failure as ApiError;
      const retryAfterMs = (error.data as { retryAfterMs?: unknown } | undefined)?.retryAfterMs;
      if (error.statusCode === 429 && typeof retryAfterMs === 'number') return { sent: false, retryAfterMs };
      if (error.statusCode === 503) return { sent: false }; // the next join sends it
      if (reasonOf(error) === 'missing-dependencies') {
        void this.join();
        return { sent: false };
      }
      // Refused words (too long with someone else's, forbidden): this document went where the
      // server's will not follow. Start again from the server's words and say why.
      this.batcher.clear();
      this.doc.destroy();
      this.doc = new Y.Doc();
      this.watchDoc();
      this.show({ problem: error, reset: true });
      void this.join();
      return { sent: false };
    }
  }

  /** Joins the text's document (again): the server's state applied, what it lacks sent. */
  private join(): Promise<void> {
    if (this.joining) return this.joining;
    const joining = this.joinOnce().finally(() => {
      if (this.joining === joining) this.joining = null;
    });
    this.joining = joining;
    return joining;
  }

  private async joinOnce(): Promise<void> {
    if (this.disposed) return;
    let joined: DraftJoined;
    try {
      joined = await this.ask<DraftJoined>(draftClientEvents.join, this.target);
    } catch (failure) {
      // No answer: the next connection joins again. A refusal (no longer a creator, the law left its creation) is shown.
      if ((failure as ApiError).statusCode !== 503) this.show({ problem: failure as ApiError, live: false });
      return;
    }
    if (this.disposed) return;
    const state = fromBase64(joined.state);
    const { text, selection } = applyRemote(this.doc, state, this.selection());
    this.render(text, selection);
    this.show({ text, live: true, joinedOnce: true, savedBody: joined.savedBody });
    const missing = missingOnServer(this.doc, state);
    if (missing) this.batcher.add(missing);
  }
}
