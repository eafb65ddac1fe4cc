/** What the viewer may do with a chat message (the service's rules, docs/product.md#roles-and-permissions), to show only usable actions. */
import { Limits, type ChatMessage } from '@civic/contracts';

export interface ChatViewer {
  userId: string | null;
  moderator: boolean;
  suspended: boolean;
}

export function messagePermissions(message: ChatMessage, viewer: ChatViewer, roomOpen: boolean) {
  const member = viewer.userId !== null;
  const author = member && viewer.userId === message.userId;
  const alive = !message.deleted;
  const moderatorMay = viewer.moderator && message.moderationStatus === 1 && alive;
  return {
    author,
    reply: member && roomOpen && alive && !viewer.suspended,
    edit: (author && roomOpen && alive && !viewer.suspended) || moderatorMay,
    remove: (author && alive) || moderatorMay,
    signal: member && !author && alive && message.moderationStatus === 0,
    pin: viewer.moderator && roomOpen && alive,
    hide: viewer.moderator && alive,
    mute: member && !author,
    /** Suspending or lifting a suspension: moderators, for another member (identity refuses other moderators). */
    suspend: viewer.moderator && member && !author,
  };
}

/** Characters as people count them (code points), as the service does. */
export const chatLength = (text: string) => [...text].length;

export const chatMax = Limits.chatMessage.max;

/** Whether a draft can be sent: 1-250 characters, not only spaces. */
export const sendable = (text: string) => text.trim() !== '' && chatLength(text) <= chatMax;
