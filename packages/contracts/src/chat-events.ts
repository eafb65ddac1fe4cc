/** Events published by the chat service (stream `chat`). */
import Type from 'typebox';
import { DateTime, defineEvent, Uuid } from './event-definitions.js';

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

/**
 * The words typed live in an article's or amendment's text (docs/co-drafting.md) are to be written as
 * one version: after a pause of DRAFT_SETTLE_PAUSE_MS, or a creator's explicit save. `savedBy` is the
 * creator who saved (after a pause, the last one who typed); `coEditors` the other creators who typed
 * since the text's last version. `baseBody` is the text those words were typed on: the decisions
 * service writes the version only while the text still reads `baseBody`, else it answers with
 * `decisions.draft.conflicted`.
 */
export const ChatDraftSettled = defineEvent(
  'chat.draft.settled',
  1,
  Type.Object({
    lawId: Uuid,
    textKind: Type.Union([Type.Literal('article'), Type.Literal('amendment')]),
    textId: Uuid,
    body: Type.String(),
    baseBody: Type.String(),
    savedBy: Uuid,
    coEditors: Type.Array(Uuid),
    at: DateTime,
  }),
);
