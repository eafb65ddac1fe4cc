import type { SqlExecutor } from '@civic/service-kit';
import type { ChatPrisma } from './prisma.js';
import { tables } from './tables.js';

const table = tables.member;

/**
 * The chat's record of identity's users (names, moderator flag, suspension), fed by identity's
 * events. Events of different subjects arrive in any order: each upserts only what it knows.
 */
export class MemberRepository {
  constructor(private readonly prisma: ChatPrisma) {}

  static async recordRegistration(tx: SqlExecutor, userId: string, userName: string, registeredAt: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table} (user_id, user_name, registered_at) VALUES ($1::uuid, $2, $3::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET registered_at = EXCLUDED.registered_at,
         user_name = CASE WHEN ${table}.user_name = '' THEN EXCLUDED.user_name ELSE ${table}.user_name END`,
      userId,
      userName,
      registeredAt,
    );
  }

  static async recordName(tx: SqlExecutor, userId: string, userName: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table} (user_id, user_name, registered_at) VALUES ($1::uuid, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET user_name = EXCLUDED.user_name`,
      userId,
      userName,
    );
    await tx.$executeRawUnsafe(`UPDATE ${tables.message} SET user_name = $2 WHERE user_id = $1::uuid`, userId, userName);
  }

  /** `until` null lifts it; the later event (by occurredAt) wins whatever order they arrive in. */
  static async recordSuspension(tx: SqlExecutor, userId: string, until: string | null, occurredAt: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table} (user_id, user_name, registered_at, suspended_until, suspension_at) VALUES ($1::uuid, '', now(), $2::timestamptz, $3::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET suspended_until = EXCLUDED.suspended_until, suspension_at = EXCLUDED.suspension_at
       WHERE ${table}.suspension_at IS NULL OR ${table}.suspension_at <= EXCLUDED.suspension_at`,
      userId,
      until,
      occurredAt,
    );
  }

  static async recordRole(tx: SqlExecutor, userId: string, moderator: boolean): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table} (user_id, user_name, registered_at, moderator, role) VALUES ($1::uuid, '', now(), $2, CASE WHEN $2 THEN 1 ELSE 0 END)
       ON CONFLICT (user_id) DO UPDATE SET moderator = EXCLUDED.moderator, role = EXCLUDED.role`,
      userId,
      moderator,
    );
  }

  static async recordDeletion(tx: SqlExecutor, userId: string, deletedAt: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table} (user_id, user_name, registered_at, deleted_at) VALUES ($1::uuid, '', now(), $2::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET deleted_at = EXCLUDED.deleted_at`,
      userId,
      deletedAt,
    );
  }

  /** What the projection knows of one user (null when no event about them arrived yet). */
  standing(userId: string) {
    return this.prisma.member.findUnique({
      where: { userId },
      select: { userName: true, moderator: true, suspendedUntil: true, deletedAt: true },
    });
  }

  async names(userIds: string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.prisma.member.findMany({ where: { userId: { in: userIds } }, select: { userId: true, userName: true } });
    return new Map(rows.map((row) => [row.userId, row.userName]));
  }
}
