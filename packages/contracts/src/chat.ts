/**
 * Contract of the chat service, shared by the service and the chat panel: the room names, the
 * message as both HTTP and socket.io carry it, the socket events with their payloads and
 * acknowledgements, and the HTTP reads. Paths are those the browser calls through the gateway.
 */
import type { ErrorBody } from './errors.js';

/** The phases that have a chat room (creation has one per law). */
export type ChatRoomKind = 'proposals' | 'voting' | 'creation' | 'final-vote';

/** Room names: `cycle:<cycleId>:proposals|voting|final-vote` and `law:<lawId>:creation`. */
export const chatRooms = {
  proposals: (cycleId: string) => `cycle:${cycleId}:proposals`,
  voting: (cycleId: string) => `cycle:${cycleId}:voting`,
  finalVote: (cycleId: string) => `cycle:${cycleId}:final-vote`,
  creation: (lawId: string) => `law:${lawId}:creation`,
} as const;

const uuid = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** Pattern of a valid room name. */
export const chatRoomPattern = `^(cycle:${uuid}:(proposals|voting|final-vote)|law:${uuid}:creation)$`;

/** A short look at the message replied to (null excerpt when it was deleted or hidden). */
export interface ChatReplyRef {
  id: string;
  userId: string;
  userName: string;
  excerpt: string | null;
}

export interface ChatMessage {
  id: string;
  room: string;
  userId: string;
  userName: string;
  /** null when deleted, or hidden from the chat for a viewer who is neither its author nor a moderator. */
  text: string | null;
  createdAt: string;
  editedAt: string | null;
  editedByModerator: boolean;
  replyTo: ChatReplyRef | null;
  pin: boolean;
  /** Hidden from the chat by a moderator (its author and the moderators still read it). */
  hideInChat: boolean;
  /** docs/product.md#signals: 0 not signalled, 1 signalled to the moderators. */
  moderationStatus: 0 | 1;
  deleted: boolean;
  deletedByModerator: boolean;
}

export interface ChatRoom {
  id: string;
  kind: ChatRoomKind;
  cycleId: string;
  lawId: string | null;
  title: string | null;
  /** false once its phase ended: read-only forever. */
  open: boolean;
  openedAt: string;
  closedAt: string | null;
  pinned: ChatMessage[];
}

/** GET /api/chat/rooms/{room}/messages?before={messageId}&limit= : oldest first. */
export interface ChatHistory {
  messages: ChatMessage[];
  /** Pass as `before` to read the previous page; null at the start of the room. */
  nextBefore: string | null;
}

export interface MutedUser {
  userId: string;
  userName: string;
}

/** GET /api/chat/troll-hunt (moderators). */
export interface TrollHunt {
  /** Yesterday 00:00 in the service's time zone (ISO). */
  since: string;
  users: { userId: string; userName: string; mutes: number }[];
}

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
}

/** What each acknowledgement carries on success. */
export interface ChatAckData {
  'room:join': { room: ChatRoom; muted: string[]; moderator: boolean; userId: string | null };
  'room:leave': { room: string };
  'message:post': ChatMessage;
  'message:edit': ChatMessage;
  'message:delete': ChatMessage;
  'message:signal': ChatMessage;
  'message:pin': ChatMessage;
  'message:hide': ChatMessage;
  'user:mute': { muted: string[] };
  'user:unmute': { muted: string[] };
}

/** An acknowledgement: `{ ok: true, data }`, or the error shape of docs/product.md#errors. */
export type ChatAck<T> = { ok: true; data: T } | ErrorBody;

export const isChatError = <T>(ack: ChatAck<T>): ack is ErrorBody => !('ok' in ack);

/** Events the server emits to a room. */
export interface ChatServerEvents {
  /** A new message (a reply too). */
  'message:new': ChatMessage;
  /** A message changed: edited, deleted, signalled, pinned, hidden (the public view). */
  'message:updated': ChatMessage;
  /** The room's phase ended: it is read-only from now on. */
  'room:closed': { room: string; closedAt: string };
  /** The caller's own mutes changed (on another tab or device). */
  'mutes:changed': { muted: string[] };
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
