import type { ChatRoom } from '@civic/contracts';
import type { Caller } from './domain/permissions.js';
import { messageViews, mutedAuthors } from './message-views.js';
import type { MessageRepository } from './store/message.repository.js';
import type { RoomRow } from './store/room.repository.js';

/** A room as the reader sees it, over HTTP and in a join's answer: open or closed, with its pinned messages. */
export async function roomView(room: RoomRow, viewer: Caller | null, messages: MessageRepository): Promise<ChatRoom> {
  return {
    id: room.id,
    kind: room.kind,
    cycleId: room.cycleId,
    lawId: room.lawId,
    title: room.title,
    open: room.closedAt === null,
    openedAt: room.openedAt.toISOString(),
    closedAt: room.closedAt?.toISOString() ?? null,
    pinned: await messageViews(messages, await messages.pinned(room.id, await mutedAuthors(messages, viewer)), viewer, () => room.closedAt === null),
  };
}
