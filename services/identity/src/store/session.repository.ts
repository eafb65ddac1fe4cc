import { randomUUID } from 'node:crypto';
import { isSessionLive, type SessionPolicy } from '../domain/session.js';
import type { Prisma, RefreshToken, SessionFamily, User } from '../generated/prisma/client.js';
import type { IdentityPrisma } from './prisma.js';

type Tx = Prisma.TransactionClient;

export type RevokeReason = 'logout' | 'reuse' | 'password-reset' | 'password-change' | 'account-deleted';

export interface PresentedRefreshToken {
  token: RefreshToken;
  session: SessionFamily;
}

/**
 * Sessions are refresh-token families: a login opens one, each restore rotates its token (the old
 * one is kept, marked used, to recognise a replay), and revoking the family ends the session.
 */
export class SessionRepository {
  constructor(
    private readonly prisma: IdentityPrisma,
    private readonly policy: SessionPolicy,
  ) {}

  /** Opens a session with its first refresh token; also forgets the user's long-ended sessions. */
  async open(userId: string, tokenHash: string, now: Date): Promise<SessionFamily> {
    const id = randomUUID();
    return this.prisma.$transaction(async (tx) => {
      await tx.sessionFamily.deleteMany({ where: { userId, OR: [{ expiresAt: { lt: now } }, { lastUsedAt: { lt: new Date(now.getTime() - this.policy.idleMs) } }] } });
      const session = await tx.sessionFamily.create({ data: { id, userId, createdAt: now, expiresAt: new Date(now.getTime() + this.policy.sessionMs), lastUsedAt: now } });
      await tx.refreshToken.create({ data: { id: randomUUID(), familyId: id, tokenHash, createdAt: now } });
      return session;
    });
  }

  async findByToken(tokenHash: string): Promise<PresentedRefreshToken | null> {
    const token = await this.prisma.refreshToken.findUnique({ where: { tokenHash }, include: { family: true } });
    if (!token) return null;
    const { family, ...rest } = token;
    return { token: rest, session: family };
  }

  /**
   * Replaces a refresh token by a new one of the same session. false when another request rotated
   * it first (the caller then treats the token as rotated).
   */
  async rotate(presented: PresentedRefreshToken, newTokenHash: string, now: Date): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.refreshToken.updateMany({ where: { id: presented.token.id, usedAt: null }, data: { usedAt: now } });
      if (count !== 1) return false;
      await tx.refreshToken.create({ data: { id: randomUUID(), familyId: presented.session.id, tokenHash: newTokenHash, createdAt: now } });
      await tx.sessionFamily.update({ where: { id: presented.session.id }, data: { lastUsedAt: now } });
      return true;
    });
  }

  /**
   * The account of a live session, in one query (the hot path of every session check): null when the
   * session ended or belongs to someone else, or the account was deleted.
   */
  async liveAccount(sessionId: string, userId: string, now: Date): Promise<User | null> {
    const session = await this.prisma.sessionFamily.findUnique({ where: { id: sessionId }, include: { user: true } });
    if (!session || session.userId !== userId || !isSessionLive(session, now, this.policy) || session.user.deletedAt) return null;
    return session.user;
  }

  async revoke(sessionId: string, reason: RevokeReason, now: Date): Promise<void> {
    await this.prisma.sessionFamily.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: now, revokedReason: reason } });
  }

  /** Ends every session of the user, but `except` (the session making a password change). */
  static async revokeAllOf(tx: Tx, userId: string, reason: RevokeReason, now: Date, except?: string): Promise<void> {
    await tx.sessionFamily.updateMany({
      where: { userId, revokedAt: null, ...(except ? { id: { not: except } } : {}) },
      data: { revokedAt: now, revokedReason: reason },
    });
  }
}
