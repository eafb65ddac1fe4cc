/**
 * A pushed chat message's flags out of the viewer's table (`mayByCase`, chat.ts): the one lookup the
 * chat panel makes, no rule. Plain values only, no TypeBox: the front ends import this module at run
 * time.
 */
import type { ChatMayCase, ChatMessageMay, PublicChatMessage } from './chat.js';

/**
 * The row of the message's case: the viewer wrote it or not, its status, deleted or not, hidden or
 * not, its room open or not (null when the table holds no such row). `viewerId`: null for a visitor.
 */
export function mayOfCase(
  table: readonly ChatMayCase[],
  viewerId: string | null,
  message: Pick<PublicChatMessage, 'userId' | 'moderationStatus' | 'deleted' | 'hideInChat'>,
  open: boolean,
): ChatMessageMay | null {
  const author = viewerId !== null && message.userId === viewerId;
  const row = table.find(
    (item) => item.author === author && item.moderationStatus === message.moderationStatus && item.deleted === message.deleted && item.hidden === message.hideInChat && item.open === open,
  );
  return row?.may ?? null;
}
