/** The state of one chat room on screen, as a reducer: pure, so it is tested without a socket. */
import type { ChatAckData, ChatMessage, ChatRoom } from '@civic/contracts';
import type { ApiError } from '@civic/frontend-kit/api-client';

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting';

export interface ChatRoomState {
  room: ChatRoom | null;
  /** Oldest first. */
  messages: ChatMessage[];
  nextBefore: string | null;
  muted: string[];
  moderator: boolean;
  userId: string | null;
  status: ConnectionStatus;
  /** The room could not be joined (unknown room, service unavailable). */
  failure: ApiError | null;
  loadingEarlier: boolean;
  /** The panel is on screen (side panel, open sheet): what arrives is read at once. */
  visible: boolean;
  /** Others' new messages that arrived while the panel was not on screen. */
  unread: number;
}

export type ChatRoomAction =
  | { type: 'joined'; data: ChatAckData['room:join'] }
  | { type: 'history'; messages: ChatMessage[]; nextBefore: string | null; earlier: boolean }
  | { type: 'message'; message: ChatMessage; fresh?: boolean }
  | { type: 'closed'; closedAt: string }
  | { type: 'muted'; muted: string[] }
  | { type: 'status'; status: ConnectionStatus }
  | { type: 'failure'; error: ApiError }
  | { type: 'loadingEarlier'; value: boolean }
  | { type: 'visible'; value: boolean };

export const initialChatRoom: ChatRoomState = { room: null, messages: [], nextBefore: null, muted: [], moderator: false, userId: null, status: 'connecting', failure: null, loadingEarlier: false, visible: true, unread: 0 };

const byTime = (a: ChatMessage, b: ChatMessage) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** A newer view of a message; a hidden message keeps the text its author and the moderators already read. */
function merge(previous: ChatMessage | undefined, next: ChatMessage, state: ChatRoomState): ChatMessage {
  if (!previous || next.text !== null || next.deleted) return next;
  const mayRead = state.moderator || next.userId === state.userId;
  return next.hideInChat && mayRead && previous.text !== null ? { ...next, text: previous.text } : next;
}

function upsert(state: ChatRoomState, incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(state.messages.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, merge(byId.get(message.id), message, state));
  return [...byId.values()].sort(byTime);
}

/** A message counts as unread when it is new, someone else's, from an author not muted, and the panel is out of sight. */
function isUnread(state: ChatRoomState, message: ChatMessage, fresh = false): boolean {
  if (!fresh || state.visible || message.userId === state.userId || state.muted.includes(message.userId)) return false;
  return !state.messages.some((known) => known.id === message.id);
}

export function chatRoomReducer(state: ChatRoomState, action: ChatRoomAction): ChatRoomState {
  switch (action.type) {
    case 'joined':
      return { ...state, room: action.data.room, muted: action.data.muted, moderator: action.data.moderator, userId: action.data.userId, failure: null };
    case 'history':
      return { ...state, messages: upsert(state, action.messages), nextBefore: action.earlier || state.messages.length === 0 ? action.nextBefore : state.nextBefore, loadingEarlier: false };
    case 'message': {
      const messages = upsert(state, [action.message]);
      const unread = state.unread + (isUnread(state, action.message, action.fresh) ? 1 : 0);
      if (!state.room) return { ...state, messages, unread };
      // Pinned messages may be older than the loaded history: only the changed one moves.
      const current = messages.find((message) => message.id === action.message.id) ?? action.message;
      const others = state.room.pinned.filter((message) => message.id !== current.id);
      const pinned = current.pin && !current.deleted ? [...others, current].sort(byTime) : others;
      return { ...state, messages, unread, room: { ...state.room, pinned } };
    }
    case 'closed':
      return state.room ? { ...state, room: { ...state.room, open: false, closedAt: action.closedAt } } : state;
    case 'muted':
      return { ...state, muted: action.muted };
    case 'status':
      return { ...state, status: action.status };
    case 'failure':
      return { ...state, failure: action.error, loadingEarlier: false };
    case 'loadingEarlier':
      return { ...state, loadingEarlier: action.value };
    case 'visible':
      return { ...state, visible: action.value, unread: action.value ? 0 : state.unread };
  }
}
