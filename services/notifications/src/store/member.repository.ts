import type { SqlExecutor } from '@civic/service-kit';
import { Role } from '@civic/contracts';
import type { NotificationsPrisma } from './prisma.js';
import { tables } from './tables.js';

/**
 * This service's record of identity's users, fed by events that may arrive in any order: each event
 * upserts only what it knows, and a deletion is never undone by a late registration.
 */
export class MemberRepository {
  constructor(private readonly db: NotificationsPrisma) {}

  static async recordRegistration(tx: SqlExecutor, userId: string, userName: string, registeredAt: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${tables.member} (user_id, user_name, registered_at) VALUES ($1::uuid, $2, $3::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET registered_at = EXCLUDED.registered_at,
         user_name = CASE WHEN ${tables.member}.deleted_at IS NULL THEN EXCLUDED.user_name ELSE ${tables.member}.user_name END`,
      userId,
      userName,
      registeredAt,
    );
  }

  static async recordRole(tx: SqlExecutor, userId: string, moderator: boolean, scribe: boolean): Promise<void> {
    const role = moderator ? Role.Moderator : scribe ? Role.Scribe : Role.User;
    await tx.$executeRawUnsafe(
      `INSERT INTO ${tables.member} (user_id, role) VALUES ($1::uuid, $2) ON CONFLICT (user_id) DO UPDATE SET role = EXCLUDED.role`,
      userId,
      role,
    );
  }

  /** Whether the projection knows the user as a moderator now (elected since their token was issued). */
  async isModerator(userId: string): Promise<boolean> {
    const member = await this.db.member.findUnique({ where: { userId }, select: { role: true, deletedAt: true } });
    return member !== null && member.deletedAt === null && member.role === Role.Moderator;
  }
}
