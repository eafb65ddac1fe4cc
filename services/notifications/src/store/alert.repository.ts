import type { SqlExecutor } from '@civic/service-kit';
import type { AlertMessageKey } from '@civic/contracts';
import { followAlertKinds } from '@civic/contracts';
import type { AlertBatch, AlertContent, AlertParams } from '../domain/alert-messages.js';
import type { FollowAlert } from '../domain/follow-alerts.js';
import type { PagePlan } from '../domain/paging.js';
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

interface AlertRow {
  id: bigint | number | string;
  user_id: string;
  message_key: AlertMessageKey;
  params: AlertParams;
  link: string | null;
  viewed: number;
  created_at: Date;
}

const columns = 'id, user_id::text AS user_id, message_key, params, link, viewed, created_at';

const toView = (row: AlertRow): AlertView => ({
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
const shareOwners = (tx: SqlExecutor) => tx.$queryRawUnsafe(`SELECT pg_advisory_xact_lock_shared(${OWNERS_LOCK})::text`);
const lockOwners = (tx: SqlExecutor) => tx.$queryRawUnsafe(`SELECT pg_advisory_xact_lock(${OWNERS_LOCK})::text`);

export type Ownership = 'mine' | 'missing' | 'forbidden';

export class AlertRepository {
  constructor(private readonly db: NotificationsPrisma) {}

  /** Inserts the batch's alert for each of its users, except deleted accounts, in one statement. Answers the rows written. */
  static async insertBatch(tx: SqlExecutor, batch: AlertBatch): Promise<number> {
    if (batch.userIds.length === 0) return 0;
    await shareOwners(tx);
    return tx.$executeRawUnsafe(
      `INSERT INTO ${tables.alert} (user_id, message_key, params, link)
       SELECT u.id, $2, $3::jsonb, $4 FROM unnest($1::uuid[]) AS u(id)
       WHERE NOT EXISTS (SELECT 1 FROM ${tables.member} m WHERE m.user_id = u.id AND m.deleted_at IS NOT NULL)
       ORDER BY u.id`,
      batch.userIds,
      batch.messageKey,
      JSON.stringify(batch.params),
      batch.link,
    );
  }

  /** The alert for every member who still has an account: one INSERT ... SELECT over the projection. */
  static async insertForEveryone(tx: SqlExecutor, content: AlertContent): Promise<number> {
    await shareOwners(tx);
    return tx.$executeRawUnsafe(
      `INSERT INTO ${tables.alert} (user_id, message_key, params, link)
       SELECT m.user_id, $1, $2::jsonb, $3 FROM ${tables.member} m WHERE m.deleted_at IS NULL ORDER BY m.user_id`,
      content.messageKey,
      JSON.stringify(content.params),
      content.link,
    );
  }

  /**
   * The alert for each follower of its document whose preference asks for it, except deleted accounts
   * and `exceptUserId`, in one statement. An edit alert is skipped for a follower who has not yet
   * viewed the previous one of the same document. Answers the followers told.
   */
  static async insertForFollowers(tx: SqlExecutor, alert: FollowAlert): Promise<string[]> {
    await shareOwners(tx);
    // The column is one of three constants (followAlertKinds), never input.
    const preference = followAlertKinds[alert.messageKey];
    // Two edits of one document applied at once (two replicas) must not both find no unviewed alert.
    if (alert.messageKey === 'followedEdited') await tx.$queryRawUnsafe(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))::text`, `followed-edit:${alert.documentId}`);
    const rows = await tx.$queryRawUnsafe<{ user_id: string }[]>(
      `INSERT INTO ${tables.alert} (user_id, message_key, params, link, document_id)
       SELECT f.user_id, $2, $3::jsonb, $4, f.document_id FROM ${tables.follow} f
       LEFT JOIN ${tables.preference} p ON p.user_id = f.user_id
       WHERE f.document_id = $1::uuid
         AND COALESCE(p."${preference}", true)
         AND ($5::uuid IS NULL OR f.user_id <> $5::uuid)
         AND NOT EXISTS (SELECT 1 FROM ${tables.member} m WHERE m.user_id = f.user_id AND m.deleted_at IS NOT NULL)
         AND ($2 <> 'followedEdited' OR NOT EXISTS (
           SELECT 1 FROM ${tables.alert} a
           WHERE a.user_id = f.user_id AND a.document_id = f.document_id AND a.message_key = 'followedEdited' AND a.viewed = 0))
       ORDER BY f.user_id
       RETURNING user_id::text AS user_id`,
      alert.documentId,
      alert.messageKey,
      JSON.stringify(alert.params),
      alert.link,
      alert.exceptUserId,
    );
    return rows.map((row) => row.user_id);
  }

  /** One alert for one user (POST /api/users/notifications); null when the account was deleted. */
  async create(userId: string, content: AlertContent): Promise<AlertView | null> {
    return this.db.$transaction(async (tx) => {
      await shareOwners(tx);
      const rows = await tx.$queryRawUnsafe<AlertRow[]>(
        `INSERT INTO ${tables.alert} (user_id, message_key, params, link)
         SELECT $1::uuid, $2, $3::jsonb, $4
         WHERE NOT EXISTS (SELECT 1 FROM ${tables.member} m WHERE m.user_id = $1::uuid AND m.deleted_at IS NOT NULL)
         RETURNING ${columns}`,
        userId,
        content.messageKey,
        JSON.stringify(content.params),
        content.link,
      );
      return rows[0] ? toView(rows[0]) : null;
    });
  }

  /** A deleted account: remembered, so that no later event gives it an alert, and its alerts removed. */
  static async forgetUser(tx: SqlExecutor, userId: string, deletedAt: string): Promise<void> {
    await lockOwners(tx);
    await tx.$executeRawUnsafe(
      `INSERT INTO ${tables.member} (user_id, registered_at, deleted_at) VALUES ($1::uuid, $2::timestamptz, $2::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET deleted_at = EXCLUDED.deleted_at, user_name = ''`,
      userId,
      deletedAt,
    );
    await tx.$executeRawUnsafe(`DELETE FROM ${tables.alert} WHERE user_id = $1::uuid`, userId);
    await tx.$executeRawUnsafe(`DELETE FROM ${tables.counter} WHERE user_id = $1::uuid`, userId);
  }

  /** One page of the user's alerts, newest first (see domain/paging.ts). */
  async page(userId: string, plan: PagePlan): Promise<AlertView[]> {
    const rows =
      plan.direction === 'newer'
        ? await this.db.$queryRawUnsafe<AlertRow[]>(
            `SELECT ${columns} FROM ${tables.alert} WHERE user_id = $1::uuid AND id > $2 ORDER BY id ASC LIMIT $3 OFFSET $4`,
            userId,
            plan.after ?? 0,
            plan.limit,
            plan.offset,
          )
        : plan.before !== null
          ? await this.db.$queryRawUnsafe<AlertRow[]>(
              `SELECT ${columns} FROM ${tables.alert} WHERE user_id = $1::uuid AND id < $2 ORDER BY id DESC LIMIT $3 OFFSET $4`,
              userId,
              plan.before,
              plan.limit,
              plan.offset,
            )
          : await this.db.$queryRawUnsafe<AlertRow[]>(
              `SELECT ${columns} FROM ${tables.alert} WHERE user_id = $1::uuid ORDER BY id DESC LIMIT $2 OFFSET $3`,
              userId,
              plan.limit,
              plan.offset,
            );
    const views = rows.map(toView);
    return plan.direction === 'newer' ? views.reverse() : views;
  }

  async unread(userId: string): Promise<number> {
    const rows = await this.db.$queryRawUnsafe<{ unread: number }[]>(`SELECT unread FROM ${tables.counter} WHERE user_id = $1::uuid`, userId);
    return rows[0]?.unread ?? 0;
  }

  /** Unread counts of several users (those with a live stream), absent users at 0. */
  async unreadOf(userIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>(userIds.map((id) => [id, 0]));
    if (userIds.length === 0) return counts;
    const rows = await this.db.$queryRawUnsafe<{ user_id: string; unread: number }[]>(
      `SELECT user_id::text AS user_id, unread FROM ${tables.counter} WHERE user_id = ANY($1::uuid[])`,
      userIds,
    );
    for (const row of rows) counts.set(row.user_id, row.unread);
    return counts;
  }

  private async ownership(id: number, userId: string): Promise<Ownership> {
    const rows = await this.db.$queryRawUnsafe<{ user_id: string }[]>(`SELECT user_id::text AS user_id FROM ${tables.alert} WHERE id = $1`, id);
    if (!rows[0]) return 'missing';
    return rows[0].user_id === userId ? 'mine' : 'forbidden';
  }

  /** viewed 0 -> 1 (again harmless). */
  async markViewed(id: number, userId: string): Promise<AlertView | Exclude<Ownership, 'mine'>> {
    const rows = await this.db.$queryRawUnsafe<AlertRow[]>(
      `UPDATE ${tables.alert} SET viewed = 1 WHERE id = $1 AND user_id = $2::uuid AND viewed = 0 RETURNING ${columns}`,
      id,
      userId,
    );
    if (rows[0]) return toView(rows[0]);
    const owner = await this.ownership(id, userId);
    if (owner !== 'mine') return owner;
    const again = await this.db.$queryRawUnsafe<AlertRow[]>(`SELECT ${columns} FROM ${tables.alert} WHERE id = $1`, id);
    return again[0] ? toView(again[0]) : 'missing';
  }

  /** Every unread alert of the user read; answers how many changed. */
  async markAllViewed(userId: string): Promise<number> {
    return this.db.$executeRawUnsafe(`UPDATE ${tables.alert} SET viewed = 1 WHERE user_id = $1::uuid AND viewed = 0`, userId);
  }

  async remove(id: number, userId: string): Promise<Ownership> {
    const removed = await this.db.$executeRawUnsafe(`DELETE FROM ${tables.alert} WHERE id = $1 AND user_id = $2::uuid`, id, userId);
    if (removed > 0) return 'mine';
    const owner = await this.ownership(id, userId);
    return owner === 'mine' ? 'missing' : owner;
  }
}
