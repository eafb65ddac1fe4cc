import type { SqlExecutor } from '@civic/service-kit';
import { tables } from './tables.js';
import type { ElectionsPrisma } from './prisma.js';

const member = tables.member;

/** What voting checks of a user (null when no event about them arrived yet). */
export interface Standing {
  verified: boolean;
  suspendedUntil: Date | null;
  deleted: boolean;
}

/**
 * The elections service's record of identity's users. Events of different subjects arrive in any
 * order, so each upserts only the columns it knows about (a row created early gets its name later).
 */
export class MemberRepository {
  constructor(private readonly prisma: ElectionsPrisma) {}

  async standing(userId: string): Promise<Standing | null> {
    const row = await this.prisma.member.findUnique({ where: { userId }, select: { verifiedAt: true, suspendedUntil: true, deletedAt: true } });
    if (!row) return null;
    return { verified: row.verifiedAt !== null, suspendedUntil: row.suspendedUntil, deleted: row.deletedAt !== null };
  }

  static async registered(tx: SqlExecutor, userId: string, userName: string, registeredAt: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${member} (user_id, user_name, registered_at) VALUES ($1::uuid, $2, $3::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET registered_at = EXCLUDED.registered_at,
         user_name = CASE WHEN ${member}.user_name = '' THEN EXCLUDED.user_name ELSE ${member}.user_name END`,
      userId,
      userName,
      registeredAt,
    );
  }

  static async renamed(tx: SqlExecutor, userId: string, userName: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${member} (user_id, user_name, registered_at) VALUES ($1::uuid, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET user_name = EXCLUDED.user_name`,
      userId,
      userName,
    );
  }

  static async verified(tx: SqlExecutor, userId: string, verifiedAt: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${member} (user_id, user_name, registered_at, verified_at) VALUES ($1::uuid, '', $2::timestamptz, $2::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET verified_at = EXCLUDED.verified_at`,
      userId,
      verifiedAt,
    );
  }

  static async deleted(tx: SqlExecutor, userId: string, deletedAt: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${member} (user_id, user_name, registered_at, deleted_at) VALUES ($1::uuid, '', $2::timestamptz, $2::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET deleted_at = EXCLUDED.deleted_at`,
      userId,
      deletedAt,
    );
  }

  /** `until` null lifts the suspension; the later event (by occurredAt) wins, whatever order they arrive in. */
  static async suspension(tx: SqlExecutor, userId: string, until: string | null, occurredAt: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${member} (user_id, user_name, registered_at, suspended_until, suspension_at) VALUES ($1::uuid, '', now(), $2::timestamptz, $3::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET suspended_until = EXCLUDED.suspended_until, suspension_at = EXCLUDED.suspension_at
       WHERE ${member}.suspension_at IS NULL OR ${member}.suspension_at <= EXCLUDED.suspension_at`,
      userId,
      until,
      occurredAt,
    );
  }

  static async roles(tx: SqlExecutor, userId: string, moderator: boolean, scribe: boolean): Promise<void> {
    const role = moderator ? 1 : scribe ? 2 : 0;
    await tx.$executeRawUnsafe(
      `INSERT INTO ${member} (user_id, user_name, registered_at, moderator, scribe, role) VALUES ($1::uuid, '', now(), $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET moderator = EXCLUDED.moderator, scribe = EXCLUDED.scribe, role = EXCLUDED.role`,
      userId,
      moderator,
      scribe,
      role,
    );
  }
}
