/** The state of one chat room on screen, as a reducer: pure, so it is tested without a socket. */
import type { ChatAckData, ChatMayCase, ChatMessageMay, ChatRoom, PublicChatMessage } from '@civic/contracts';
import type { ApiError } from '@civic/frontend-kit/api-client';

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting';

/**
 * A message on screen: read or answered with the viewer's `may`, or pushed to the room without it
 * (message-may.ts then takes the row of its case in the viewer's table).
 */
export type ShownMessage = PublicChatMessage & { may?: ChatMessageMay };

/** The room as shown: its pinned messages change with the pushes too. */
export type ShownRoom = Omit<ChatRoom, 'pinned'> & { pinned: ShownMessage[] };

export interface ChatRoomState {
  room: ShownRoom | null;
  /** Oldest first. */
  messages: ShownMessage[];
  nextBefore: string | null;
  muted: string[];
  moderator: boolean;
  userId: string | null;
  /** What the viewer may do with a message of each case (packages/contracts/src/chat.ts), empty before the join. */
  mayByCase: ChatMayCase[];
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
  | { type: 'history'; messages: ShownMessage[]; nextBefore: string | null; earlier: boolean }
  | { type: 'message'; message: ShownMessage; fresh?: boolean }
  | { type: 'may'; mayByCase: ChatMayCase[] }
  | { type: 'closed'; closedAt: string }
  | { type: 'muted'; muted: string[] }
  | { type: 'status'; status: ConnectionStatus }
  | { type: 'failure'; error: ApiError }
  | { type: 'loadingEarlier'; value: boolean }
  | { type: 'visible'; value: boolean };

export const initialChatRoom: ChatRoomState = {
  room: null,
  messages: [],
  nextBefore: null,
  muted: [],
  moderator: false,
  userId: null,
  mayByCase: [],
  status: 'connecting',
  failure: null,
  loadingEarlier: false,
  visible: true,
  unread: 0,
};

const byTime = (a: ShownMessage, b: ShownMessage) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/**
 * The messages without the `may` they were read with: what decided it changed (the viewer's table,
 * the room's open state), so each takes its case's row of the table until it is read again.
 */
const withoutMay = (messages: ShownMessage[]): ShownMessage[] => messages.map(({ may: _may, ...message }) => message);

/** A newer view of a message; a hidden message keeps the text its author and the moderators already read. */
function merge(previous: ShownMessage | undefined, next: ShownMessage, state: ChatRoomState): ShownMessage {
  if (!previous || next.text !== null || next.deleted) return next;
  const mayRead = state.moderator || next.userId === state.userId;
  return next.hideInChat && mayRead && previous.text !== null ? { ...next, text: previous.text } : next;
}

function upsert(state: ChatRoomState, incoming: ShownMessage[]): ShownMessage[] {
  const byId = new Map(state.messages.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, merge(byId.get(message.id), message, state));
  return [...byId.values()].sort(byTime);
}

/** A message counts as unread when it is new, someone else's, from an author not muted, and the panel is out of sight. */
function isUnread(state: ChatRoomState, message: ShownMessage, fresh = false): boolean {
  if (!fresh || state.visible || message.userId === state.userId || state.muted.includes(message.userId)) return false;
  return !state.messages.some((known) => known.id === message.id);
}

export function chatRoomReducer(state: ChatRoomState, action: ChatRoomAction): ChatRoomState {
  switch (action.type) {
    case 'joined': {
      const { room, muted, moderator, userId, mayByCase } = action.data;
      return { ...state, room, muted, moderator, userId, mayByCase, messages: withoutMay(state.messages), failure: null };
    }
    case 'may':
      return { ...state, mayByCase: action.mayByCase, messages: withoutMay(state.messages), room: state.room ? { ...state.room, pinned: withoutMay(state.room.pinned) } : null };
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
      return state.room ? { ...state, messages: withoutMay(state.messages), room: { ...state.room, open: false, closedAt: action.closedAt, pinned: withoutMay(state.room.pinned) } } : state;
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
