import { MemberProjection, sql } from '@civic/service-kit';
import { SCHEMA, type ElectionsPrisma } from './prisma.js';
import { tables } from './tables.js';

/**
 * The elections service's record of identity's users, written from identity's events: names and
 * flags shown with candidates, and what voting checks.
 */
export const memberProjection = new MemberProjection({
  schema: SCHEMA,
  table: 'member',
  columns: { verified: true, suspension: true, moderator: true, scribe: true, role: true },
});

/** What voting checks of a user (null when no event about them arrived yet). */
export interface Standing {
  verified: boolean;
  suspendedUntil: Date | null;
  deleted: boolean;
}

/** What the elections service reads of its members. */
export class MemberRepository {
  constructor(private readonly prisma: ElectionsPrisma) {}

  async standing(userId: string): Promise<Standing | null> {
    const [row] = await this.prisma.$queryRaw<{ verified_at: Date | null; suspended_until: Date | null; deleted_at: Date | null }[]>(
      sql`SELECT verified_at, suspended_until, deleted_at FROM ${tables.member} WHERE user_id = ${userId}::uuid`,
    );
    if (!row) return null;
    return { verified: row.verified_at !== null, suspendedUntil: row.suspended_until, deleted: row.deleted_at !== null };
  }
}
