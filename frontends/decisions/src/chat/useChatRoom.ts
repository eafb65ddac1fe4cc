import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { ErrorMessages, isChatError, type ChatAck, type ChatAckData, type ChatClientEvents, type ChatMessage, type ChatServerEvents, type PublicChatMessage } from '@civic/contracts';
import { ApiError, restoreSession, toApiError } from '@civic/frontend-kit/api-client';
import { chatApi } from './api.js';
import { emitUntilAnswered, newClientMessageId } from './resend.js';
import { pageSocket } from '@civic/frontend-kit/page-socket';
import { chatRoomReducer, initialChatRoom } from './room-state.js';

export type { ConnectionStatus } from './room-state.js';

const ackTimeoutMs = 10_000;

type Listener = Parameters<Socket['on']>[1];

/** Rooms this page shows, counted: two panels of one room share its membership of the socket. */
const shownRooms = new Map<string, number>();
/** History pages read at most to catch up after a reconnection. */
const maxCatchUpPages = 10;

/**
 * One room of the chat, live: the page's one socket (@civic/frontend-kit/page-socket, through the
 * gateway's /socket.io, the access cookie on its handshake; a room's events may come in `batch`
 * frames, which it unpacks), the history over HTTP with "load earlier", and the actions, each answered by the
 * service's acknowledgement. socket.io reconnects by itself; after a short drop the missed messages
 * arrive (connection-state recovery), after a longer one the room is joined and read again. An
 * expired access token is renewed once and the action retried.
 */
export function useChatRoom(room: string) {
  const [state, dispatch] = useReducer(chatRoomReducer, initialChatRoom);
  const socketRef = useRef<Socket | null>(null);
  const earliest = useRef<string | null>(null);
  /** Ids of the messages shown, for the catch-up after a reconnection. */
  const known = useRef<ReadonlySet<string>>(new Set());

  useEffect(() => {
    earliest.current = state.nextBefore;
  }, [state.nextBefore]);

  useEffect(() => {
    known.current = new Set(state.messages.map((message) => message.id));
  }, [state.messages]);

  useEffect(() => {
    let cancelled = false;
    let detach: (() => void) | null = null;

    const attach = (socket: Socket) => {
      socketRef.current = socket;

      const join = async () => {
        let ack: ChatAck<ChatAckData['room:join']>;
        try {
          ack = (await socket.timeout(ackTimeoutMs).emitWithAck('room:join', { room })) as ChatAck<ChatAckData['room:join']>;
        } catch {
          return; // no answer: the next connection joins again
        }
        if (cancelled) return;
        if (isChatError(ack)) {
          dispatch({ type: 'failure', error: toApiError(ack.statusCode, ack) });
          return;
        }
        dispatch({ type: 'joined', data: ack.data });
        // Joined first, then read: what is posted meanwhile arrives live, and the history holds the rest.
        await catchUp();
      };

      /**
       * Reads the history back to the last message this page already shows, so nothing missed is
       * skipped: after a reconnection without recovery, and after a recovered one too, since a
       * session recovered on another instance can start past a message its old instance had not yet
       * delivered (messages from several instances reach a socket in no fixed order).
       */
      const catchUp = async () => {
        try {
          let page = await chatApi.history(room);
          for (let pages = 1; ; pages++) {
            if (cancelled) return;
            const caughtUp = known.current.size === 0 || page.messages.some((message) => known.current.has(message.id));
            dispatch({ type: 'history', messages: page.messages, nextBefore: page.nextBefore, earlier: false });
            if (caughtUp || !page.nextBefore || pages >= maxCatchUpPages) break;
            page = await chatApi.history(room, page.nextBefore);
          }
        } catch (error) {
          if (!cancelled) dispatch({ type: 'failure', error: error instanceof ApiError ? error : toApiError(500, undefined) });
        }
      };

      // The page's socket is shared (the other room of the page, live topics): this room adds its
      // own listeners and takes them off again, and never closes the socket itself.
      const listeners: Record<string, Listener> = {
        connect: () => {
          dispatch({ type: 'status', status: 'connected' });
          if (!socket.recovered) void join();
          else void catchUp();
        },
        // After a server-side close the page socket renews the token and reconnects by itself.
        disconnect: () => dispatch({ type: 'status', status: 'reconnecting' }),
        connect_error: () => dispatch({ type: 'status', status: 'reconnecting' }),
        'message:new': (message: PublicChatMessage) => {
          if (message.room === room) dispatch({ type: 'message', message, fresh: true });
        },
        'message:updated': (message: PublicChatMessage) => {
          if (message.room === room) dispatch({ type: 'message', message });
        },
        'room:closed': (closed: { room: string; closedAt: string }) => {
          if (closed.room === room) dispatch({ type: 'closed', closedAt: closed.closedAt });
        },
        'mutes:changed': ({ muted }: { muted: string[] }) => dispatch({ type: 'muted', muted }),
        // The viewer's standing changed (suspension, lift, role): the table pushed messages take their actions from.
        'may:changed': ({ mayByCase }: ChatServerEvents['may:changed']) => dispatch({ type: 'may', mayByCase }),
      };
      for (const [event, listener] of Object.entries(listeners)) socket.on(event, listener);
      shownRooms.set(room, (shownRooms.get(room) ?? 0) + 1);
      // Another screen may have connected the page's socket already: join now, not on a connect to come.
      if (socket.connected) listeners.connect!();

      return () => {
        for (const [event, listener] of Object.entries(listeners)) socket.off(event, listener);
        const shown = (shownRooms.get(room) ?? 1) - 1;
        if (shown > 0) shownRooms.set(room, shown);
        else shownRooms.delete(room);
        if (shown === 0 && socket.connected) socket.emit('room:leave', { room }, () => undefined);
        socketRef.current = null;
      };
    };

    void pageSocket().then((socket) => {
      if (!cancelled) detach = attach(socket);
    });

    return () => {
      cancelled = true;
      detach?.();
    };
  }, [room]);

  /** Sends one action; answers its data, or throws an ApiError (translated by the caller). */
  const send = useCallback(async <E extends keyof ChatClientEvents>(event: E, payload: ChatClientEvents[E]): Promise<ChatAckData[E]> => {
    // A post keeps one client message id through every re-send: the server stores it once.
    const isPost = event === 'message:post';
    const sent: unknown = isPost ? { ...payload, clientMessageId: newClientMessageId() } : payload;
    const attempt = async (): Promise<ChatAck<ChatAckData[E]>> => {
      const socket = socketRef.current;
      if (!socket || (!isPost && !socket.connected)) throw new ApiError(503, ErrorMessages.serviceUnavailable);
      try {
        // A post survives its instance stopping: sent again once reconnected. Other actions fail at once.
        if (isPost) return await emitUntilAnswered<ChatAck<ChatAckData[E]>>(socket, event, sent, { timeoutMs: ackTimeoutMs });
        return (await socket.timeout(ackTimeoutMs).emitWithAck(event, sent)) as ChatAck<ChatAckData[E]>;
      } catch {
        throw new ApiError(503, ErrorMessages.serviceUnavailable);
      }
    };
    let ack = await attempt();
    const refused = isChatError(ack) && ack.statusCode === 401 && (ack.statusMessage === ErrorMessages.tokenExpired || ack.statusMessage === ErrorMessages.invalidToken);
    if (refused) {
      // The socket still carries the old token: renew it, reconnect with the new cookie, try again.
      const user = await restoreSession().catch(() => null);
      const socket = socketRef.current;
      if (user && socket) {
        const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
        socket.disconnect().connect();
        await Promise.race([connected, new Promise((resolve) => setTimeout(resolve, ackTimeoutMs))]);
        ack = await attempt();
      }
    }
    if (isChatError(ack)) throw toApiError(ack.statusCode, ack);
    if (event === 'user:mute' || event === 'user:unmute') dispatch({ type: 'muted', muted: (ack.data as { muted: string[] }).muted });
    else if (event !== 'room:join' && event !== 'room:leave') dispatch({ type: 'message', message: ack.data as ChatMessage });
    return ack.data;
  }, []);

  const loadEarlier = useCallback(async () => {
    if (!earliest.current) return;
    dispatch({ type: 'loadingEarlier', value: true });
    try {
      const page = await chatApi.history(room, earliest.current);
      dispatch({ type: 'history', messages: page.messages, nextBefore: page.nextBefore, earlier: true });
    } catch (error) {
      dispatch({ type: 'loadingEarlier', value: false });
      throw error;
    }
  }, [room]);

  /** Reads the history again (after an unmute, the author's messages come back). */
  const reload = useCallback(async () => {
    const history = await chatApi.history(room);
    dispatch({ type: 'history', messages: history.messages, nextBefore: history.nextBefore, earlier: false });
  }, [room]);

  /** Tells the room whether its panel is on screen: seen, the unread count goes back to zero. */
  const setVisible = useCallback((value: boolean) => dispatch({ type: 'visible', value }), []);

  return { ...state, send, loadEarlier, reload, setVisible };
}
