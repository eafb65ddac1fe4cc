import type { PublicChatMessage } from '@civic/contracts';

/** Who wrote what, where and when: the fields in which the tests' messages differ. */
export type MessageFields = Pick<PublicChatMessage, 'id' | 'room' | 'userId' | 'userName' | 'text' | 'createdAt'>;

/** A chat message as a room pushes it, plain: never edited, answering none, not pinned, hidden, moderated nor deleted. */
export function plainMessage(fields: MessageFields): PublicChatMessage {
  return { ...fields, editedAt: null, editedByModerator: false, replyTo: null, pin: false, hideInChat: false, moderationStatus: 0, deleted: false, deletedByModerator: false };
}
