import type { SqlExecutor } from '@civic/service-kit';
import { quoteIdent } from '@civic/service-kit';
import { SCHEMA, type DecisionsPrisma } from './prisma.js';

const table = `${quoteIdent(SCHEMA)}."citizen"`;

/** The decisions service's own record of citizens, fed by identity's events. */
export class CitizenRepository {
  constructor(private readonly prisma: DecisionsPrisma) {}

  /** Records a registration inside the consumer's transaction; repeating it changes nothing. */
  static async recordRegistration(tx: SqlExecutor, userId: string, registeredAt: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table} (user_id, registered_at) VALUES ($1::uuid, $2::timestamptz) ON CONFLICT (user_id) DO NOTHING`,
      userId,
      registeredAt,
    );
  }

  async counts(): Promise<{ registered: number; verified: number }> {
    const [registered, verified] = await Promise.all([
      this.prisma.citizen.count(),
      this.prisma.citizen.count({ where: { verifiedAt: { not: null } } }),
    ]);
    return { registered, verified };
  }
}
