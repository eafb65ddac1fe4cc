import { randomUUID } from 'node:crypto';
import {
  ChatMessageModerated,
  ChatMessagePosted,
  ChatMessageReplied,
  ChatMessageSignalled,
  ChatUserMuted,
  type ChatMessage,
  type TrollHunt,
} from '@civic/contracts';
import { enqueueEvent, newEvent, type SqlExecutor } from '@civic/service-kit';
import type { Message, Prisma } from '../generated/prisma/client.js';
import { showsText, type Caller } from '../domain/permissions.js';
import { SCHEMA, type ChatPrisma } from './prisma.js';
import { tables } from './tables.js';

const EXCERPT = 80;

export type MessageRow = Message;

/** The message as a viewer sees it (null viewer: the public view that rooms receive live). */
export function toDto(row: MessageRow, reply: MessageRow | null, viewer: Caller | null): ChatMessage {
  const facts = (message: MessageRow) => ({ userId: message.userId, moderationStatus: message.moderationStatus, deleted: message.deletedAt !== null, hideInChat: message.hideInChat });
  return {
    id: row.id,
    room: row.roomId,
    userId: row.userId,
    userName: row.userName,
    text: showsText(viewer, facts(row)) ? row.text : null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    editedByModerator: row.editedByModerator,
    replyTo: reply
      ? { id: reply.id, userId: reply.userId, userName: reply.userName, excerpt: showsText(viewer, facts(reply)) ? [...reply.text].slice(0, EXCERPT).join('') : null }
      : null,
    pin: row.pin,
    hideInChat: row.hideInChat,
    moderationStatus: row.moderationStatus === 1 ? 1 : 0,
    deleted: row.deletedAt !== null,
    deletedByModerator: row.deletedByModerator,
  };
}

/** Messages, their moderation and the mutes, each change with its event in the outbox (one transaction). */
export class MessageRepository {
  constructor(private readonly prisma: ChatPrisma) {}

  byId(id: string): Promise<MessageRow | null> {
    return this.prisma.message.findUnique({ where: { id } });
  }

  /** The rows as DTOs for the viewer, with the messages they reply to. */
  async dtos(rows: MessageRow[], viewer: Caller | null): Promise<ChatMessage[]> {
    const replyIds = [...new Set(rows.map((row) => row.replyToId).filter((id): id is string => id !== null))];
    const replies = replyIds.length ? await this.prisma.message.findMany({ where: { id: { in: replyIds } } }) : [];
    const byId = new Map(replies.map((reply) => [reply.id, reply]));
    return rows.map((row) => toDto(row, row.replyToId ? (byId.get(row.replyToId) ?? null) : null, viewer));
  }

  async dto(row: MessageRow, viewer: Caller | null): Promise<ChatMessage> {
    const [message] = await this.dtos([row], viewer);
    return message!;
  }

  async post(input: { roomId: string; userId: string; userName: string; text: string; replyTo: MessageRow | null; now: Date }): Promise<MessageRow> {
    return this.prisma.$transaction(async (tx) => {
      const row = await tx.message.create({
        data: { id: randomUUID(), roomId: input.roomId, userId: input.userId, userName: input.userName, text: input.text, replyToId: input.replyTo?.id ?? null, createdAt: input.now },
      });
      await enqueueEvent(tx, SCHEMA, newEvent(ChatMessagePosted, { messageId: row.id, userId: row.userId }, input.now));
      if (input.replyTo && input.replyTo.userId !== input.userId) {
        await enqueueEvent(
          tx,
          SCHEMA,
          newEvent(ChatMessageReplied, { messageId: row.id, userId: row.userId, repliedToMessageId: input.replyTo.id, repliedToUserId: input.replyTo.userId, room: row.roomId }, input.now),
        );
      }
      return row;
    });
  }

  /** An edit by its author, or by a moderator (then announced as moderated). */
  async edit(message: MessageRow, text: string, editor: { id: string; byModerator: boolean }, now: Date): Promise<MessageRow> {
    return this.prisma.$transaction(async (tx) => {
      const row = await tx.message.update({ where: { id: message.id }, data: { text, editedAt: now, editedByModerator: editor.byModerator } });
      if (editor.byModerator) await this.moderated(tx, row, editor.id, 'edited', now);
      return row;
    });
  }

  async remove(message: MessageRow, by: { id: string; byModerator: boolean }, now: Date): Promise<MessageRow | null> {
    return this.prisma.$transaction(async (tx) => {
      // Only one deletion wins when two arrive together.
      const { count } = await tx.message.updateMany({ where: { id: message.id, deletedAt: null }, data: { deletedAt: now, deletedBy: by.id, deletedByModerator: by.byModerator, pin: false } });
      if (count === 0) return null;
      const row = await tx.message.findUniqueOrThrow({ where: { id: message.id } });
      if (by.byModerator) await this.moderated(tx, row, by.id, 'deleted', now);
      return row;
    });
  }

  async signal(message: MessageRow, by: string, now: Date): Promise<MessageRow | null> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.message.updateMany({ where: { id: message.id, moderationStatus: 0, deletedAt: null }, data: { moderationStatus: 1, signalledBy: by, signalledAt: now } });
      if (count === 0) return null;
      await enqueueEvent(tx, SCHEMA, newEvent(ChatMessageSignalled, { messageId: message.id, userId: message.userId, signalledBy: by, room: message.roomId }, now));
      return tx.message.findUniqueOrThrow({ where: { id: message.id } });
    });
  }

  pin(message: MessageRow, pin: boolean): Promise<MessageRow> {
    return this.prisma.message.update({ where: { id: message.id }, data: { pin } });
  }

  hide(message: MessageRow, hidden: boolean): Promise<MessageRow> {
    return this.prisma.message.update({ where: { id: message.id }, data: { hideInChat: hidden } });
  }

  private async moderated(tx: SqlExecutor, row: MessageRow, moderatorId: string, action: 'edited' | 'deleted', now: Date): Promise<void> {
    await enqueueEvent(tx, SCHEMA, newEvent(ChatMessageModerated, { messageId: row.id, userId: row.userId, moderatorId, action, room: row.roomId }, now));
  }

  /** A page of a room's history for the viewer, oldest first, without the authors they muted. */
  async history(roomId: string, viewer: Caller | null, before: bigint | null, limit: number): Promise<{ rows: MessageRow[]; more: boolean }> {
    const muted = viewer ? await this.mutedBy(viewer.id) : [];
    const where: Prisma.MessageWhereInput = { roomId, ...(before !== null ? { seq: { lt: before } } : {}), ...(muted.length ? { userId: { notIn: muted } } : {}) };
    const rows = await this.prisma.message.findMany({ where, orderBy: { seq: 'desc' }, take: limit + 1 });
    const more = rows.length > limit;
    return { rows: rows.slice(0, limit).reverse(), more };
  }

  async pinned(roomId: string, viewer: Caller | null): Promise<MessageRow[]> {
    const muted = viewer ? await this.mutedBy(viewer.id) : [];
    return this.prisma.message.findMany({
      where: { roomId, pin: true, deletedAt: null, ...(muted.length ? { userId: { notIn: muted } } : {}) },
      orderBy: { seq: 'asc' },
      take: 20,
    });
  }

  signalled(limit = 200): Promise<MessageRow[]> {
    return this.prisma.message.findMany({ where: { moderationStatus: 1, deletedAt: null }, orderBy: { seq: 'desc' }, take: limit });
  }

  async mutedBy(userId: string): Promise<string[]> {
    const rows = await this.prisma.mute.findMany({ where: { userId }, select: { mutedUserId: true }, orderBy: { createdAt: 'asc' } });
    return rows.map((row) => row.mutedUserId);
  }

  /** Answers whether it is a new mute (only then announced). */
  async mute(userId: string, mutedUserId: string, now: Date): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const inserted = await tx.$executeRawUnsafe(
        `INSERT INTO ${tables.mute} (user_id, muted_user_id, created_at) VALUES ($1::uuid, $2::uuid, $3::timestamptz) ON CONFLICT DO NOTHING`,
        userId,
        mutedUserId,
        now.toISOString(),
      );
      if (inserted === 0) return false;
      await enqueueEvent(tx, SCHEMA, newEvent(ChatUserMuted, { userId: mutedUserId, mutedBy: userId }, now));
      return true;
    });
  }

  async unmute(userId: string, mutedUserId: string): Promise<void> {
    await this.prisma.mute.deleteMany({ where: { userId, mutedUserId } });
  }

  /** Users by the mutes they received since `since`, most muted first. */
  async trollHunt(since: Date, limit = 100): Promise<TrollHunt['users']> {
    const rows = await this.prisma.$queryRawUnsafe<{ user_id: string; user_name: string | null; mutes: bigint }[]>(
      `SELECT m.muted_user_id::text AS user_id,
              COALESCE(NULLIF(mem.user_name, ''), (SELECT user_name FROM ${tables.message} WHERE user_id = m.muted_user_id ORDER BY seq DESC LIMIT 1)) AS user_name,
              count(*) AS mutes
       FROM ${tables.mute} m LEFT JOIN ${tables.member} mem ON mem.user_id = m.muted_user_id
       WHERE m.created_at >= $1::timestamptz
       GROUP BY m.muted_user_id, mem.user_name
       ORDER BY mutes DESC, user_name ASC
       LIMIT $2`,
      since.toISOString(),
      limit,
    );
    return rows.map((row) => ({ userId: row.user_id, userName: row.user_name ?? '', mutes: Number(row.mutes) }));
  }
}
