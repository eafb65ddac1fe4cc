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

  static async recordRegistration(tx: SqlExecutor, userId: string, registeredAt: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table} (user_id, registered_at) VALUES ($1::uuid, $2::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET registered_at = EXCLUDED.registered_at`,
      userId,
      registeredAt,
    );
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
