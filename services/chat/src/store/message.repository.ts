import { randomUUID } from 'node:crypto';
import type { TrollHunt } from '@civic/contracts';
import { empty, sql, type SqlExecutor } from '@civic/service-kit';
import type { StoredMessage } from '../domain/message-view.js';
import { tables } from './tables.js';

/** A message row as stored. */
export interface MessageRow extends StoredMessage {
  seq: bigint;
  replyToId: string | null;
  signalledBy: string | null;
  signalledAt: Date | null;
  deletedBy: string | null;
  clientMessageId: string | null;
}

/** Every column of `message`, named as MessageRow names them. */
const columns = sql`id, seq, room_id AS "roomId", user_id AS "userId", user_name AS "userName", text, reply_to_id AS "replyToId", pin,
  hide_in_chat AS "hideInChat", moderation_status AS "moderationStatus", signalled_by AS "signalledBy", signalled_at AS "signalledAt",
  edited_at AS "editedAt", edited_by_moderator AS "editedByModerator", deleted_at AS "deletedAt", deleted_by AS "deletedBy",
  deleted_by_moderator AS "deletedByModerator", created_at AS "createdAt", client_message_id AS "clientMessageId"`;

/** The filter leaving out the authors a viewer muted (nothing when none). */
const withoutAuthors = (muted: string[]) => (muted.length ? sql`AND user_id <> ALL(${muted}::uuid[])` : empty);

/** The rows of a statement that changes one message and answers it. */
const only = (rows: MessageRow[], id: string): MessageRow => {
  if (!rows[0]) throw new Error(`message ${id} is not there`);
  return rows[0];
};

/** Messages, their moderation and the mutes; each takes the client or a transaction (no rules, no events). */
export class MessageRepository {
  constructor(private readonly db: SqlExecutor) {}

  async byId(id: string): Promise<MessageRow | null> {
    const rows = await this.db.$queryRaw<MessageRow[]>(sql`SELECT ${columns} FROM ${tables.message} WHERE id = ${id}::uuid`);
    return rows[0] ?? null;
  }

  /** The messages of these ids that exist, in no particular order. */
  async byIds(ids: string[]): Promise<MessageRow[]> {
    if (ids.length === 0) return [];
    return this.db.$queryRaw<MessageRow[]>(sql`SELECT ${columns} FROM ${tables.message} WHERE id = ANY(${ids}::uuid[])`);
  }

  /** The post a user already stored under the id their client chose for it. */
  async byClientMessageId(userId: string, clientMessageId: string): Promise<MessageRow | null> {
    const rows = await this.db.$queryRaw<MessageRow[]>(
      sql`SELECT ${columns} FROM ${tables.message} WHERE user_id = ${userId}::uuid AND client_message_id = ${clientMessageId}::uuid`,
    );
    return rows[0] ?? null;
  }

  /** When the user last posted in the room (slow mode), null if never. */
  async lastPostAt(roomId: string, userId: string): Promise<Date | null> {
    const rows = await this.db.$queryRaw<{ created_at: Date }[]>(
      sql`SELECT created_at FROM ${tables.message} WHERE room_id = ${roomId} AND user_id = ${userId}::uuid ORDER BY created_at DESC LIMIT 1`,
    );
    return rows[0]?.created_at ?? null;
  }

  /**
   * Holds, until the transaction ends, the one lock of this member's posts in this room: two posts
   * of theirs arriving at once (two tabs, two pods) are checked against slow mode one after the other.
   */
  async lockPoster(roomId: string, userId: string): Promise<void> {
    await this.db.$queryRaw(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`chat:post:${roomId}:${userId}`}, 0))::text`);
  }

  /**
   * Inserts a post; null when the same user already stored one under the same client message id
   * (the unique (user_id, client_message_id) keeps a re-send, even on two instances at once, single).
   */
  async insertPost(input: { roomId: string; userId: string; userName: string; text: string; replyToId: string | null; clientMessageId: string | null; createdAt: Date }): Promise<MessageRow | null> {
    const rows = await this.db.$queryRaw<MessageRow[]>(
      sql`INSERT INTO ${tables.message} (id, room_id, user_id, user_name, text, reply_to_id, client_message_id, created_at)
          VALUES (${randomUUID()}::uuid, ${input.roomId}, ${input.userId}::uuid, ${input.userName}, ${input.text}, ${input.replyToId}::uuid,
            ${input.clientMessageId}::uuid, ${input.createdAt}::timestamptz)
          ON CONFLICT DO NOTHING
          RETURNING ${columns}`,
    );
    return rows[0] ?? null;
  }

  async updateText(id: string, change: { text: string; editedAt: Date; editedByModerator: boolean }): Promise<MessageRow> {
    const rows = await this.db.$queryRaw<MessageRow[]>(
      sql`UPDATE ${tables.message} SET text = ${change.text}, edited_at = ${change.editedAt}::timestamptz, edited_by_moderator = ${change.editedByModerator}
          WHERE id = ${id}::uuid RETURNING ${columns}`,
    );
    return only(rows, id);
  }

  /** Marks the message deleted (and unpinned) unless it already is; answers whether it did. */
  async markDeleted(id: string, by: { deletedBy: string; deletedByModerator: boolean; deletedAt: Date }): Promise<boolean> {
    const count = await this.db.$executeRaw(
      sql`UPDATE ${tables.message} SET deleted_by = ${by.deletedBy}::uuid, deleted_by_moderator = ${by.deletedByModerator}, deleted_at = ${by.deletedAt}::timestamptz, pin = false
          WHERE id = ${id}::uuid AND deleted_at IS NULL`,
    );
    return count > 0;
  }

  /** Marks the message signalled unless it already is or is deleted; answers whether it did. */
  async markSignalled(id: string, by: string, at: Date): Promise<boolean> {
    const count = await this.db.$executeRaw(
      sql`UPDATE ${tables.message} SET moderation_status = 1, signalled_by = ${by}::uuid, signalled_at = ${at}::timestamptz
          WHERE id = ${id}::uuid AND moderation_status = 0 AND deleted_at IS NULL`,
    );
    return count > 0;
  }

  async byIdOrThrow(id: string): Promise<MessageRow> {
    return only(await this.db.$queryRaw<MessageRow[]>(sql`SELECT ${columns} FROM ${tables.message} WHERE id = ${id}::uuid`), id);
  }

  async pin(id: string, pin: boolean): Promise<MessageRow> {
    return only(await this.db.$queryRaw<MessageRow[]>(sql`UPDATE ${tables.message} SET pin = ${pin} WHERE id = ${id}::uuid RETURNING ${columns}`), id);
  }

  async hide(id: string, hidden: boolean): Promise<MessageRow> {
    return only(await this.db.$queryRaw<MessageRow[]>(sql`UPDATE ${tables.message} SET hide_in_chat = ${hidden} WHERE id = ${id}::uuid RETURNING ${columns}`), id);
  }

  /** A page of a room's history, oldest first: before the message of `before` (its seq), without the authors in `muted`. */
  async history(roomId: string, muted: string[], before: bigint | null, limit: number): Promise<{ rows: MessageRow[]; more: boolean }> {
    const rows = await this.db.$queryRaw<MessageRow[]>(
      sql`SELECT ${columns} FROM ${tables.message}
          WHERE room_id = ${roomId} ${before !== null ? sql`AND seq < ${before}` : empty} ${withoutAuthors(muted)}
          ORDER BY seq DESC LIMIT ${limit + 1}`,
    );
    const more = rows.length > limit;
    return { rows: rows.slice(0, limit).reverse(), more };
  }

  /** A room's pinned messages that are not deleted, oldest first (at most 20), without the authors in `muted`. */
  async pinned(roomId: string, muted: string[]): Promise<MessageRow[]> {
    return this.db.$queryRaw<MessageRow[]>(
      sql`SELECT ${columns} FROM ${tables.message}
          WHERE room_id = ${roomId} AND pin AND deleted_at IS NULL ${withoutAuthors(muted)}
          ORDER BY seq ASC LIMIT 20`,
    );
  }

  /** Messages signalled to the moderators and not deleted, newest first. */
  async signalled(limit = 200): Promise<MessageRow[]> {
    return this.db.$queryRaw<MessageRow[]>(
      sql`SELECT ${columns} FROM ${tables.message} WHERE moderation_status = 1 AND deleted_at IS NULL ORDER BY seq DESC LIMIT ${limit}`,
    );
  }

  /** The authors the user muted, the oldest mute first. */
  async mutedBy(userId: string): Promise<string[]> {
    const rows = await this.db.$queryRaw<{ muted_user_id: string }[]>(
      sql`SELECT muted_user_id::text AS muted_user_id FROM ${tables.mute} WHERE user_id = ${userId}::uuid ORDER BY created_at ASC`,
    );
    return rows.map((row) => row.muted_user_id);
  }

  /** Inserts the mute unless it exists; answers whether it did. */
  async insertMute(userId: string, mutedUserId: string, at: Date): Promise<boolean> {
    const inserted = await this.db.$executeRaw(
      sql`INSERT INTO ${tables.mute} (user_id, muted_user_id, created_at) VALUES (${userId}::uuid, ${mutedUserId}::uuid, ${at.toISOString()}::timestamptz) ON CONFLICT DO NOTHING`,
    );
    return inserted > 0;
  }

  async unmute(userId: string, mutedUserId: string): Promise<void> {
    await this.db.$executeRaw(sql`DELETE FROM ${tables.mute} WHERE user_id = ${userId}::uuid AND muted_user_id = ${mutedUserId}::uuid`);
  }

  /** Users by the mutes they received since `since`, most muted first. */
  async trollHunt(since: Date, limit = 100): Promise<TrollHunt['users']> {
    const rows = await this.db.$queryRaw<{ user_id: string; user_name: string | null; mutes: bigint }[]>(
      sql`SELECT m.muted_user_id::text AS user_id,
                 COALESCE(NULLIF(mem.user_name, ''), (SELECT user_name FROM ${tables.message} WHERE user_id = m.muted_user_id ORDER BY seq DESC LIMIT 1)) AS user_name,
                 count(*) AS mutes
          FROM ${tables.mute} m LEFT JOIN ${tables.member} mem ON mem.user_id = m.muted_user_id
          WHERE m.created_at >= ${since.toISOString()}::timestamptz
          GROUP BY m.muted_user_id, mem.user_name
          ORDER BY mutes DESC, user_name ASC
          LIMIT ${limit}`,
    );
    return rows.map((row) => ({ userId: row.user_id, userName: row.user_name ?? '', mutes: Number(row.mutes) }));
  }
}
