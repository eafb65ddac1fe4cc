import { empty, sql, type Sql, type SqlExecutor } from '@civic/service-kit';
import type { AlertMessageKey } from '@civic/contracts';
import { followAlertKinds } from '@civic/contracts';
import type { AlertBatch, AlertContent, AlertParams } from '../domain/alert-messages.js';
import type { FollowAlert, FollowPreferenceName } from '../domain/follow-alerts.js';
import { unreadCount } from '../domain/broadcasts.js';
import type { PagePlan } from '../domain/paging.js';
import { BroadcastRepository } from './broadcast.repository.js';
import type { NotificationsPrisma } from './prisma.js';
import { tables } from './tables.js';

/** An alert as the API answers it. */
export interface AlertView {
  id: number;
  userId: string;
  messageKey: AlertMessageKey;
  params: AlertParams;
  link: string | null;
  viewed: 0 | 1;
  createdAt: string;
}

export interface AlertRow {
  id: bigint | number | string;
  user_id: string;
  message_key: AlertMessageKey;
  params: AlertParams;
  link: string | null;
  viewed: number;
  created_at: Date;
}

const columns = sql`id, user_id::text AS user_id, message_key, params, link, viewed, created_at`;

export const toView = (row: AlertRow): AlertView => ({
  id: Number(row.id),
  userId: row.user_id,
  messageKey: row.message_key,
  params: row.params ?? {},
  link: row.link,
  viewed: row.viewed === 1 ? 1 : 0,
  createdAt: new Date(row.created_at).toISOString(),
});

/**
 * Alert inserts take this advisory lock shared, an account deletion takes it exclusively: a deletion
 * waits for the inserts in flight and every later insert sees the deletion, so no alert of a deleted
 * account survives, even one written by a bulk statement running at the same time.
 */
const OWNERS_LOCK = 7_310_451_201;
export const shareOwners = (tx: SqlExecutor) => tx.$queryRaw(sql`SELECT pg_advisory_xact_lock_shared(${OWNERS_LOCK}::bigint)::text`);
const lockOwners = (tx: SqlExecutor) => tx.$queryRaw(sql`SELECT pg_advisory_xact_lock(${OWNERS_LOCK}::bigint)::text`);

/** A follower's preference column for each kind of follow alert: fixed fragments, never input. */
const preferenceColumn: Record<FollowPreferenceName, Sql> = { edits: sql`p.edits`, results: sql`p.results`, closing: sql`p.closing` };

/**
 * Personal alerts (one row per user) and what a member reads of all their alerts, personal and for
 * everyone (src/store/broadcast.repository.ts). Static methods read and write inside the caller's
 * transaction (a consumer's, a command's); instance methods are single reads.
 */
export class AlertRepository {
  constructor(private readonly db: NotificationsPrisma) {}

  /** Inserts the batch's alert for each of its users, except deleted accounts, in one statement. Answers the rows written. */
  static async insertBatch(tx: SqlExecutor, batch: AlertBatch): Promise<number> {
    if (batch.userIds.length === 0) return 0;
    await shareOwners(tx);
    return tx.$executeRaw(
      sql`INSERT INTO ${tables.alert} (user_id, message_key, params, link)
          SELECT u.id, ${batch.messageKey}, ${JSON.stringify(batch.params)}::jsonb, ${batch.link} FROM unnest(${batch.userIds}::uuid[]) AS u(id)
          WHERE NOT EXISTS (SELECT 1 FROM ${tables.member} m WHERE m.user_id = u.id AND m.deleted_at IS NOT NULL)
          ORDER BY u.id`,
    );
  }

  /**
   * The alert for each follower of its document whose preference asks for it, except deleted accounts
   * and `exceptUserId`, in one statement. An edit alert is skipped for a follower who has not yet
   * viewed the previous one of the same document. Answers the followers told.
   */
  static async insertForFollowers(tx: SqlExecutor, alert: FollowAlert): Promise<string[]> {
    await shareOwners(tx);
    const preference = preferenceColumn[followAlertKinds[alert.messageKey]];
    const edit = alert.messageKey === 'followedEdited';
    // Two edits of one document applied at once (two replicas) must not both find no unviewed alert.
    if (edit) await tx.$queryRaw(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`followed-edit:${alert.documentId}`}, 0))::text`);
    const noUnviewedEdit = edit
      ? sql`AND NOT EXISTS (
          SELECT 1 FROM ${tables.alert} a
          WHERE a.user_id = f.user_id AND a.document_id = f.document_id AND a.message_key = 'followedEdited' AND a.viewed = 0)`
      : empty;
    const rows = await tx.$queryRaw<{ user_id: string }[]>(
      sql`INSERT INTO ${tables.alert} (user_id, message_key, params, link, document_id)
          SELECT f.user_id, ${alert.messageKey}, ${JSON.stringify(alert.params)}::jsonb, ${alert.link}, f.document_id FROM ${tables.follow} f
          LEFT JOIN ${tables.preference} p ON p.user_id = f.user_id
          WHERE f.document_id = ${alert.documentId}::uuid
            AND COALESCE(${preference}, true)
            AND (${alert.exceptUserId}::uuid IS NULL OR f.user_id <> ${alert.exceptUserId}::uuid)
            AND NOT EXISTS (SELECT 1 FROM ${tables.member} m WHERE m.user_id = f.user_id AND m.deleted_at IS NOT NULL)
            ${noUnviewedEdit}
          ORDER BY f.user_id
          RETURNING user_id::text AS user_id`,
    );
    return rows.map((row) => row.user_id);
  }

  /** One alert for one user (POST /api/users/notifications); null when the account was deleted. */
  static async create(tx: SqlExecutor, userId: string, content: AlertContent): Promise<AlertView | null> {
    await shareOwners(tx);
    const rows = await tx.$queryRaw<AlertRow[]>(
      sql`INSERT INTO ${tables.alert} (user_id, message_key, params, link)
          SELECT ${userId}::uuid, ${content.messageKey}, ${JSON.stringify(content.params)}::jsonb, ${content.link}
          WHERE NOT EXISTS (SELECT 1 FROM ${tables.member} m WHERE m.user_id = ${userId}::uuid AND m.deleted_at IS NOT NULL)
          RETURNING ${columns}`,
    );
    return rows[0] ? toView(rows[0]) : null;
  }

  /** A deleted account: remembered, so that no later event gives it an alert, and its alerts removed. */
  static async forgetUser(tx: SqlExecutor, userId: string, deletedAt: string): Promise<void> {
    await lockOwners(tx);
    await tx.$executeRaw(
      sql`INSERT INTO ${tables.member} (user_id, registered_at, deleted_at) VALUES (${userId}::uuid, ${deletedAt}::timestamptz, ${deletedAt}::timestamptz)
          ON CONFLICT (user_id) DO UPDATE SET deleted_at = EXCLUDED.deleted_at, user_name = ''`,
    );
    await tx.$executeRaw(sql`DELETE FROM ${tables.alert} WHERE user_id = ${userId}::uuid`);
    await tx.$executeRaw(sql`DELETE FROM ${tables.counter} WHERE user_id = ${userId}::uuid`);
  }

  /**
   * One page of the user's alerts, newest first (see domain/paging.ts): their personal alerts and the
   * alerts for everyone that are theirs (after their `broadcasts_from`, not deleted by them), merged by
   * id in one statement. Each side reads at most offset + limit rows by its index, in the page's
   * direction; the merge keeps `limit` after `offset`.
   */
  async page(userId: string, plan: PagePlan): Promise<AlertView[]> {
    const newer = plan.direction === 'newer';
    const bound = newer ? (plan.after ?? 0) : plan.before;
    // The direction and whether there is a bound are fixed fragments; the bound is a parameter.
    const order = newer ? sql`ASC` : sql`DESC`;
    const after = (id: Sql) => (bound === null ? empty : newer ? sql`AND ${id} > ${bound}` : sql`AND ${id} < ${bound}`);
    const sideLimit = plan.offset + plan.limit;
    const rows = await this.db.$queryRaw<AlertRow[]>(
      sql`WITH reader AS (
            SELECT broadcasts_from, GREATEST(broadcasts_seen, broadcasts_from) AS seen FROM ${tables.member}
            WHERE user_id = ${userId}::uuid AND deleted_at IS NULL
          )
          SELECT id, ${userId}::uuid::text AS user_id, message_key, params, link, viewed, created_at FROM (
            (SELECT a.id, a.message_key, a.params, a.link, a.viewed::int AS viewed, a.created_at FROM ${tables.alert} a
             WHERE a.user_id = ${userId}::uuid ${after(sql`a.id`)} ORDER BY a.id ${order} LIMIT ${sideLimit})
            UNION ALL
            (SELECT b.id, b.message_key, b.params, b.link, CASE WHEN b.seq <= r.seen OR k.viewed THEN 1 ELSE 0 END, b.created_at
             FROM reader r JOIN ${tables.broadcast} b ON b.seq > r.broadcasts_from
             LEFT JOIN ${tables.mark} k ON k.user_id = ${userId}::uuid AND k.broadcast_seq = b.seq
             WHERE k.deleted IS NOT TRUE ${after(sql`b.id`)} ORDER BY b.id ${order} LIMIT ${sideLimit})
          ) AS mine ORDER BY id ${order} LIMIT ${plan.limit} OFFSET ${plan.offset}`,
    );
    const views = rows.map(toView);
    return newer ? views.reverse() : views;
  }

  /** The user's unread count: personal alerts plus alerts for everyone (domain/broadcasts.ts). */
  async unread(userId: string): Promise<number> {
    return (await this.unreadOf([userId])).get(userId) ?? 0;
  }

  /** Unread counts of several users (those with a live stream) in one query, unknown users at 0. */
  async unreadOf(userIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>(userIds.map((id) => [id, 0]));
    for (const [userId, parts] of await BroadcastRepository.unreadParts(this.db, userIds)) counts.set(userId, unreadCount(parts));
    return counts;
  }

  /** Who owns the personal alert of this id, or null when there is none. */
  static async owner(tx: SqlExecutor, id: number): Promise<string | null> {
    const rows = await tx.$queryRaw<{ user_id: string }[]>(sql`SELECT user_id::text AS user_id FROM ${tables.alert} WHERE id = ${id}`);
    return rows[0]?.user_id ?? null;
  }

  /**
   * The personal alert of this id and owner marked viewed (again harmless); null when there is no
   * such row any more (the owner, as the command read it, is the statement's guard).
   */
  static async markViewed(tx: SqlExecutor, id: number, owner: string): Promise<AlertView | null> {
    const rows = await tx.$queryRaw<AlertRow[]>(
      sql`UPDATE ${tables.alert} SET viewed = 1 WHERE id = ${id} AND user_id = ${owner}::uuid AND viewed = 0 RETURNING ${columns}`,
    );
    if (rows[0]) return toView(rows[0]);
    const again = await tx.$queryRaw<AlertRow[]>(sql`SELECT ${columns} FROM ${tables.alert} WHERE id = ${id} AND user_id = ${owner}::uuid`);
    return again[0] ? toView(again[0]) : null;
  }

  /** Every unread personal alert of the user read; answers how many changed. */
  static async markAllViewed(tx: SqlExecutor, userId: string): Promise<number> {
    return tx.$executeRaw(sql`UPDATE ${tables.alert} SET viewed = 1 WHERE user_id = ${userId}::uuid AND viewed = 0`);
  }

  /** Removes the personal alert of this id and owner; false when there is no such row any more. */
  static async remove(tx: SqlExecutor, id: number, owner: string): Promise<boolean> {
    return (await tx.$executeRaw(sql`DELETE FROM ${tables.alert} WHERE id = ${id} AND user_id = ${owner}::uuid`)) > 0;
  }
}
