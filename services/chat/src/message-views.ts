import type { ChatMessage } from '@civic/contracts';
import { messageView } from './domain/message-view.js';
import type { Caller } from './domain/permissions.js';
import { withMessageMay } from './domain/permitted-actions.js';
import type { MessageRepository, MessageRow } from './store/message.repository.js';

/**
 * The messages as the viewer reads them (domain/message-view.ts), with the messages they reply to,
 * read in one query, and what the viewer may do with each (`open`: whether a message's room is open).
 */
export async function messageViews(messages: MessageRepository, rows: MessageRow[], viewer: Caller | null, open: (roomId: string) => boolean): Promise<ChatMessage[]> {
  const replyIds = [...new Set(rows.map((row) => row.replyToId).filter((id): id is string => id !== null))];
  const replies = new Map((await messages.byIds(replyIds)).map((reply) => [reply.id, reply]));
  return rows.map((row) => withMessageMay(messageView(row, row.replyToId ? (replies.get(row.replyToId) ?? null) : null, viewer), viewer, { open: open(row.roomId) }));
}

/** The authors the viewer muted, whose messages the history and the pinned ones leave out (none for a visitor). */
export async function mutedAuthors(messages: MessageRepository, viewer: Caller | null): Promise<string[]> {
  return viewer ? messages.mutedBy(viewer.id) : [];
}
