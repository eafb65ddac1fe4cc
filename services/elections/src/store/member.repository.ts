import { MemberProjection } from '@civic/service-kit';
import { SCHEMA, type ElectionsPrisma } from './prisma.js';

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
    const row = await this.prisma.member.findUnique({ where: { userId }, select: { verifiedAt: true, suspendedUntil: true, deletedAt: true } });
    if (!row) return null;
    return { verified: row.verifiedAt !== null, suspendedUntil: row.suspendedUntil, deleted: row.deletedAt !== null };
  }
}
