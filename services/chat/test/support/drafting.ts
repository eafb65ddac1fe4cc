/** Live co-drafting in tests: a law with its creators drawn, and a page that types in a text as the front end does. */
import { randomUUID } from 'node:crypto';
import { DRAFT_YTEXT, LawCreatorsDrawn, type ChatAck, type DraftJoined, type DraftTextKind } from '@civic/contracts';
import { waitFor } from '@civic/test-kit';
import type { Socket } from 'socket.io-client';
import * as Y from 'yjs';
import type { ChatPrisma } from '../../src/store/prisma.js';
import { emit, type Harness, type Member } from './harness.js';

/** A law in creation whose creators decisions drew (its creation room open); answers its id. */
export async function lawWithCreators(h: Harness, creators: readonly Member[], db: ChatPrisma = h.db): Promise<string> {
  const lawId = randomUUID();
  await h.publish(LawCreatorsDrawn, { lawId, cycleId: randomUUID(), title: 'Free buses', creators: creators.map((creator) => creator.id) });
  await waitFor(async () => (await db.lawCreator.count({ where: { lawId } })) === creators.length && (await db.room.count({ where: { id: `law:${lawId}:creation` } })) === 1);
  return lawId;
}

const REMOTE = 'remote';

/**
 * A page editing one text: its own Yjs document, fed by the join's state and the others' updates,
 * sending each of its own changes as `draft:update` (acknowledgements kept to be awaited).
 */
export class DraftPage {
  readonly doc = new Y.Doc();
  readonly acks: Promise<ChatAck<unknown>>[] = [];
  joined: DraftJoined | null = null;

  constructor(
    readonly socket: Socket,
    readonly textId: string,
  ) {
    socket.on('draft:update', (payload: { textId: string; update: string }) => {
      if (payload.textId === textId) Y.applyUpdate(this.doc, Buffer.from(payload.update, 'base64'), REMOTE);
    });
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== REMOTE) this.acks.push(emit(socket, 'draft:update', { textId, update: Buffer.from(update).toString('base64') }));
    });
  }

  get text(): string {
    return this.doc.getText(DRAFT_YTEXT).toString();
  }

  async join(lawId: string, body: string, kind: DraftTextKind = 'article'): Promise<ChatAck<DraftJoined>> {
    const ack = await emit<DraftJoined>(this.socket, 'draft:join', { lawId, kind, textId: this.textId, body });
    if ('ok' in ack) {
      this.joined = ack.data;
      Y.applyUpdate(this.doc, Buffer.from(ack.data.state, 'base64'), REMOTE);
    }
    return ack;
  }

  /** Types `words` at `index` (the end by default), one keystroke per character. */
  type(words: string, index?: number): void {
    let at = index ?? this.text.length;
    for (const character of words) this.doc.getText(DRAFT_YTEXT).insert(at++, character);
  }

  /** Every update sent so far, acknowledged; answers the acknowledgements that were not ok. */
  async sent(): Promise<ChatAck<unknown>[]> {
    return (await Promise.all(this.acks)).filter((ack) => !('ok' in ack));
  }
}
