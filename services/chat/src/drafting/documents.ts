/**
 * The Yjs documents of the texts this pod's sockets edit (docs/co-drafting.md#pods). PostgreSQL holds
 * each text's updates; a pod loads a document when one of its sockets needs it, keeps it current with
 * the updates other pods accept (told through the Redis adapter's server-side events, and read back
 * from the rows when a check finds a gap), and drops it when none of its sockets edits the text.
 */
import { DRAFT_YTEXT, draftRooms, type DraftTextKind } from '@civic/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import * as Y from 'yjs';
import { DraftRepository } from '../store/draft.repository.js';
import type { ChatPrisma } from '../store/prisma.js';

/** The server-side event by which a pod tells the others of an update it stored. */
const APPLIED = 'draft:applied';

export interface OpenDocument {
  doc: Y.Doc;
  lawId: string;
  kind: DraftTextKind;
  /**
   * The member who writes under each Yjs client id, as far as this pod knows (domain/draft-update.ts
   * `WriterIds`); the rows of draft_writer hold them all.
   */
  owners: Map<number, string>;
}

interface Entry extends OpenDocument {
  /** The first read of the stored updates; the document takes other pods' updates meanwhile. */
  loaded: Promise<void>;
}

export class DraftDocuments {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly io: Server,
    private readonly db: ChatPrisma,
    /** Whether other pods share the rooms (the Redis adapter): they are told of each update. */
    private readonly shared: boolean,
    private readonly log: FastifyBaseLogger,
    /** Told of each update another pod stored in a text this pod holds (its pause starts again here too). */
    private readonly onRemote: (textId: string) => void = () => undefined,
  ) {
    if (shared) io.on(APPLIED, (textId: unknown, update: unknown) => typeof textId === 'string' && typeof update === 'string' && this.applyRemote(textId, update));
  }

  /** The texts whose documents this pod holds (tests, metrics). */
  get open(): number {
    return this.entries.size;
  }

  /** The text's law and kind when this pod holds its document (they never change). */
  known(textId: string): { lawId: string; kind: DraftTextKind } | null {
    const entry = this.entries.get(textId);
    return entry ? { lawId: entry.lawId, kind: entry.kind } : null;
  }

  /**
   * The text's document, loaded from its stored updates when this pod does not hold it; `loadedNow`
   * says it was just read (a document left unsettled by a crash is then settled).
   */
  async acquire(textId: string, text: { lawId: string; kind: DraftTextKind }): Promise<{ document: OpenDocument; loadedNow: boolean }> {
    const held = this.entries.get(textId);
    if (held) {
      await held.loaded;
      return { document: held, loadedNow: false };
    }
    const doc = new Y.Doc();
    doc.getText(DRAFT_YTEXT);
    const entry: Entry = { doc, ...text, owners: new Map(), loaded: Promise.resolve() };
    entry.loaded = this.readStored(textId, entry).catch((error: unknown) => {
      if (this.entries.get(textId) === entry) this.entries.delete(textId);
      throw error;
    });
    this.entries.set(textId, entry);
    await entry.loaded;
    return { document: entry, loadedNow: true };
  }

  /**
   * Applies every stored update of the text again (Yjs ignores what the document already holds); a
   * document still waiting for changes after that holds something the rows do not, and is read anew.
   * Answers the document now held.
   */
  async catchUp(textId: string, text: { lawId: string; kind: DraftTextKind }): Promise<OpenDocument> {
    const entry = this.entries.get(textId);
    if (entry) {
      await this.readStored(textId, entry);
      if (entry.doc.store.pendingStructs === null && entry.doc.store.pendingDs === null) return entry;
      this.forget(textId);
    }
    return (await this.acquire(textId, text)).document;
  }

  /** Tells the other pods of an update this pod stored, so that their documents hold it too. */
  share(textId: string, update: string): void {
    if (this.shared) this.io.serverSideEmit(APPLIED, textId, update);
  }

  /** Drops the document when no socket of this pod is in the text's room any more. */
  releaseIfUnused(textId: string): void {
    const local = this.io.of('/').adapter.rooms.get(draftRooms.text(textId));
    if (!local || local.size === 0) this.forget(textId);
  }

  /** Drops the document (a failed write leaves it ahead of the rows: the next use reads them again). */
  forget(textId: string): void {
    this.entries.get(textId)?.doc.destroy();
    this.entries.delete(textId);
  }

  close(): void {
    for (const textId of [...this.entries.keys()]) this.forget(textId);
  }

  private async readStored(textId: string, { doc, owners }: OpenDocument): Promise<void> {
    const drafts = new DraftRepository(this.db);
    const [rows, writers] = await Promise.all([drafts.updates(textId), drafts.writers(textId)]);
    for (const [clientId, userId] of writers) owners.set(clientId, userId);
    Y.transact(doc, () => {
      for (const row of rows) Y.applyUpdate(doc, row.data);
    });
  }

  private applyRemote(textId: string, update: string): void {
    const entry = this.entries.get(textId);
    if (!entry) return;
    try {
      Y.applyUpdate(entry.doc, Buffer.from(update, 'base64'));
      this.onRemote(textId);
    } catch (error) {
      // The pod that stored it checked it: reading the rows again repairs whatever went wrong here.
      this.log.warn({ err: error, textId }, 'another pod’s draft update could not be applied; reading the stored updates again');
      this.forget(textId);
    }
  }
}
