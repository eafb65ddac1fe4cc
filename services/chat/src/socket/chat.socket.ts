import type { ChatAckData, ChatMessage, ChatRoom, ErrorBody } from '@civic/contracts';
import { ErrorMessages } from '@civic/contracts';
import { ACCESS_COOKIE, AppError, isOutage, SECURE_ACCESS_COOKIE, type AuthUser, type OutboxRelay, type ServiceApp, type TokenVerifier } from '@civic/service-kit';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Server, type Socket } from 'socket.io';
import { resolveCaller } from '../caller.js';
import { mayDelete, mayEdit, mayHide, mayMute, mayPin, mayPost, mayReply, maySignal, type Caller, type Refusal } from '../domain/permissions.js';
import { SlidingWindow, type RateLimiter } from '../domain/rate-limit.js';
import { textProblem } from '../domain/validation.js';
import type { MemberRepository } from '../store/member.repository.js';
import { toDto, type MessageRepository, type MessageRow } from '../store/message.repository.js';
import { streamsAdapterClient, type ChatRedis } from '../store/redis.js';
import type { RoomRepository, RoomRow } from '../store/room.repository.js';
import { checkPayload, clientEvents, type ClientEvent, type Payload } from './payloads.js';

export interface ChatContext {
  rooms: RoomRepository;
  messages: MessageRepository;
  members: MemberRepository;
  limiter: RateLimiter;
  relay: OutboxRelay;
  clock: () => Date;
}

export interface SocketSettings {
  recoveryMs: number;
  redis: ChatRedis | null;
  redisPrefix: string;
  /** Rooms one socket may be in at once (a page shows one or two chats). */
  maxRooms?: number;
  /** Events of any kind one socket may emit per window (default 60 per 10 s). */
  eventsPerWindow?: number;
  eventWindowMs?: number;
}

interface SocketUser extends AuthUser {
  /** Token expiry, epoch ms. */
  expiresAt: number;
}

export interface SocketData {
  user: SocketUser | null;
  authProblem: 'tokenExpired' | 'invalidToken' | null;
}

type ChatSocket = Socket<Record<string, never>, Record<string, (...args: never[]) => void>, Record<string, never>, SocketData>;

const userRoom = (userId: string) => `user:${userId}`;
const mutingRoom = (authorId: string) => `muting:${authorId}`;
const isChatRoom = (name: string) => name.startsWith('cycle:') || name.startsWith('law:');

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The access token of a handshake: `auth.token` (scripts, tests), else the access cookie the browser sends. */
function handshakeToken(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token;
  const cookie = socket.handshake.headers.cookie;
  return cookieValue(cookie, SECURE_ACCESS_COOKIE) ?? cookieValue(cookie, ACCESS_COOKIE);
}

function expiryOf(token: string): number {
  try {
    const exp = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

const refused = (refusal: Refusal | null) => {
  if (refusal) throw new AppError(refusal.key, refusal.status, { reason: refusal.reason });
};

/**
 * socket.io on the app's HTTP server (path /socket.io): visitors read, members post, and every
 * payload is checked before anything happens; a refusal is acknowledged in the spec's error shape and
 * nothing is broadcast. With Redis, the instances share rooms and recovery sessions through the
 * streams adapter; without, this instance serves alone with in-memory recovery.
 */
export function attachChatSocket(app: ServiceApp, context: ChatContext, verifier: TokenVerifier, settings: SocketSettings): Server {
  const adapter = settings.redis
    ? createAdapter(streamsAdapterClient(settings.redis.client, settings.redis.reader), {
        streamName: `${settings.redisPrefix}socket.io`,
        sessionKeyPrefix: `${settings.redisPrefix}session:`,
        maxLen: 50_000,
      })
    : undefined;
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: 16 * 1024,
    connectionStateRecovery: { maxDisconnectionDuration: settings.recoveryMs, skipMiddlewares: true },
    ...(adapter ? { adapter } : {}),
  });
  const maxRooms = settings.maxRooms ?? 8;
  // Any event at all, per socket: a client looping on joins or reads is stopped before the database.
  const flood = new SlidingWindow(settings.eventsPerWindow ?? 60, settings.eventWindowMs ?? 10_000);
  const log = app.log.child({ component: 'socket' });

  io.use(async (raw, next) => {
    const socket = raw as ChatSocket;
    socket.data.user = null;
    socket.data.authProblem = null;
    const token = handshakeToken(socket);
    if (token) {
      try {
        socket.data.user = { ...(await verifier.verify(token)), expiresAt: expiryOf(token) };
      } catch (error) {
        socket.data.authProblem = (error as { code?: unknown }).code === 'ERR_JWT_EXPIRED' ? 'tokenExpired' : 'invalidToken';
      }
    }
    next();
  });

  /** The member behind a socket, or a 401 with the reason. */
  async function callerOf(socket: ChatSocket): Promise<Caller & { name: string }> {
    const user = socket.data.user;
    if (!user) throw new AppError(socket.data.authProblem ?? 'unauthorized', 401);
    if (user.expiresAt <= Date.now()) throw new AppError('tokenExpired', 401);
    return resolveCaller(context.members, user, context.clock());
  }

  async function viewerOf(socket: ChatSocket): Promise<(Caller & { name: string }) | null> {
    const user = socket.data.user;
    if (!user || user.expiresAt <= Date.now()) return null;
    return resolveCaller(context.members, user, context.clock()).catch(() => null);
  }

  async function roomOf(name: string): Promise<RoomRow> {
    const room = await context.rooms.byId(name);
    if (!room) throw new AppError('notFound', 404, { reason: 'unknown-room' });
    return room;
  }

  async function messageOf(id: string): Promise<{ message: MessageRow; room: RoomRow }> {
    const message = await context.messages.byId(id);
    if (!message) throw new AppError('notFound', 404, { reason: 'unknown-message' });
    return { message, room: await roomOf(message.roomId) };
  }

  const facts = (message: MessageRow) => ({ userId: message.userId, moderationStatus: message.moderationStatus, deleted: message.deletedAt !== null });

  async function limitRate(userId: string): Promise<void> {
    const verdict = await context.limiter.take(userId);
    if (!verdict.allowed) throw new AppError('tooManyRequests', 429, { reason: 'rate-limit', retryAfterMs: verdict.retryAfterMs });
  }

  /** The public view to the room (the authors' muters left out); the caller's own view in the ack. */
  async function broadcast(event: 'message:new' | 'message:updated', row: MessageRow, viewer: Caller): Promise<ChatMessage> {
    const reply = row.replyToId ? await context.messages.byId(row.replyToId) : null;
    io.to(row.roomId).except(mutingRoom(row.userId)).emit(event, toDto(row, reply, null));
    return toDto(row, reply, viewer);
  }

  async function roomDto(room: RoomRow, viewer: Caller | null): Promise<ChatRoom> {
    return {
      id: room.id,
      kind: room.kind,
      cycleId: room.cycleId,
      lawId: room.lawId,
      title: room.title,
      open: room.closedAt === null,
      openedAt: room.openedAt.toISOString(),
      closedAt: room.closedAt?.toISOString() ?? null,
      pinned: await context.messages.dtos(await context.messages.pinned(room.id, viewer), viewer),
    };
  }

  const handlers: { [E in ClientEvent]: (socket: ChatSocket, payload: Payload<E>) => Promise<ChatAckData[E]> } = {
    async 'room:join'(socket, { room: name }) {
      const room = await roomOf(name);
      const joined = [...socket.rooms].filter(isChatRoom);
      if (!joined.includes(room.id) && joined.length >= maxRooms) throw new AppError('badRequest', 400, { reason: 'too-many-rooms' });
      const viewer = await viewerOf(socket);
      await socket.join(room.id);
      const muted = viewer ? await context.messages.mutedBy(viewer.id) : [];
      if (viewer) await socket.join([userRoom(viewer.id), ...muted.map(mutingRoom)]);
      return { room: await roomDto(room, viewer), muted, moderator: viewer?.moderator ?? false, userId: viewer?.id ?? null };
    },

    async 'room:leave'(socket, { room }) {
      await socket.leave(room);
      return { room };
    },

    async 'message:post'(socket, { room: name, text, replyTo }) {
      const caller = await callerOf(socket);
      const room = await roomOf(name);
      const problem = textProblem(text);
      if (problem) throw new AppError('badRequest', 400, { reason: problem });
      let target: MessageRow | null = null;
      if (replyTo) {
        target = await context.messages.byId(replyTo);
        if (!target || target.roomId !== room.id) throw new AppError('notFound', 404, { reason: 'unknown-message' });
        refused(mayReply(caller, { open: room.closedAt === null }, facts(target)));
      } else {
        refused(mayPost(caller, { open: room.closedAt === null }));
      }
      await limitRate(caller.id);
      const row = await context.messages.post({ roomId: room.id, userId: caller.id, userName: caller.name, text, replyTo: target, now: context.clock() });
      context.relay.wake();
      return broadcast('message:new', row, caller);
    },

    async 'message:edit'(socket, { id, text }) {
      const caller = await callerOf(socket);
      const { message, room } = await messageOf(id);
      refused(mayEdit(caller, { open: room.closedAt === null }, facts(message)));
      const problem = textProblem(text);
      if (problem) throw new AppError('badRequest', 400, { reason: problem });
      await limitRate(caller.id);
      const row = await context.messages.edit(message, text, { id: caller.id, byModerator: caller.id !== message.userId }, context.clock());
      context.relay.wake();
      return broadcast('message:updated', row, caller);
    },

    async 'message:delete'(socket, { id }) {
      const caller = await callerOf(socket);
      const { message } = await messageOf(id);
      refused(mayDelete(caller, facts(message)));
      const row = await context.messages.remove(message, { id: caller.id, byModerator: caller.id !== message.userId }, context.clock());
      if (!row) throw new AppError('unauthorizedAction', 403, { reason: 'deleted' });
      context.relay.wake();
      return broadcast('message:updated', row, caller);
    },

    async 'message:signal'(socket, { id }) {
      const caller = await callerOf(socket);
      const { message } = await messageOf(id);
      refused(maySignal(caller, facts(message)));
      const row = await context.messages.signal(message, caller.id, context.clock());
      if (!row) throw new AppError('unauthorizedAction', 403, { reason: 'already-signalled' });
      context.relay.wake();
      return broadcast('message:updated', row, caller);
    },

    async 'message:pin'(socket, { id, pin }) {
      const caller = await callerOf(socket);
      const { message, room } = await messageOf(id);
      refused(mayPin(caller, { open: room.closedAt === null }, facts(message)));
      return broadcast('message:updated', await context.messages.pin(message, pin), caller);
    },

    async 'message:hide'(socket, { id, hidden }) {
      const caller = await callerOf(socket);
      const { message } = await messageOf(id);
      refused(mayHide(caller, facts(message)));
      return broadcast('message:updated', await context.messages.hide(message, hidden), caller);
    },

    async 'user:mute'(socket, { userId }) {
      const caller = await callerOf(socket);
      refused(mayMute(caller, userId));
      const known = (await context.members.standing(userId)) ?? (await context.messages.mutedBy(caller.id)).includes(userId);
      if (!known) throw new AppError('userNotFound', 404);
      if (await context.messages.mute(caller.id, userId, context.clock())) context.relay.wake();
      const muted = await context.messages.mutedBy(caller.id);
      io.in(userRoom(caller.id)).socketsJoin(mutingRoom(userId));
      io.to(userRoom(caller.id)).emit('mutes:changed', { muted });
      return { muted };
    },

    async 'user:unmute'(socket, { userId }) {
      const caller = await callerOf(socket);
      await context.messages.unmute(caller.id, userId);
      const muted = await context.messages.mutedBy(caller.id);
      io.in(userRoom(caller.id)).socketsLeave(mutingRoom(userId));
      io.to(userRoom(caller.id)).emit('mutes:changed', { muted });
      return { muted };
    },
  };

  function errorBody(error: unknown, socket: ChatSocket, event: string): ErrorBody {
    if (error instanceof AppError) return error.toBody();
    if (isOutage(error)) {
      log.warn({ err: error, event }, 'dependency unavailable');
      return { statusCode: 503, statusMessage: ErrorMessages.serviceUnavailable };
    }
    log.error({ err: error, event, socket: socket.id }, 'socket event failed');
    return { statusCode: 500, statusMessage: ErrorMessages.internalServerError };
  }

  io.on('connection', (raw) => {
    const socket = raw as ChatSocket;
    socket.on('disconnect', () => flood.forget(socket.id));
    const user = socket.data.user;
    if (user && !socket.recovered) void socket.join(userRoom(user.id));
    for (const event of clientEvents) {
      socket.on(event, async (...args: unknown[]) => {
        // socket.io passes the acknowledgement last, after however many values the client sent.
        const answer = args.pop();
        if (typeof answer !== 'function') return; // nobody to answer: ignored, never broadcast
        const reply = answer as (value: unknown) => void;
        const allowed = await flood.take(socket.id);
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
          const key = checked.problem.missing ? 'missingRequiredFields' : 'badRequest';
          reply({ statusCode: 400, statusMessage: ErrorMessages[key], data: { event, errors: checked.problem.errors } } satisfies ErrorBody);
          return;
        }
        try {
          const data = await (handlers[event] as (socket: ChatSocket, payload: unknown) => Promise<unknown>)(socket, checked.value);
          reply({ ok: true, data });
        } catch (error) {
          reply(errorBody(error, socket, event));
        }
      });
    }
    socket.onAny((event: unknown, ...args: unknown[]) => {
      if (clientEvents.includes(event as ClientEvent)) return;
      const ack = args[args.length - 1];
      if (typeof ack === 'function') (ack as (value: unknown) => void)({ statusCode: 400, statusMessage: ErrorMessages.badRequest, data: { reason: 'unknown-event' } } satisfies ErrorBody);
    });
  });

  // Shutdown: close every transport so clients reconnect (to another instance) and recover; the
  // sessions are kept (in Redis when shared).
  app.addHook('preClose', async () => {
    io.engine.close();
    await Promise.resolve(io.of('/').adapter.close());
  });
  return io;
}

/** Tells a room's sockets that it closed (read-only from now on). */
export function announceClosed(io: Server, rooms: { room: string; closedAt: string }[]): void {
  for (const closed of rooms) io.to(closed.room).emit('room:closed', closed);
}
