/**
 * Contract of the chat service, shared by the service and the chat panel: the room names, the
 * message as both HTTP and socket.io carry it, the socket events with their payloads and
 * acknowledgements, and the HTTP reads. Paths are those the browser calls through the gateway. Each
 * HTTP shape is the TypeBox schema the service's routes validate and serialise with; its type is
 * derived from it (docs/architecture.md#inside-a-service).
 */
import Type, { type Static } from 'typebox';
import type { ErrorBody } from './errors.js';
import { chatRoomPattern } from './chat-rooms.js';
import { DateTime, Id, nullable } from './http-schemas.js';

/** The phases that have a chat room (creation has one per law). */
const ChatRoomKindSchema = Type.Union([Type.Literal('proposals'), Type.Literal('voting'), Type.Literal('creation'), Type.Literal('final-vote')]);
export type ChatRoomKind = Static<typeof ChatRoomKindSchema>;



/** The path of the room calls: a valid room name. */
export const ChatRoomParamsSchema = Type.Object({ room: Type.String({ pattern: chatRoomPattern }) });
export type ChatRoomParams = Static<typeof ChatRoomParamsSchema>;

/** A short look at the message replied to (null excerpt when it was deleted or hidden). */
export const ChatReplyRefSchema = Type.Object({ id: Id, userId: Id, userName: Type.String(), excerpt: nullable(Type.String()) });
export type ChatReplyRef = Static<typeof ChatReplyRefSchema>;

/** A message's fields as anyone reads them. */
const messageFields = {
  id: Id,
  room: Type.String(),
  userId: Id,
  userName: Type.String(),
  /** null when deleted, or hidden from the chat for a viewer who is neither its author nor a moderator. */
  text: nullable(Type.String()),
  createdAt: DateTime,
  editedAt: nullable(DateTime),
  editedByModerator: Type.Boolean(),
  replyTo: nullable(ChatReplyRefSchema),
  pin: Type.Boolean(),
  /** Hidden from the chat by a moderator (its author and the moderators still read it). */
  hideInChat: Type.Boolean(),
  /** docs/product.md#signals: 0 not signalled, 1 signalled to the moderators. */
  moderationStatus: Type.Union([Type.Literal(0), Type.Literal(1)]),
  deleted: Type.Boolean(),
  deletedByModerator: Type.Boolean(),
};

/**
 * What the viewer may do with a message now, each flag decided by the rule its action applies
 * (services/chat/src/domain/permissions.ts, docs/product.md#roles-and-permissions): the panel shows
 * an action only when its flag is true, and never decides it itself. True means the action passes
 * authorization now; its input, the rate and slow mode are still checked when it happens. A visitor
 * gets every flag false.
 */
export const ChatMessageMaySchema = Type.Object({
  /** `message:post` with `replyTo`: a member, not suspended, in an open room, to a message not deleted. */
  reply: Type.Boolean(),
  /** `message:edit`: its author (not suspended, open room), or a moderator once it is signalled; never once deleted. */
  edit: Type.Boolean(),
  /** `message:delete`: its author, or a moderator once it is signalled (closed rooms too); never twice. */
  remove: Type.Boolean(),
  /** `message:signal`: any member but its author, while it is neither signalled nor deleted. */
  signal: Type.Boolean(),
  /** `message:pin` (pin and unpin): moderators, in an open room, a message not deleted. */
  pin: Type.Boolean(),
  /** `message:hide` (hide and show again): moderators, a message not deleted. */
  hide: Type.Boolean(),
  /** `user:mute` of its author: any member but the author. */
  mute: Type.Boolean(),
  /**
   * Suspending its author or lifting their suspension (identity's POST and DELETE
   * /api/users/{id}/suspension): a moderator, not suspended, on another member's message. Identity
   * judges the author too, and refuses another moderator.
   */
  suspend: Type.Boolean(),
});
export type ChatMessageMay = Static<typeof ChatMessageMaySchema>;

/** A message as one viewer reads it (HTTP reads, acknowledgements): with what they may do with it. */
export const ChatMessageSchema = Type.Object({ ...messageFields, may: ChatMessageMaySchema });
export type ChatMessage = Static<typeof ChatMessageSchema>;

/**
 * A message as anyone reads it, as rooms receive it live (`message:new`, `message:updated`): one
 * frame for every socket of the room, so without a viewer's `may`; the panel takes it from its
 * viewer's `mayByCase` (`mayOfCase`, chat-may.ts).
 */
export const PublicChatMessageSchema = Type.Object(messageFields);
export type PublicChatMessage = Static<typeof PublicChatMessageSchema>;

/**
 * One case of a viewer's table: the facts of a message that decide what they may do with it, and
 * the flags. `author`: the viewer wrote it; `open`: its room is open.
 */
export const ChatMayCaseSchema = Type.Object({
  author: Type.Boolean(),
  moderationStatus: Type.Union([Type.Literal(0), Type.Literal(1)]),
  deleted: Type.Boolean(),
  /** Hidden from the chat by a moderator (the message's `hideInChat`). */
  hidden: Type.Boolean(),
  open: Type.Boolean(),
  may: ChatMessageMaySchema,
});
export type ChatMayCase = Static<typeof ChatMayCaseSchema>;

/**
 * `mayByCase`: what the viewer may do with any message, one row per case (2 authors x 2 statuses x
 * deleted or not x hidden or not x room open or closed: 32 rows), computed by the same rules as each message's
 * `may`. Sent to each socket when it joins a room and with `may:changed` when the viewer's standing
 * changes; the room's open state is a column, so a room closing needs no new table.
 */
export const ChatMayByCaseSchema = Type.Array(ChatMayCaseSchema, { minItems: 32, maxItems: 32 });
export type ChatMayByCase = Static<typeof ChatMayByCaseSchema>;


/** How a moderator sets a room's slow mode: automatic (past a number of members online), on or off. */
export const SlowModeSettingSchema = Type.Union([Type.Literal('auto'), Type.Literal('on'), Type.Literal('off')]);
export type SlowModeSetting = Static<typeof SlowModeSettingSchema>;

/**
 * A room's slow mode (docs/product.md#chat): while `active`, each member may post once per
 * `intervalS` seconds; moderators and scribes are exempt.
 */
export const ChatSlowModeSchema = Type.Object({
  mode: SlowModeSettingSchema,
  intervalS: Type.Integer(),
  /** In force now: mode 'on', or 'auto' with more members online than the service's threshold. */
  active: Type.Boolean(),
});
export type ChatSlowMode = Static<typeof ChatSlowModeSchema>;

/** The slow mode as one viewer sees it (the join's answer): whether they are exempt, and when they may post next. */
export const ChatViewerSlowModeSchema = Type.Object({
  ...ChatSlowModeSchema.properties,
  exempt: Type.Boolean(),
  /** The viewer's next allowed post, null when they may post now. */
  retryAt: nullable(DateTime),
});
export type ChatViewerSlowMode = Static<typeof ChatViewerSlowModeSchema>;

/** GET /api/chat/rooms/{room} */
export const ChatRoomSchema = Type.Object({
  id: Type.String(),
  kind: ChatRoomKindSchema,
  cycleId: Id,
  lawId: nullable(Id),
  title: nullable(Type.String()),
  /** false once its phase ended: read-only forever. */
  open: Type.Boolean(),
  openedAt: DateTime,
  closedAt: nullable(DateTime),
  pinned: Type.Array(ChatMessageSchema),
  /** In the join's answer only (it depends on the viewer and the members online). */
  slowMode: Type.Optional(ChatViewerSlowModeSchema),
});
export type ChatRoom = Static<typeof ChatRoomSchema>;

/** GET /api/chat/rooms/{room}/messages query: the page before the message `before` (else the last), of `limit` messages. */
export const ChatHistoryQuerySchema = Type.Object(
  { before: Type.Optional(Id), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) },
  { additionalProperties: false },
);
export type ChatHistoryQuery = Static<typeof ChatHistoryQuerySchema>;

/** GET /api/chat/rooms/{room}/messages?before={messageId}&limit= : oldest first. */
export const ChatHistorySchema = Type.Object({
  messages: Type.Array(ChatMessageSchema),
  /** Pass as `before` to read the previous page; null at the start of the room. */
  nextBefore: nullable(Id),
});
export type ChatHistory = Static<typeof ChatHistorySchema>;

export const MutedUserSchema = Type.Object({ userId: Id, userName: Type.String() });
export type MutedUser = Static<typeof MutedUserSchema>;

/** GET /api/chat/mutes: the authors the caller muted. */
export const ChatMutesSchema = Type.Object({ muted: Type.Array(MutedUserSchema) });
export type ChatMutes = Static<typeof ChatMutesSchema>;

/** GET /api/chat/troll-hunt (moderators). */
export const TrollHuntSchema = Type.Object({
  /** Yesterday 00:00 in the service's time zone (ISO). */
  since: DateTime,
  users: Type.Array(Type.Object({ userId: Id, userName: Type.String(), mutes: Type.Integer() })),
});
export type TrollHunt = Static<typeof TrollHuntSchema>;

/** GET /api/chat/signalled (moderators): messages signalled and not deleted, newest first. */
export const ChatSignalledSchema = Type.Object({ messages: Type.Array(ChatMessageSchema) });
export type ChatSignalled = Static<typeof ChatSignalledSchema>;

/** Payloads the client emits, each with an acknowledgement callback. */
export interface ChatClientEvents {
  'room:join': { room: string };
  'room:leave': { room: string };
  'message:post': { room: string; text: string; replyTo?: string; /** Makes a re-sent post (its answer lost) stored once. */ clientMessageId?: string };
  'message:edit': { id: string; text: string };
  'message:delete': { id: string };
  'message:signal': { id: string };
  'message:pin': { id: string; pin: boolean };
  'message:hide': { id: string; hidden: boolean };
  'user:mute': { userId: string };
  'user:unmute': { userId: string };
  /** Moderators: a room's slow mode and its interval in seconds (slowModeIntervalLimits). */
  'room:slow-mode': { room: string; mode: SlowModeSetting; intervalS: number };
}

/** What each acknowledgement carries on success. */
export interface ChatAckData {
  /** `mayByCase`: the viewer's table, whose row a pushed message takes its flags from. */
  'room:join': { room: ChatRoom; muted: string[]; moderator: boolean; userId: string | null; mayByCase: ChatMayByCase };
  'room:leave': { room: string };
  'message:post': ChatMessage;
  'message:edit': ChatMessage;
  'message:delete': ChatMessage;
  'message:signal': ChatMessage;
  'message:pin': ChatMessage;
  'message:hide': ChatMessage;
  'user:mute': { muted: string[] };
  'user:unmute': { muted: string[] };
  'room:slow-mode': ChatRoomSettings;
}

/** A room's settings, as `room:settings` tells its sockets and `room:slow-mode` answers. */
export interface ChatRoomSettings {
  room: string;
  slowMode: ChatSlowMode;
}

/** An acknowledgement: `{ ok: true, data }`, or the error shape of docs/product.md#errors. */
export type ChatAck<T> = { ok: true; data: T } | ErrorBody;


/** Events the server emits to a room. */
export interface ChatServerEvents {
  /** A new message (a reply too), the public view. */
  'message:new': PublicChatMessage;
  /** A message changed: edited, deleted, signalled, pinned, hidden (the public view). */
  'message:updated': PublicChatMessage;
  /** The room's phase ended: it is read-only from now on. */
  'room:closed': { room: string; closedAt: string };
  /** A moderator changed the room's slow mode (every pod's sockets of the room are told). */
  'room:settings': ChatRoomSettings;
  /** The caller's own mutes changed (on another tab or device). */
  'mutes:changed': { muted: string[] };
  /**
   * What the viewer may do changed (a suspension, its lift or its end, a moderator role given or
   * taken): their new table, to this socket only.
   */
  'may:changed': { mayByCase: ChatMayByCase };
}

export const ChatApi = {
  room: 'GET /api/chat/rooms/{room}', // -> ChatRoom (404 unknown room)
  history: 'GET /api/chat/rooms/{room}/messages?before&limit', // -> ChatHistory (muted authors left out for the caller)
  mutes: 'GET /api/chat/mutes', // logged in -> { muted: MutedUser[] }
  trollHunt: 'GET /api/chat/troll-hunt', // moderators -> TrollHunt
  signalled: 'GET /api/chat/signalled', // moderators -> { messages: ChatMessage[] } (signalled, not deleted)
  openApi: 'GET /api/chat/openapi.json',
  socket: '/socket.io', // events of ChatClientEvents / ChatServerEvents
} as const;
