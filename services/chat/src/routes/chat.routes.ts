import {
  ChatHistoryQuerySchema,
  ChatHistorySchema,
  ChatMutesSchema,
  ChatRoomParamsSchema,
  ChatRoomSchema,
  ChatSignalledSchema,
  TrollHuntSchema,
  errorAnswers,
} from '@civic/contracts';
import { AppError, notFound, requireUser, type ServiceApp } from '@civic/service-kit';
import type { FastifyRequest } from 'fastify';
import { resolveCaller } from '../caller.js';
import { mayModerate, type Caller } from '../domain/permissions.js';
import { yesterdayMidnight } from '../domain/troll-hunt.js';
import { messageViews, mutedAuthors } from '../message-views.js';
import { roomView } from '../room-view.js';
import type { MemberRepository } from '../store/member.repository.js';
import type { MessageRepository } from '../store/message.repository.js';
import type { RoomRepository } from '../store/room.repository.js';

export interface RoutesContext {
  rooms: RoomRepository;
  messages: MessageRepository;
  members: MemberRepository;
  clock: () => Date;
  historyPage: number;
  timeZone: string;
}

/** The chat's reads over HTTP: rooms, history with cursor pagination, the caller's mutes, the moderators' views. */
export async function chatRoutes(app: ServiceApp, context: RoutesContext): Promise<void> {
  const tags = ['chat'];
  const security: Record<string, string[]>[] = [{ accessCookie: [] }, { bearer: [] }];

  /** The viewer (null for a visitor or an unusable token: reads stay open to everyone). */
  async function viewerOf(request: FastifyRequest): Promise<Caller | null> {
    if (!request.user) return null;
    return resolveCaller(context.members, request.user, context.clock()).catch(() => null);
  }

  async function callerOf(request: FastifyRequest): Promise<Caller> {
    return resolveCaller(context.members, requireUser(request), context.clock());
  }

  function moderatorOnly(caller: Caller): void {
    const refusal = mayModerate(caller);
    if (refusal) throw new AppError(refusal.key, refusal.status, { reason: refusal.reason });
  }

  app.get(
    '/api/chat/rooms/:room',
    { schema: { tags, summary: 'A room: open or closed (read-only), with its pinned messages', params: ChatRoomParamsSchema, response: { 200: ChatRoomSchema, ...errorAnswers(400, 404) } } },
    async (request) => {
      const room = await context.rooms.byId(request.params.room);
      if (!room) throw notFound();
      return roomView(room, await viewerOf(request), context.messages);
    },
  );

  app.get(
    '/api/chat/rooms/:room/messages',
    {
      schema: {
        tags,
        summary: 'History of a room, oldest first: the last page, or the page before the message `before`. Authors the caller muted are left out',
        params: ChatRoomParamsSchema,
        querystring: ChatHistoryQuerySchema,
        response: { 200: ChatHistorySchema, ...errorAnswers(400, 404) },
      },
    },
    async (request) => {
      const room = await context.rooms.byId(request.params.room);
      if (!room) throw notFound();
      const viewer = await viewerOf(request);
      let before: bigint | null = null;
      if (request.query.before) {
        const cursor = await context.messages.byId(request.query.before);
        if (!cursor || cursor.roomId !== room.id) throw new AppError('notFound', 404, { reason: 'unknown-cursor' });
        before = cursor.seq;
      }
      const muted = await mutedAuthors(context.messages, viewer);
      const { rows, more } = await context.messages.history(room.id, muted, before, request.query.limit ?? context.historyPage);
      return { messages: await messageViews(context.messages, rows, viewer, () => room.closedAt === null), nextBefore: more && rows[0] ? rows[0].id : null };
    },
  );

  app.get(
    '/api/chat/mutes',
    { schema: { tags, security, summary: 'The authors the caller muted', response: { 200: ChatMutesSchema, ...errorAnswers(401) } } },
    async (request) => {
      const caller = await callerOf(request);
      const muted = await context.messages.mutedBy(caller.id);
      const names = await context.members.names(muted);
      return { muted: muted.map((userId) => ({ userId, userName: names.get(userId) ?? '' })) };
    },
  );

  app.get(
    '/api/chat/troll-hunt',
    { schema: { tags, security, summary: 'Moderators: users by the mutes they received since yesterday 00:00', response: { 200: TrollHuntSchema, ...errorAnswers(401, 403) } } },
    async (request) => {
      moderatorOnly(await callerOf(request));
      const since = yesterdayMidnight(context.clock(), context.timeZone);
      return { since: since.toISOString(), users: await context.messages.trollHunt(since) };
    },
  );

  app.get(
    '/api/chat/signalled',
    { schema: { tags, security, summary: 'Moderators: messages signalled to the moderators and not deleted, newest first', response: { 200: ChatSignalledSchema, ...errorAnswers(401, 403) } } },
    async (request) => {
      const caller = await callerOf(request);
      moderatorOnly(caller);
      const rows = await context.messages.signalled();
      // The rooms of the messages, for what the moderator may do with each (a closed room's too).
      const rooms = await context.rooms.byIds([...new Set(rows.map((row) => row.roomId))]);
      const open = new Set(rooms.filter((room) => room.closedAt === null).map((room) => room.id));
      return { messages: await messageViews(context.messages, rows, caller, (roomId) => open.has(roomId)) };
    },
  );
}
