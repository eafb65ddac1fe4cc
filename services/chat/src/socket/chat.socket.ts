import { DRAFT_SETTLE_PAUSE_MS } from '@civic/contracts';
import type { RevocationList, ServiceApp, TokenVerifier } from '@civic/service-kit';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Server } from 'socket.io';
import { Drafting } from '../drafting/drafting.js';
import { SlidingWindow } from '../domain/rate-limit.js';
import { streamsAdapterClient, type ChatRedis } from '../store/redis.js';
import { DRAFT_UPDATE_WINDOW_MS, DRAFT_UPDATES_PER_WINDOW, onConnection } from './connection.js';
import { chatHandlers, socketViewer, type ChatContext } from './handlers.js';
import { allowedRequests, authenticate, type ChatSocket } from './handshake.js';
import { RoomDelivery } from './room-delivery.js';
import { RoomRelay } from './room-relay.js';
import { disconnectOnRevocation } from './revocations.js';
import { SocketShutdown } from './shutdown.js';
import { relayTraceContext } from './trace-relay.js';
import { ViewerMay } from './viewer-may.js';

export type { ChatContext } from './handlers.js';
export type { SocketData } from './handshake.js';

export interface SocketSettings {
  recoveryMs: number;
  redis: ChatRedis | null;
  redisPrefix: string;
  /** Rooms one socket may be in at once (a page shows one or two chats). */
  maxRooms?: number;
  /** Transports accepted (SOCKET_TRANSPORTS). */
  transports: ('websocket' | 'polling')[];
  /** Page origins that may open a socket (PUBLIC_URL's and CORS_ORIGINS). */
  allowedOrigins: ReadonlySet<string>;
  /** On shutdown, how long events being handled may take to be answered before the transports close. */
  answerOnCloseMs?: number;
  /** Events of any kind one socket may emit per window (default 60 per 10 s). */
  eventsPerWindow?: number;
  eventWindowMs?: number;
  /** Identity's revocations: the sockets whose token they deny are disconnected as they come in. */
  revocations?: RevocationList;
  /** Soft capacity of one pod in sockets (CHAT_SOCKET_CAPACITY), exported for the saturation alert. */
  socketCapacity?: number;
  /** A room's events reach its sockets at most once per tick (CHAT_BATCH_TICK_MS, room-delivery.ts). */
  batchTickMs?: number;
  /** A text's typed words are settled this long after the last update anyone made (CHAT_DRAFT_SETTLE_PAUSE_MS). */
  draftSettlePauseMs?: number;
}

/**
 * socket.io on the app's HTTP server (path /socket.io): visitors read, members post, and every
 * payload is checked before anything happens; a refusal is acknowledged in the catalogue's error shape and
 * nothing is broadcast. With Redis, the instances share rooms and recovery sessions through the
 * streams adapter; without, this instance serves alone with in-memory recovery.
 */
export function attachChatSocket(app: ServiceApp, context: ChatContext, verifier: TokenVerifier, settings: SocketSettings): Server {
  // With Redis, the pods share rooms; the room relay sits under the trace wrapper, so that another
  // pod's frame joins this pod's delivery inside the span that continues its trace.
  const relay = settings.redis ? new RoomRelay() : undefined;
  const adapter =
    settings.redis && relay
      ? relayTraceContext(
          relay.wrap(
            createAdapter(streamsAdapterClient(settings.redis.client, settings.redis.reader), {
              streamName: `${settings.redisPrefix}socket.io`,
              sessionKeyPrefix: `${settings.redisPrefix}session:`,
              maxLen: 50_000,
            }),
          ),
        )
      : undefined;
  const log = app.log.child({ component: 'socket' });
  const shutdown = new SocketShutdown();
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // A draft update may carry DRAFT_UPDATE_MAX_BYTES (a pasted article), 4/3 of it in base64; each
    // event's schema bounds its own fields far below this.
    maxHttpBufferSize: 96 * 1024,
    transports: settings.transports,
    allowRequest: allowedRequests(settings.allowedOrigins, () => shutdown.closing, log),
    // Long-polling from an allowed origin of another site reads its answers (websocket needs no CORS).
    cors: { origin: [...settings.allowedOrigins], credentials: true },
    connectionStateRecovery: { maxDisconnectionDuration: settings.recoveryMs, skipMiddlewares: true },
    ...(adapter ? { adapter } : {}),
  });

  const delivery = new RoomDelivery(io, settings.batchTickMs ?? 250, relay);
  deliveries.set(io, delivery);
  const viewers = new ViewerMay(io, { viewerOf: (socket) => socketViewer(context, socket), clock: context.clock, shared: adapter !== undefined, log });
  viewerTables.set(io, viewers);
  const drafting = new Drafting({
    io,
    context,
    shared: adapter !== undefined,
    pauseMs: settings.draftSettlePauseMs ?? DRAFT_SETTLE_PAUSE_MS,
    log: log.child({ component: 'drafting' }),
    closing: () => shutdown.closing,
  });
  draftings.set(io, drafting);
  app.addHook('onClose', async () => drafting.close());
  io.use(authenticate(verifier));
  io.on(
    'connection',
    onConnection({
      handlers: chatHandlers(io, context, settings.maxRooms ?? 8, delivery, viewers, drafting),
      // Any event at all, per socket: a client looping on joins or reads is stopped before the database.
      flood: new SlidingWindow(settings.eventsPerWindow ?? 60, settings.eventWindowMs ?? 10_000),
      draftFlood: new SlidingWindow(DRAFT_UPDATES_PER_WINDOW, DRAFT_UPDATE_WINDOW_MS),
      shutdown,
      revocations: settings.revocations,
      log,
      metrics: app.metrics,
      socketCapacity: settings.socketCapacity,
    }),
  );
  io.on('connection', (socket) => drafting.onConnection(socket as ChatSocket));
  const stopFollowingRevocations = settings.revocations ? disconnectOnRevocation(io, settings.revocations, log) : undefined;
  // What waits for a room's next tick goes before the transports close: the clients recover the rest.
  shutdown.closeWithApp(app, io, settings.answerOnCloseMs ?? 5000, stopFollowingRevocations, () => delivery.flushAll());
  return io;
}

/** Tells a room's sockets that it closed (read-only from now on). */
export function announceClosed(io: Server, rooms: { room: string; closedAt: string }[]): void {
  const delivery = deliveries.get(io);
  for (const closed of rooms) {
    if (delivery) delivery.send(closed.room, 'room:closed', closed);
    else io.to(closed.room).emit('room:closed', closed);
  }
}

/** Tells a member's sockets, on every pod, their new table: what they may do in the chat changed. */
export function announceStandingChanged(io: Server, userId: string): void {
  viewerTables.get(io)?.standingChanged(userId);
}

/** Tells a text's pages that words typed live were not written: the text changed outside live editing. */
export function announceDraftConflict(io: Server, conflict: { textId: string; current: string }): void {
  draftings.get(io)?.conflicted(conflict);
}

/** Live co-drafting of each socket server attached here. */
const draftings = new WeakMap<Server, Drafting>();
/** The room delivery of each socket server attached here. */
const deliveries = new WeakMap<Server, RoomDelivery>();
/** The viewers' tables of each socket server attached here. */
const viewerTables = new WeakMap<Server, ViewerMay>();
