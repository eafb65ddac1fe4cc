/** Events published by the chat service (stream `chat`). */
import Type from 'typebox';
import { defineEvent, Uuid } from './event-definitions.js';

/** A user posted a chat message (a reply too). */
export const ChatMessagePosted = defineEvent('chat.message.posted', 1, Type.Object({ messageId: Uuid, userId: Uuid }));

/** A user replied to someone else's message: the replied author gets an alert. */
export const ChatMessageReplied = defineEvent(
  'chat.message.replied',
  1,
  Type.Object({ messageId: Uuid, userId: Uuid, repliedToMessageId: Uuid, repliedToUserId: Uuid, room: Type.String({ minLength: 1 }) }),
);

/** A message was signalled to the moderators; `userId` is its author. */
export const ChatMessageSignalled = defineEvent(
  'chat.message.signalled',
  1,
  Type.Object({ messageId: Uuid, userId: Uuid, signalledBy: Uuid, room: Type.String({ minLength: 1 }) }),
);

/** A moderator edited or deleted someone else's message; `userId` is its author. */
export const ChatMessageModerated = defineEvent(
  'chat.message.moderated',
  1,
  Type.Object({
    messageId: Uuid,
    userId: Uuid,
    moderatorId: Uuid,
    action: Type.Union([Type.Literal('edited'), Type.Literal('deleted')]),
    room: Type.String({ minLength: 1 }),
  }),
);

/** A user muted an author (troll hunt counts these). */
export const ChatUserMuted = defineEvent('chat.user.muted', 1, Type.Object({ userId: Uuid, mutedBy: Uuid }));
