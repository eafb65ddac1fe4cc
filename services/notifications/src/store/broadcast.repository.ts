import { sql, type Sql, type SqlExecutor } from '@civic/service-kit';
import type { AlertMessageKey } from '@civic/contracts';
import type { AlertContent, AlertParams } from '../domain/alert-messages.js';
import type { BroadcastMark, BroadcastReader, UnreadParts } from '../domain/broadcasts.js';
import { sequences, tables } from './tables.js';

/** One broadcast as one member finds it. */
export interface BroadcastFound extends AlertContent {
  id: number;
  seq: number;
  createdAt: string;
  reader: BroadcastReader | null;
  mark: BroadcastMark | null;
}

const num = (value: bigint | number | string): number => Number(value);

/** The mark's column for each change: fixed fragments, never input. */
const markColumn: Record<'viewed' | 'deleted', Sql> = { viewed: sql`viewed`, deleted: sql`deleted` };

/**
 * The alerts for everyone (src/domain/broadcasts.ts): one row per event, the broadcasts' total, each
 * member's watermarks (columns of `member`) and marks. Reads and writes only; commands own the transactions.
 */
export const BroadcastRepository = {
  /**
   * One alert for everyone: the total moves on (its row lock orders concurrent broadcasts) and the
   * broadcast takes the next number and the next id of `alert`'s sequence, in one statement.
   */
  async insert(tx: SqlExecutor, content: AlertContent): Promise<{ id: number; seq: number }> {
    const rows = await tx.$queryRaw<{ id: bigint; seq: bigint }[]>(
      sql`WITH next AS (UPDATE ${tables.broadcastTotal} SET total = total + 1 WHERE id = 1 RETURNING total)
          INSERT INTO ${tables.broadcast} (id, seq, message_key, params, link)
          SELECT nextval(${sequences.alertIds}), next.total, ${content.messageKey}, ${JSON.stringify(content.params)}::jsonb, ${content.link} FROM next
          RETURNING id, seq`,
    );
    const row = rows[0];
    if (!row) throw new Error('broadcast_total has no row: the broadcast_alerts migration is missing');
    return { id: num(row.id), seq: num(row.seq) };
  },

  /** The broadcast of this id (null when it is not one) with the member's watermarks (null: no member) and mark. */
  async find(tx: SqlExecutor, id: number, userId: string): Promise<BroadcastFound | null> {
    const rows = await tx.$queryRaw<
      {
        id: bigint;
        seq: bigint;
        message_key: AlertMessageKey;
        params: AlertParams;
        link: string | null;
        created_at: Date;
        broadcasts_from: bigint | null; broadcasts_seen: bigint | null; viewed: boolean | null; deleted: boolean | null;
      }[]
    >(
      sql`SELECT b.id, b.seq, b.message_key, b.params, b.link, b.created_at, m.broadcasts_from, m.broadcasts_seen, k.viewed, k.deleted
          FROM ${tables.broadcast} b
          LEFT JOIN ${tables.member} m ON m.user_id = ${userId}::uuid AND m.deleted_at IS NULL
          LEFT JOIN ${tables.mark} k ON k.user_id = ${userId}::uuid AND k.broadcast_seq = b.seq
          WHERE b.id = ${id}`,
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: num(row.id),
      seq: num(row.seq),
      messageKey: row.message_key,
      params: row.params ?? {},
      link: row.link,
      createdAt: new Date(row.created_at).toISOString(),
      reader: row.broadcasts_from === null || row.broadcasts_seen === null ? null : { from: num(row.broadcasts_from), seen: num(row.broadcasts_seen) },
      mark: row.viewed === null || row.deleted === null ? null : { viewed: row.viewed, deleted: row.deleted },
    };
  },

  /** Writes the member's mark on one broadcast (viewed, or deleted); a deleted mark stays deleted. */
  async mark(tx: SqlExecutor, userId: string, seq: number, change: 'viewed' | 'deleted'): Promise<void> {
    const column = markColumn[change];
    await tx.$executeRaw(
      sql`INSERT INTO ${tables.mark} AS k (user_id, broadcast_seq, ${column}) VALUES (${userId}::uuid, ${seq}, true)
          ON CONFLICT (user_id, broadcast_seq) DO UPDATE SET ${column} = true`,
    );
  },

  /** The member's "read up to" watermark, moved on; the marks it covers that only said viewed are removed. */
  async markSeen(tx: SqlExecutor, userId: string, seen: number): Promise<void> {
    await tx.$executeRaw(
      sql`UPDATE ${tables.member} SET broadcasts_seen = GREATEST(broadcasts_seen, ${seen}) WHERE user_id = ${userId}::uuid AND deleted_at IS NULL`,
    );
    await tx.$executeRaw(sql`DELETE FROM ${tables.mark} WHERE user_id = ${userId}::uuid AND broadcast_seq <= ${seen} AND NOT deleted`);
  },

  /** A deleted account keeps no marks. */
  async forgetUser(tx: SqlExecutor, userId: string): Promise<void> {
    await tx.$executeRaw(sql`DELETE FROM ${tables.mark} WHERE user_id = ${userId}::uuid`);
  },

  /**
   * The parts of the unread counts of several users, in one query (the live push reads every
   * connected user of a replica at once): personal counter, the total, watermarks, marks above `seen`.
   * Every user asked is answered; one the service does not know as a member has no reader.
   */
  async unreadParts(tx: SqlExecutor, userIds: string[]): Promise<Map<string, UnreadParts>> {
    const parts = new Map<string, UnreadParts>();
    if (userIds.length === 0) return parts;
    const rows = await tx.$queryRaw<
      { user_id: string; personal: number; total: bigint; broadcasts_from: bigint | null; broadcasts_seen: bigint | null; marked: number }[]
    >(
      // Lateral lookups by primary key, one per user asked (LIMIT 1 keeps them lookups): the cost follows
      // the users asked, never the number of members, which a hash join would scan.
      sql`SELECT u.id::text AS user_id, COALESCE(c.unread, 0) AS personal, t.total, m.broadcasts_from, m.broadcasts_seen, COALESCE(k.marked, 0) AS marked
          FROM unnest(${userIds}::uuid[]) AS u(id)
          CROSS JOIN ${tables.broadcastTotal} t
          LEFT JOIN LATERAL (SELECT unread FROM ${tables.counter} WHERE user_id = u.id LIMIT 1) c ON true
          LEFT JOIN LATERAL (
            SELECT broadcasts_from, broadcasts_seen FROM ${tables.member} WHERE user_id = u.id AND deleted_at IS NULL LIMIT 1
          ) m ON true
          LEFT JOIN LATERAL (
            SELECT count(*)::int AS marked FROM ${tables.mark} k
            WHERE k.user_id = u.id AND k.broadcast_seq > GREATEST(m.broadcasts_seen, m.broadcasts_from) AND (k.viewed OR k.deleted)
          ) k ON m.broadcasts_from IS NOT NULL
          WHERE t.id = 1`,
    );
    for (const row of rows) {
      parts.set(row.user_id, {
        personal: row.personal,
        total: num(row.total),
        reader: row.broadcasts_from === null || row.broadcasts_seen === null ? null : { from: num(row.broadcasts_from), seen: num(row.broadcasts_seen) },
        markedAboveSeen: row.marked,
      });
    }
    return parts;
  },
};
