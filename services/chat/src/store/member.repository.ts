import { MemberProjection } from '@civic/service-kit';
import { SCHEMA, type ChatPrisma } from './prisma.js';
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
    await tx.$executeRawUnsafe(`UPDATE ${tables.message} SET user_name = $2 WHERE user_id = $1::uuid`, userId, userName);
  },
});

/** What the chat reads of its members. */
export class MemberRepository {
  constructor(private readonly prisma: ChatPrisma) {}

  /** What the projection knows of one user (null when no event about them arrived yet). */
  standing(userId: string) {
    return this.prisma.member.findUnique({
      where: { userId },
      select: { userName: true, moderator: true, role: true, suspendedUntil: true, deletedAt: true },
    });
  }

  async names(userIds: string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.prisma.member.findMany({ where: { userId: { in: userIds } }, select: { userId: true, userName: true } });
    return new Map(rows.map((row) => [row.userId, row.userName]));
  }
}
