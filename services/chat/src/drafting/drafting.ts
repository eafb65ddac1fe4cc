/**
 * Live co-drafting over the page's socket (docs/co-drafting.md): the `draft:*` events, mapped to the
 * commands and to this pod's documents, presence and pauses. Every event is a creator's of a law
 * whose creation room is open (commands/draft-access.ts); a refusal is thrown as an AppError,
 * answered in the catalogue's shape, and nothing is stored nor sent. A socket's draft events are
 * handled one after the other, so a save comes after the updates its page sent before it.
 */
import { draftRooms, type DraftJoined, type DraftPresence, type DraftSaved, type DraftTextKind } from '@civic/contracts';
import { AppError, type OutboxRelay } from '@civic/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import * as Y from 'yjs';
import { socketCaller, type ResolvedCaller } from '../caller.js';
import { draftDocumentOf, permittedDraft } from '../commands/draft-access.js';
import { claimDraftWriters } from '../commands/claim-draft-writers.command.js';
import { joinDraft } from '../commands/join-draft.command.js';
import { recordDraftUpdate } from '../commands/record-draft-update.command.js';
import { settleDraft } from '../commands/settle-draft.command.js';
import type { CommandDeps } from '../commands/unit-of-work.js';
import { checkUpdate, decodeUpdate, writerIdsOf, type UpdateRefusal } from '../domain/draft-update.js';
import type { ChatSocket } from '../socket/handshake.js';
import type { Payload } from '../socket/payloads.js';
import type { MemberRepository } from '../store/member.repository.js';
import { DraftDocuments } from './documents.js';
import { announcePresence } from './presence.js';
import { SettleTimers } from './settle-timers.js';

/** The acknowledgements of the draft events (packages/contracts/src/drafting.ts). */
export interface DraftAckData {
  'draft:join': DraftJoined;
  'draft:update': { textId: string };
  'draft:save': DraftSaved;
  'draft:leave': { textId: string };
  'draft:here': DraftPresence;
  'draft:away': { lawId: string };
}

type DraftEvent = keyof DraftAckData;
export type DraftHandlers = { [E in DraftEvent]: (socket: ChatSocket, payload: Payload<E>) => Promise<DraftAckData[E]> };

export interface DraftingDeps {
  io: Server;
  context: CommandDeps & { members: MemberRepository; relay: OutboxRelay };
  /** Whether other pods share the rooms (the Redis adapter). */
  shared: boolean;
  /** A pause this long after the last update anyone made settles the text (CHAT_DRAFT_SETTLE_PAUSE_MS). */
  pauseMs: number;
  log: FastifyBaseLogger;
  /** Whether the pod is shutting down (its sockets' departures are then not announced). */
  closing: () => boolean;
  /** Texts one socket may edit at once (a page edits one, two while it switches). */
  maxTexts?: number;
}

const TEXT_ROOM = 'draft:';
const isTextRoom = (room: string) => room.startsWith(TEXT_ROOM);
const textsOf = (socket: ChatSocket) => [...socket.rooms].filter(isTextRoom).map((room) => room.slice(TEXT_ROOM.length));
/** A refused update as the socket's error answer: 400 with the reason (docs/co-drafting.md#updates). */
const refused = (refusal: UpdateRefusal) => new AppError(refusal.key, refusal.status, { reason: refusal.reason });
const base64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

export class Drafting {
  readonly documents: DraftDocuments;
  readonly timers: SettleTimers;
  /** Each socket's draft event being handled: the next waits for it. */
  private readonly turns = new WeakMap<ChatSocket, Promise<unknown>>();

  constructor(private readonly deps: DraftingDeps) {
    this.timers = new SettleTimers(deps.pauseMs, (textId) => this.settleAfterPause(textId), deps.log);
    // Every pod holding the text counts the pause, so a pod that stops before its pause ends leaves the settle to the others.
    this.documents = new DraftDocuments(deps.io, deps.context.db, deps.shared, deps.log, (textId) => this.timers.typed(textId));
  }

  handlers(): DraftHandlers {
    const { context, io } = this.deps;
    const { documents, timers } = this;
    const callerOf = (socket: ChatSocket) => socketCaller(context.members, socket.data, context.clock());
    /** The caller, once they may draft in the law. */
    const permitted = async (socket: ChatSocket, lawId: string): Promise<ResolvedCaller> => {
      const caller = await callerOf(socket);
      await permittedDraft(context.db, caller, lawId);
      return caller;
    };
    /** The caller and the text (404 when unknown), once they may draft in the text's law. */
    const permittedText = async (socket: ChatSocket, textId: string) => {
      const caller = await callerOf(socket);
      const text = documents.known(textId) ?? (await draftDocumentOf(context.db, textId));
      await permittedDraft(context.db, caller, text.lawId);
      return { caller, text };
    };

    return {
      'draft:join': (socket, { lawId, kind, textId, body }) =>
        this.inTurn(socket, async () => {
          await permitted(socket, lawId);
          const editing = textsOf(socket);
          if (!editing.includes(textId) && editing.length >= (this.deps.maxTexts ?? 4)) throw new AppError('badRequest', 400, { reason: 'too-many-texts' });
          const stored = await joinDraft(context, { textId, lawId, kind, body });
          // A text belongs to one law and is of one kind for good: another pairing is a page's mistake.
          if (stored.lawId !== lawId || stored.kind !== kind) throw new AppError('badRequest', 400, { reason: 'other-text' });
          await socket.join(draftRooms.text(textId));
          const acquired = await documents.acquire(textId, stored);
          // A pod's document may have missed another pod's update (Redis away): the rows hold them all.
          const document = acquired.loadedNow ? acquired.document : await documents.catchUp(textId, stored);
          if (acquired.loadedNow) timers.check(textId); // left unsettled by a pod that stopped?
          return { textId, state: base64(Y.encodeStateAsUpdate(document.doc)), savedBody: stored.baseBody };
        }),

      'draft:update': (socket, { textId, update }) =>
        this.inTurn(socket, async () => {
          const { caller, text } = await permittedText(socket, textId);
          if (!socket.rooms.has(draftRooms.text(textId))) throw new AppError('badRequest', 400, { reason: 'not-joined' });
          const bytes = decodeUpdate(update);
          if (!(bytes instanceof Uint8Array)) throw new AppError(bytes.key, bytes.status, { reason: bytes.reason });
          let { document } = await documents.acquire(textId, text);
          const check = () => checkUpdate(document.doc, bytes, { ids: { writer: caller.id, owners: document.owners } });
          let refusal = check();
          if (refusal?.reason === 'missing-dependencies') {
            // Perhaps another pod's update has not reached this pod yet: the rows hold it.
            document = await documents.catchUp(textId, text);
            refusal = check();
          }
          if (refusal) throw refused(refusal);
          // A client id new to this pod is claimed in the rows, where the first member to write under
          // it keeps it on every pod; then the update is checked again, the document may have moved on.
          const unknownIds = [...writerIdsOf(document.doc, bytes)].filter((id) => !document.owners.has(id));
          if (unknownIds.length > 0) {
            for (const [id, owner] of await claimDraftWriters(context, { textId, userId: caller.id, clientIds: unknownIds })) document.owners.set(id, owner);
            refusal = check();
            if (refusal) throw refused(refusal);
          }
          // Checked and applied in one turn of the event loop: no other update comes in between.
          try {
            Y.applyUpdate(document.doc, bytes);
          } catch {
            // The copy took it: the document itself is off. Read anew at the next use; nothing stored.
            documents.forget(textId);
            throw new AppError('badRequest', 400, { reason: 'bad-update' });
          }
          try {
            await recordDraftUpdate(context, { textId, userId: caller.id, data: bytes });
          } catch (error) {
            documents.forget(textId); // ahead of the rows now: read them again at the next use
            throw error;
          }
          documents.share(textId, update);
          // Not through the room's batches (room-delivery.ts): a keystroke goes at once, to every pod.
          io.to(draftRooms.text(textId)).except(socket.id).emit('draft:update', { textId, update });
          timers.typed(textId);
          return { textId };
        }),

      'draft:save': (socket, { textId }) =>
        this.inTurn(socket, async () => {
          const { caller } = await permittedText(socket, textId);
          const outcome = await settleDraft(context, textId, { saver: caller.id });
          if (outcome.kind === 'written') return this.settled(outcome.saved);
          if (outcome.kind === 'blank') throw new AppError('badRequest', 400, { reason: 'blank' });
          if (outcome.kind !== 'unchanged') throw new AppError('notFound', 404, { reason: 'unknown-text' });
          // Nothing new to write: the text as it was last written.
          return { textId, body: outcome.body, savedBy: caller.id, coEditors: [], at: context.clock().toISOString() };
        }),

      'draft:leave': (socket, { textId }) =>
        this.inTurn(socket, async () => {
          await permittedText(socket, textId);
          await socket.leave(draftRooms.text(textId));
          documents.releaseIfUnused(textId);
          return { textId };
        }),

      'draft:here': (socket, { lawId, editing }) =>
        this.inTurn(socket, async () => {
          await permitted(socket, lawId);
          const before = socket.data.drafting;
          if (before && before.lawId !== lawId) await this.away(socket, before.lawId);
          await socket.join(draftRooms.law(lawId));
          socket.data.drafting = { lawId, editing: editing && { kind: editing.kind as DraftTextKind, textId: editing.textId.toLowerCase() }, at: Date.now() };
          return announcePresence(io, context.members, lawId);
        }),

      'draft:away': (socket, { lawId }) =>
        this.inTurn(socket, async () => {
          await permitted(socket, lawId);
          if (socket.data.drafting?.lawId === lawId) await this.away(socket, lawId);
          return { lawId };
        }),
    };
  }

  /** socket.io's `connection`: a socket that goes away leaves presence and the documents it edited. */
  onConnection(socket: ChatSocket): void {
    let texts: string[] = [];
    socket.on('disconnecting', () => {
      texts = textsOf(socket);
    });
    socket.on('disconnect', () => {
      for (const textId of texts) this.documents.releaseIfUnused(textId);
      const lawId = socket.data.drafting?.lawId;
      if (lawId && !this.deps.closing()) this.announce(lawId);
    });
    // Back within the recovery window, with its rooms and data: on the page again.
    if (socket.recovered && socket.data.drafting) this.announce(socket.data.drafting.lawId);
  }

  /** decisions.draft.conflicted committed: the text's pages show both texts to merge. */
  conflicted(conflict: { textId: string; current: string }): void {
    this.deps.io.to(draftRooms.text(conflict.textId)).emit('draft:conflict', { textId: conflict.textId, current: conflict.current });
  }

  close(): void {
    this.timers.stop();
    this.documents.close();
  }

  /** A settle wrote: the event goes out now, and every pod's sockets of the text hear of it once. */
  private settled(saved: DraftSaved): DraftSaved {
    this.deps.context.relay.wake();
    this.deps.io.to(draftRooms.text(saved.textId)).emit('draft:saved', saved);
    return saved;
  }

  private async settleAfterPause(textId: string): Promise<{ waitMs: number } | null> {
    const outcome = await settleDraft(this.deps.context, textId, { pauseMs: this.deps.pauseMs });
    if (outcome.kind === 'wait') return { waitMs: outcome.ms };
    if (outcome.kind === 'written') this.settled(outcome.saved);
    return null;
  }

  private async away(socket: ChatSocket, lawId: string): Promise<void> {
    await socket.leave(draftRooms.law(lawId));
    socket.data.drafting = null;
    this.announce(lawId);
  }

  private announce(lawId: string): void {
    announcePresence(this.deps.io, this.deps.context.members, lawId).catch((error: unknown) => this.deps.log.warn({ err: error, lawId }, 'drafting presence could not be sent'));
  }

  private inTurn<T>(socket: ChatSocket, work: () => Promise<T>): Promise<T> {
    const turn = (this.turns.get(socket) ?? Promise.resolve()).then(work);
    this.turns.set(
      socket,
      turn.catch(() => undefined),
    );
    return turn;
  }
}
