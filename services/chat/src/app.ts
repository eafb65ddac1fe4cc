import { createEventedApp, identityVerifier, installAuth, runConsumersWithApp, type EventBus, type OpenApiOptions, type ServiceApp, type TokenVerifier } from '@civic/service-kit';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Server } from 'socket.io';
import { socketTransports, type ChatConfig } from './config.js';
import { socketOrigins } from './domain/origins.js';
import { SlidingWindow } from './domain/rate-limit.js';
import { memberConsumers } from './events/member.consumers.js';
import { roomConsumers } from './events/room.consumers.js';
import { chatRoutes } from './routes/chat.routes.js';
import { relayLiveUpdates } from './live/live-relay.js';
import { draftConsumers } from './events/draft.consumers.js';
import { announceClosed, announceDraftConflict, announceStandingChanged, attachChatSocket } from './socket/chat.socket.js';
import { MemberRepository } from './store/member.repository.js';
import { MessageRepository } from './store/message.repository.js';
import type { ChatPrisma } from './store/prisma.js';
import { localChatRooms, OnlineCount } from './store/online-count.js';
import { connectRedis, RedisWindow } from './store/redis.js';
import { RoomRepository } from './store/room.repository.js';

export interface ChatDeps {
  config: ChatConfig;
  db: ChatPrisma;
  bus: EventBus;
  logger?: boolean;
  /** Checks access tokens; identity's JWKS (JWKS_URL) when not given. */
  verifier?: TokenVerifier;
  clock?: () => Date;
}

export interface Chat {
  app: ServiceApp;
  io: Server;
}

/** The chat service's OpenAPI document, made of its routes' schemas. */
const openapi: OpenApiOptions = {
  path: '/api/chat/openapi.json',
  title: 'Chat service',
  description:
    'Live discussion per decision phase. Reads over HTTP (rooms, history with cursor pagination, mutes, troll hunt); messages, moderation and mutes over socket.io at /socket.io (see packages/contracts/src/chat.ts), and the live co-drafting of laws in creation (packages/contracts/src/drafting.ts). Errors answer `{statusCode, statusMessage, data?}`.',
  tags: ['chat'],
};

/** The chat service: HTTP reads, the socket.io server, the projections it keeps from identity and decisions. */
export async function createChat({ config, db, bus, logger, verifier, clock = () => new Date() }: ChatDeps): Promise<Chat> {
  const { app, relay, consumers, revocations } = await createEventedApp({ name: 'chat', config, db, bus, logger, openapi });
  const tokens = installAuth(app, identityVerifier(config, verifier));

  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, app.log.child({ component: 'redis' })) : null;
  const rooms = new RoomRepository(db);
  const messages = new MessageRepository(db);
  const members = new MemberRepository(db);
  const limiter = redis
    ? new RedisWindow(redis.client, config.REDIS_PREFIX, config.CHAT_RATE_LIMIT, config.CHAT_RATE_WINDOW_MS)
    : new SlidingWindow(config.CHAT_RATE_LIMIT, config.CHAT_RATE_WINDOW_MS);

  // The members online per room, for slow mode: this pod's sockets, and with Redis every pod's.
  const socketServer: { io?: Server } = {};
  const online = new OnlineCount({
    localRooms: () => localChatRooms(socketServer.io),
    redis,
    redisPrefix: config.REDIS_PREFIX,
    podId: `${hostname()}:${randomUUID()}`,
    refreshMs: config.CHAT_ONLINE_REFRESH_MS,
    cacheMs: Math.min(1000, config.CHAT_ONLINE_REFRESH_MS),
  });
  const slowMode = { policy: { threshold: config.CHAT_SLOW_MODE_THRESHOLD, defaultIntervalS: config.CHAT_SLOW_MODE_INTERVAL_S }, online };

  const io = attachChatSocket(app, { db, rooms, messages, members, limiter, relay, clock, slowMode }, tokens, {
    recoveryMs: config.CHAT_RECOVERY_MS,
    transports: socketTransports(config.SOCKET_TRANSPORTS),
    allowedOrigins: socketOrigins(config.PUBLIC_URL, config.CORS_ORIGINS),
    redis,
    redisPrefix: config.REDIS_PREFIX,
    revocations,
    socketCapacity: config.CHAT_SOCKET_CAPACITY,
    batchTickMs: config.CHAT_BATCH_TICK_MS,
    draftSettlePauseMs: config.CHAT_DRAFT_SETTLE_PAUSE_MS,
  });
  socketServer.io = io;
  online.start();
  app.addHook('onClose', async () => {
    await online.stop();
    await redis?.close();
  });
  const live = relayLiveUpdates(io, bus, config.LIVE_COALESCE_MS, app.log.child({ component: 'live' }));
  app.addHook('onClose', async () => live.stop());

  runConsumersWithApp(app, [
    ...memberConsumers(consumers, (userId) => announceStandingChanged(io, userId)),
    ...roomConsumers(consumers, (closed) => announceClosed(io, closed)),
    ...draftConsumers(consumers, (conflict) => announceDraftConflict(io, conflict)),
  ]);

  await app.register(chatRoutes, { rooms, messages, members, clock, historyPage: config.CHAT_HISTORY_PAGE, timeZone: config.CHAT_TIME_ZONE });
  return { app, io };
}

export async function buildApp(deps: ChatDeps): Promise<ServiceApp> {
  return (await createChat(deps)).app;
}
