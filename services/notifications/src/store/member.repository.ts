import { Role } from '@civic/contracts';
import { MemberProjection, sql, type SqlExecutor } from '@civic/service-kit';
import type { MemberStanding } from '../domain/alert-access.js';
import { SCHEMA, type NotificationsPrisma } from './prisma.js';
import { tables } from './tables.js';

/**
 * This service's record of identity's users: who receives alerts for everyone, and who is a
 * moderator now. A deletion is written with the user's alerts forgotten (AlertRepository.forgetUser),
 * and is never undone by a late registration.
 */
export const memberProjection = new MemberProjection({ schema: SCHEMA, table: 'member', columns: { role: true } });

/** What the notifications service reads of its members. */
export class MemberRepository {
  constructor(private readonly db: NotificationsPrisma) {}

  /**
   * The moderators now (the role projection of identity.user.role-changed), deleted accounts left
   * out, inside the caller's transaction. A scan of the members: it serves rare alerts only (a
   * refused seal), so no index is kept for it.
   */
  static async moderators(tx: SqlExecutor): Promise<string[]> {
    const rows = await tx.$queryRaw<{ user_id: string }[]>(
      sql`SELECT user_id::text AS user_id FROM ${tables.member} WHERE role = ${Role.Moderator} AND deleted_at IS NULL ORDER BY user_id`,
    );
    return rows.map((row) => row.user_id);
  }

  /** The user's role and deletion as the projection holds them; null when it does not know them. */
  async standing(userId: string): Promise<MemberStanding | null> {
    const rows = await this.db.$queryRaw<{ role: number; deleted_at: Date | null }[]>(
      sql`SELECT role, deleted_at FROM ${tables.member} WHERE user_id = ${userId}::uuid`,
    );
    const row = rows[0];
    return row ? { role: row.role, deletedAt: row.deleted_at } : null;
  }
}
