import { MemberProjection, sql } from '@civic/service-kit';
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

  /** The user's role and deletion as the projection holds them; null when it does not know them. */
  async standing(userId: string): Promise<MemberStanding | null> {
    const rows = await this.db.$queryRaw<{ role: number; deleted_at: Date | null }[]>(
      sql`SELECT role, deleted_at FROM ${tables.member} WHERE user_id = ${userId}::uuid`,
    );
    const row = rows[0];
    return row ? { role: row.role, deletedAt: row.deleted_at } : null;
  }
}
