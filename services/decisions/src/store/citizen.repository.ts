import type { SqlExecutor } from '@civic/service-kit';
import { quoteIdent } from '@civic/service-kit';
import { SCHEMA, type DecisionsPrisma } from './prisma.js';

const table = `${quoteIdent(SCHEMA)}."citizen"`;

/**
 * The decisions service's own record of citizens, fed by identity's events. Events of different
 * subjects arrive in any order, so each one upserts only the column it knows about.
 */
export class CitizenRepository {
  constructor(private readonly prisma: DecisionsPrisma) {}

  static async recordRegistration(tx: SqlExecutor, userId: string, registeredAt: string, userName = ''): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table} (user_id, registered_at, user_name) VALUES ($1::uuid, $2::timestamptz, $3)
       ON CONFLICT (user_id) DO UPDATE SET registered_at = EXCLUDED.registered_at,
         user_name = CASE WHEN ${table}.user_name = '' THEN EXCLUDED.user_name ELSE ${table}.user_name END`,
      userId,
      registeredAt,
      userName,
    );
  }

  static async recordName(tx: SqlExecutor, userId: string, userName: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table} (user_id, registered_at, user_name) VALUES ($1::uuid, now(), $2)
       ON CONFLICT (user_id) DO UPDATE SET user_name = EXCLUDED.user_name`,
      userId,
      userName,
    );
  }

  /**
   * `until` null lifts the suspension. Suspensions and lifts come through two consumers, so they may
   * arrive out of order: the later event (by `occurredAt`) wins.
   */
  static async recordSuspension(tx: SqlExecutor, userId: string, until: string | null, occurredAt: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table} (user_id, registered_at, suspended_until, suspension_at) VALUES ($1::uuid, now(), $2::timestamptz, $3::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET suspended_until = EXCLUDED.suspended_until, suspension_at = EXCLUDED.suspension_at
       WHERE ${table}.suspension_at IS NULL OR ${table}.suspension_at <= EXCLUDED.suspension_at`,
      userId,
      until,
      occurredAt,
    );
  }

  static async recordRole(tx: SqlExecutor, userId: string, moderator: boolean, scribe = false): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table} (user_id, registered_at, moderator, scribe) VALUES ($1::uuid, now(), $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET moderator = EXCLUDED.moderator, scribe = EXCLUDED.scribe`,
      userId,
      moderator,
      scribe,
    );
  }

  /** What the projection knows of one user (null when no event about them arrived yet). */
  async standing(userId: string): Promise<{ verified: boolean; suspendedUntil: Date | null; moderator: boolean; scribe: boolean } | null> {
    const citizen = await this.prisma.citizen.findUnique({
      where: { userId },
      select: { verifiedAt: true, suspendedUntil: true, moderator: true, scribe: true, deletedAt: true },
    });
    if (!citizen) return null;
    return {
      verified: citizen.verifiedAt !== null && citizen.deletedAt === null,
      suspendedUntil: citizen.suspendedUntil,
      moderator: citizen.moderator,
      scribe: citizen.scribe,
    };
  }

  static async recordVerification(tx: SqlExecutor, userId: string, verifiedAt: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table} (user_id, registered_at, verified_at) VALUES ($1::uuid, $2::timestamptz, $2::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET verified_at = EXCLUDED.verified_at`,
      userId,
      verifiedAt,
    );
  }

  static async recordDeletion(tx: SqlExecutor, userId: string, deletedAt: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table} (user_id, registered_at, deleted_at) VALUES ($1::uuid, $2::timestamptz, $2::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET deleted_at = EXCLUDED.deleted_at`,
      userId,
      deletedAt,
    );
  }

  /** Citizens who still have an account, and those of them who verified it. */
  async counts(): Promise<{ registered: number; verified: number }> {
    const [registered, verified] = await Promise.all([
      this.prisma.citizen.count({ where: { deletedAt: null } }),
      this.prisma.citizen.count({ where: { deletedAt: null, verifiedAt: { not: null } } }),
    ]);
    return { registered, verified };
  }
}
