/**
 * A connected socket: its member's own room, and the answer to each client event (rate of events per
 * socket, one checked payload, then the handler; anything else is answered with an error).
 */
import type { ErrorBody } from '@civic/contracts';
import { ErrorMessages } from '@civic/contracts';
import { AppError, isOutage, type RevocationList } from '@civic/service-kit';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { Socket } from 'socket.io';
import type { SlidingWindow } from '../domain/rate-limit.js';
import { userRoom, type ChatSocket } from './handshake.js';
import type { Handlers } from './handlers.js';
import { checkPayload, clientEvents, type ClientEvent } from './payloads.js';
import type { SocketShutdown } from './shutdown.js';

export interface ConnectionDeps {
  handlers: Handlers;
  /** Any event at all, per socket, but draft updates. */
  flood: SlidingWindow;
  /**
   * Draft updates, per socket: one per keystroke, so an allowance of their own (DRAFT_UPDATES_PER_WINDOW)
   * rather than the general one, which a creator typing would use up in seconds.
   */
  draftFlood?: SlidingWindow;
  shutdown: SocketShutdown;
  revocations?: RevocationList;
  log: FastifyBaseLogger;
  /** The app's registry (`app.metrics`): chat_sockets_connected and chat_socket_capacity go there. */
  metrics?: Registry;
  /** Sockets one pod is sized to hold (CHAT_SOCKET_CAPACITY), exported for the saturation alert. */
  socketCapacity?: number;
}

export const DEFAULT_SOCKET_CAPACITY = 5000;

/** Draft updates one socket may send per DRAFT_UPDATE_WINDOW_MS: 10 keystrokes a second, with room for a burst. */
export const DRAFT_UPDATES_PER_WINDOW = 120;
export const DRAFT_UPDATE_WINDOW_MS = 10_000;

/** The pod's name (HOSTNAME in Kubernetes): each pod reports its own sockets. */
const podName = () => process.env.HOSTNAME || hostname();

/**
 * The gauges of this pod's sockets: the connected ones (labelled with the pod, as each pod holds its
 * own) and the capacity they are compared with. Returns the counter of connected sockets.
 */
export function socketGauges(registry: Registry, capacity: number): Gauge<'pod'> {
  new Gauge({ name: 'chat_socket_capacity', help: 'Sockets one chat pod is sized to hold (CHAT_SOCKET_CAPACITY)', registers: [registry] }).set(capacity);
  const connected = new Gauge({ name: 'chat_sockets_connected', help: 'Sockets connected to this chat pod', labelNames: ['pod'], registers: [registry] });
  // Present at 0 from the start, so a pod without sockets shows rather than vanishes.
  connected.set({ pod: podName() }, 0);
  return connected;
}

/** socket.io's `connection` listener. */
export function onConnection({ handlers, flood, draftFlood = flood, shutdown, revocations, log, metrics, socketCapacity }: ConnectionDeps) {
  const connected = metrics ? socketGauges(metrics, socketCapacity ?? DEFAULT_SOCKET_CAPACITY) : null;
  const pod = { pod: podName() };
  function errorBody(error: unknown, socket: ChatSocket, event: string): ErrorBody {
    if (error instanceof AppError) return error.toBody();
    if (isOutage(error)) {
      log.warn({ err: error, event }, 'dependency unavailable');
      return { statusCode: 503, statusMessage: ErrorMessages.serviceUnavailable };
    }
    log.error({ err: error, event, socket: socket.id }, 'socket event failed');
    return { statusCode: 500, statusMessage: ErrorMessages.internalServerError };
  }

  async function answerEvent(socket: ChatSocket, event: ClientEvent, args: unknown[]): Promise<void> {
    // socket.io passes the acknowledgement last, after however many values the client sent.
    const answer = args.pop();
    if (typeof answer !== 'function') return; // nobody to answer: ignored, never broadcast
    const reply = answer as (value: unknown) => void;
    const allowed = await (event === 'draft:update' ? draftFlood : flood).take(socket.id);
    if (!allowed.allowed) {
      reply({ statusCode: 429, statusMessage: ErrorMessages.tooManyRequests, data: { reason: 'socket-rate', retryAfterMs: allowed.retryAfterMs } } satisfies ErrorBody);
      return;
    }
    if (args.length > 1) {
      reply({ statusCode: 400, statusMessage: ErrorMessages.badRequest, data: { event, reason: 'one-payload' } } satisfies ErrorBody);
      return;
    }
    const checked = checkPayload(event, args[0]);
    if (!checked.ok) {
      reply({ statusCode: 400, statusMessage: ErrorMessages[checked.problem.key], data: { event, errors: checked.problem.errors } } satisfies ErrorBody);
      return;
    }
    try {
      const data = await (handlers[event] as (socket: ChatSocket, payload: unknown) => Promise<unknown>)(socket, checked.value);
      reply({ ok: true, data });
    } catch (error) {
      reply(errorBody(error, socket, event));
    }
  }

  return (raw: Socket): void => {
    const socket = raw as ChatSocket;
    const user = socket.data.user;
    // A recovered socket skipped the handshake check, and a revocation may have come in since it was made.
    if (user && revocations?.denies(user)) {
      socket.disconnect(true);
      return;
    }
    connected?.inc(pod);
    socket.on('disconnect', () => {
      connected?.dec(pod);
      flood.forget(socket.id);
      draftFlood.forget(socket.id);
    });
    if (user && !socket.recovered) void socket.join(userRoom(user.id));
    for (const event of clientEvents) {
      socket.on(event, (...args: unknown[]) => {
        // Shutting down: left unanswered. The client's acknowledgement fails when this connection
        // closes, and the shipped client sends a post again, with its client message id, elsewhere.
        if (shutdown.closing) return;
        void shutdown.track(answerEvent(socket, event, args)).catch((error: unknown) => log.error({ err: error, event }, 'socket event failed'));
      });
    }
    socket.onAny((event: unknown, ...args: unknown[]) => {
      if (clientEvents.includes(event as ClientEvent)) return;
      const ack = args[args.length - 1];
      if (typeof ack === 'function') (ack as (value: unknown) => void)({ statusCode: 400, statusMessage: ErrorMessages.badRequest, data: { reason: 'unknown-event' } } satisfies ErrorBody);
    });
  };
}
