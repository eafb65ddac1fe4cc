import { randomUUID } from 'node:crypto';
import type { ChatMessage, TrollHunt } from '@civic/contracts';
import type { Message, Prisma } from '../generated/prisma/client.js';
import { showsText, type Caller } from '../domain/permissions.js';
import type { ChatDb } from './prisma.js';
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

/** Messages, their moderation and the mutes; each takes the client or a transaction (no rules, no events). */
export class MessageRepository {
  constructor(private readonly db: ChatDb) {}

  byId(id: string): Promise<MessageRow | null> {
    return this.db.message.findUnique({ where: { id } });
  }

  /** The rows as DTOs for the viewer, with the messages they reply to. */
  async dtos(rows: MessageRow[], viewer: Caller | null): Promise<ChatMessage[]> {
    const replyIds = [...new Set(rows.map((row) => row.replyToId).filter((id): id is string => id !== null))];
    const replies = replyIds.length ? await this.db.message.findMany({ where: { id: { in: replyIds } } }) : [];
    const byId = new Map(replies.map((reply) => [reply.id, reply]));
    return rows.map((row) => toDto(row, row.replyToId ? (byId.get(row.replyToId) ?? null) : null, viewer));
  }

  async dto(row: MessageRow, viewer: Caller | null): Promise<ChatMessage> {
    const [message] = await this.dtos([row], viewer);
    return message!;
  }

  /** The post a user already stored under the id their client chose for it. */
  byClientMessageId(userId: string, clientMessageId: string): Promise<MessageRow | null> {
    return this.db.message.findUnique({ where: { userId_clientMessageId: { userId, clientMessageId } } });
  }

  /** When the user last posted in the room (slow mode), null if never. */
  async lastPostAt(roomId: string, userId: string): Promise<Date | null> {
    const last = await this.db.message.findFirst({ where: { roomId, userId }, orderBy: { createdAt: 'desc' }, select: { createdAt: true } });
    return last?.createdAt ?? null;
  }

  /**
   * Holds, until the transaction ends, the one lock of this member's posts in this room: two posts
   * of theirs arriving at once (two tabs, two pods) are checked against slow mode one after the other.
   */
  async lockPoster(roomId: string, userId: string): Promise<void> {
    await this.db.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', `chat:post:${roomId}:${userId}`);
  }

  /**
   * Inserts a post; null when the same user already stored one under the same client message id
   * (the unique (user_id, client_message_id) keeps a re-send, even on two instances at once, single).
   */
  async insertPost(input: { roomId: string; userId: string; userName: string; text: string; replyToId: string | null; clientMessageId: string | null; createdAt: Date }): Promise<MessageRow | null> {
    const [row] = await this.db.message.createManyAndReturn({
      data: [{ id: randomUUID(), ...input }],
      skipDuplicates: true,
    });
    return row ?? null;
  }

  updateText(id: string, change: { text: string; editedAt: Date; editedByModerator: boolean }): Promise<MessageRow> {
    return this.db.message.update({ where: { id }, data: change });
  }

  /** Marks the message deleted (and unpinned) unless it already is; answers whether it did. */
  async markDeleted(id: string, by: { deletedBy: string; deletedByModerator: boolean; deletedAt: Date }): Promise<boolean> {
    const { count } = await this.db.message.updateMany({ where: { id, deletedAt: null }, data: { ...by, pin: false } });
    return count > 0;
  }

  /** Marks the message signalled unless it already is or is deleted; answers whether it did. */
  async markSignalled(id: string, by: string, at: Date): Promise<boolean> {
    const { count } = await this.db.message.updateMany({ where: { id, moderationStatus: 0, deletedAt: null }, data: { moderationStatus: 1, signalledBy: by, signalledAt: at } });
    return count > 0;
  }

  byIdOrThrow(id: string): Promise<MessageRow> {
    return this.db.message.findUniqueOrThrow({ where: { id } });
  }

  pin(id: string, pin: boolean): Promise<MessageRow> {
    return this.db.message.update({ where: { id }, data: { pin } });
  }

  hide(id: string, hidden: boolean): Promise<MessageRow> {
    return this.db.message.update({ where: { id }, data: { hideInChat: hidden } });
  }

  /** A page of a room's history for the viewer, oldest first, without the authors they muted. */
  async history(roomId: string, viewer: Caller | null, before: bigint | null, limit: number): Promise<{ rows: MessageRow[]; more: boolean }> {
    const muted = viewer ? await this.mutedBy(viewer.id) : [];
    const where: Prisma.MessageWhereInput = { roomId, ...(before !== null ? { seq: { lt: before } } : {}), ...(muted.length ? { userId: { notIn: muted } } : {}) };
    const rows = await this.db.message.findMany({ where, orderBy: { seq: 'desc' }, take: limit + 1 });
    const more = rows.length > limit;
    return { rows: rows.slice(0, limit).reverse(), more };
  }

  async pinned(roomId: string, viewer: Caller | null): Promise<MessageRow[]> {
    const muted = viewer ? await this.mutedBy(viewer.id) : [];
    return this.db.message.findMany({
      where: { roomId, pin: true, deletedAt: null, ...(muted.length ? { userId: { notIn: muted } } : {}) },
      orderBy: { seq: 'asc' },
      take: 20,
    });
  }

  signalled(limit = 200): Promise<MessageRow[]> {
    return this.db.message.findMany({ where: { moderationStatus: 1, deletedAt: null }, orderBy: { seq: 'desc' }, take: limit });
  }

  async mutedBy(userId: string): Promise<string[]> {
    const rows = await this.db.mute.findMany({ where: { userId }, select: { mutedUserId: true }, orderBy: { createdAt: 'asc' } });
    return rows.map((row) => row.mutedUserId);
  }

  /** Inserts the mute unless it exists; answers whether it did. */
  async insertMute(userId: string, mutedUserId: string, at: Date): Promise<boolean> {
    const inserted = await this.db.$executeRawUnsafe(
      `INSERT INTO ${tables.mute} (user_id, muted_user_id, created_at) VALUES ($1::uuid, $2::uuid, $3::timestamptz) ON CONFLICT DO NOTHING`,
      userId,
      mutedUserId,
      at.toISOString(),
    );
    return inserted > 0;
  }

  async unmute(userId: string, mutedUserId: string): Promise<void> {
    await this.db.mute.deleteMany({ where: { userId, mutedUserId } });
  }

  /** Users by the mutes they received since `since`, most muted first. */
  async trollHunt(since: Date, limit = 100): Promise<TrollHunt['users']> {
    const rows = await this.db.$queryRawUnsafe<{ user_id: string; user_name: string | null; mutes: bigint }[]>(
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
