/**
 * A message as one viewer reads it (docs/product.md#chat). Pure: the message as stored, the one it
 * replies to, and the viewer (null: a visitor, or the public view that rooms receive live). What the
 * viewer may do with it is added by permitted-actions.ts.
 */
import type { PublicChatMessage } from '@civic/contracts';
import type { Caller } from './permissions.js';

/** How many characters of the message replied to a reply shows. */
export const REPLY_EXCERPT = 80;

/** A message as stored, the fields its view reads. */
export interface StoredMessage {
  id: string;
  roomId: string;
  userId: string;
  userName: string;
  text: string;
  pin: boolean;
  hideInChat: boolean;
  moderationStatus: number;
  editedAt: Date | null;
  editedByModerator: boolean;
  deletedAt: Date | null;
  deletedByModerator: boolean;
  createdAt: Date;
}

/** Whether a viewer reads a message's text: never once deleted; hidden ones only its author and moderators. */
export function showsText(viewer: Caller | null, message: Pick<StoredMessage, 'userId' | 'deletedAt' | 'hideInChat'>): boolean {
  if (message.deletedAt !== null) return false;
  if (!message.hideInChat) return true;
  return viewer !== null && (viewer.moderator || viewer.id === message.userId);
}

/** The first characters of a message (code points, never half of one), as a reply quotes it. */
export const excerpt = (text: string): string => [...text].slice(0, REPLY_EXCERPT).join('');

/** The message as the viewer reads it, with the excerpt of the message it replies to. */
export function messageView(message: StoredMessage, reply: StoredMessage | null, viewer: Caller | null): PublicChatMessage {
  return {
    id: message.id,
    room: message.roomId,
    userId: message.userId,
    userName: message.userName,
    text: showsText(viewer, message) ? message.text : null,
    createdAt: message.createdAt.toISOString(),
    editedAt: message.editedAt?.toISOString() ?? null,
    editedByModerator: message.editedByModerator,
    replyTo: reply ? { id: reply.id, userId: reply.userId, userName: reply.userName, excerpt: showsText(viewer, reply) ? excerpt(reply.text) : null } : null,
    pin: message.pin,
    hideInChat: message.hideInChat,
    moderationStatus: message.moderationStatus === 1 ? 1 : 0,
    deleted: message.deletedAt !== null,
    deletedByModerator: message.deletedByModerator,
  };
}
