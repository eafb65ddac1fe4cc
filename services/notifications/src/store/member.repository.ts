import { Role } from '@civic/contracts';
import { MemberProjection } from '@civic/service-kit';
import { SCHEMA, type NotificationsPrisma } from './prisma.js';

/**
 * This service's record of identity's users: who receives alerts for everyone, and who is a
 * moderator now. A deletion is written with the user's alerts forgotten (AlertRepository.forgetUser),
 * and is never undone by a late registration.
 */
export const memberProjection = new MemberProjection({ schema: SCHEMA, table: 'member', columns: { role: true } });

/** What the notifications service reads of its members. */
export class MemberRepository {
  constructor(private readonly db: NotificationsPrisma) {}

  /** Whether the projection knows the user as a moderator now (elected since their token was issued). */
  async isModerator(userId: string): Promise<boolean> {
    const member = await this.db.member.findUnique({ where: { userId }, select: { role: true, deletedAt: true } });
    return member !== null && member.deletedAt === null && member.role === Role.Moderator;
  }
}
