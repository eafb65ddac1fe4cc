import { MemberProjection, sql, type SqlExecutor } from '@civic/service-kit';
import { SCHEMA } from './prisma.js';
import { tables } from './tables.js';

/**
 * The chat's record of identity's users (names, moderator flag, suspension), written from identity's
 * events. Messages carry their author's name, so a rename renames them too.
 */
export const memberProjection = new MemberProjection({
  schema: SCHEMA,
  table: 'member',
  columns: { suspension: true, moderator: true, role: true },
  after: async (tx, subject, payload) => {
    if (subject !== 'identity.user.renamed') return;
    const { userId, userName } = payload as { userId: string; userName: string };
    await tx.$executeRaw(sql`UPDATE ${tables.message} SET user_name = ${userName} WHERE user_id = ${userId}::uuid`);
  },
});

/** What the projection knows of one user. */
export interface MemberStanding {
  userName: string;
  moderator: boolean | null;
  role: number;
  suspendedUntil: Date | null;
  deletedAt: Date | null;
}

/** What the chat reads of its members. */
export class MemberRepository {
  constructor(private readonly db: SqlExecutor) {}

  /** What the projection knows of one user (null when no event about them arrived yet). */
  async standing(userId: string): Promise<MemberStanding | null> {
    const rows = await this.db.$queryRaw<MemberStanding[]>(
      sql`SELECT user_name AS "userName", moderator, role, suspended_until AS "suspendedUntil", deleted_at AS "deletedAt"
          FROM ${tables.member} WHERE user_id = ${userId}::uuid`,
    );
    return rows[0] ?? null;
  }

  async names(userIds: string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db.$queryRaw<{ user_id: string; user_name: string }[]>(
      sql`SELECT user_id::text AS user_id, user_name FROM ${tables.member} WHERE user_id = ANY(${userIds}::uuid[])`,
    );
    return new Map(rows.map((row) => [row.user_id, row.user_name]));
  }
}
