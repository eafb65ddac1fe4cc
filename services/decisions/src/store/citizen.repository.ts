import { MemberProjection, sql, type SqlExecutor } from '@civic/service-kit';
import { SCHEMA, type DecisionsPrisma } from './prisma.js';
import { tables } from './tables.js';

/** The decisions service's own record of citizens, written from identity's events (no role column). */
export const citizenProjection = new MemberProjection({
  schema: SCHEMA,
  table: 'citizen',
  columns: { verified: true, suspension: true, moderator: true, scribe: true },
});

/** What the projection knows of one citizen: verified (and not deleted), suspended until, elected roles. */
export interface CitizenStanding {
  verified: boolean;
  suspendedUntil: Date | null;
  moderator: boolean;
  scribe: boolean;
}

/** One citizen's standing read in a transaction already open (a consumer's), null when no event about them arrived yet. */
export async function citizenStanding(db: SqlExecutor, userId: string): Promise<CitizenStanding | null> {
  const [row] = await db.$queryRaw<CitizenStanding[]>(
    sql`SELECT (verified_at IS NOT NULL AND deleted_at IS NULL) AS verified, suspended_until AS "suspendedUntil", moderator, scribe
     FROM ${tables.citizen} WHERE user_id = ${userId}::uuid`,
  );
  return row ?? null;
}

/** What the decisions service reads of its citizens. */
export class CitizenRepository {
  constructor(private readonly prisma: DecisionsPrisma) {}

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

  /** Citizens who still have an account, and those of them who verified it. */
  /** Read from the counter the citizen table's triggers keep: one row, even with a million citizens. */
  async counts(): Promise<{ registered: number; verified: number }> {
    const counter = await this.prisma.citizenCount.findUnique({ where: { id: 1 }, select: { registered: true, verified: true } });
    return { registered: counter?.registered ?? 0, verified: counter?.verified ?? 0 };
  }
}
