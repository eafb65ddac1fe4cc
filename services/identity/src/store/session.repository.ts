import { randomUUID } from 'node:crypto';
import type { Prisma, RefreshToken, SessionFamily, User } from '../generated/prisma/client.js';
import type { Db } from './prisma.js';

export type RevokeReason = 'logout' | 'reuse' | 'password-reset' | 'password-change' | 'email-change-undone' | 'account-deleted';

export interface PresentedRefreshToken {
  token: RefreshToken;
  session: SessionFamily;
}

/**
 * Sessions are refresh-token families: a login opens one, each restore rotates its token (the old
 * one is kept, marked used, to recognise a replay), and revoking the family ends the session
 * (docs/sessions.md). Reads and writes only; the commands decide and announce.
 */
export class SessionRepository {
  constructor(private readonly db: Db) {}

  /** Forgets the user's sessions that expired before `expiredBefore` or went unused since `idleBefore`. */
  async forgetEndedOf(userId: string, expiredBefore: Date, idleBefore: Date): Promise<void> {
    await this.db.sessionFamily.deleteMany({ where: { userId, OR: [{ expiresAt: { lt: expiredBefore } }, { lastUsedAt: { lt: idleBefore } }] } });
  }

  create(session: { userId: string; createdAt: Date; expiresAt: Date }): Promise<SessionFamily> {
    return this.db.sessionFamily.create({ data: { id: randomUUID(), ...session, lastUsedAt: session.createdAt } });
  }

  async addRefreshToken(familyId: string, tokenHash: string, now: Date): Promise<void> {
    await this.db.refreshToken.create({ data: { id: randomUUID(), familyId, tokenHash, createdAt: now } });
  }

  async findByToken(tokenHash: string): Promise<PresentedRefreshToken | null> {
    const token = await this.db.refreshToken.findUnique({ where: { tokenHash }, include: { family: true } });
    if (!token) return null;
    const { family, ...rest } = token;
    return { token: rest, session: family };
  }

  /** Marks a refresh token used; false when it already was (another request used it first). */
  async markTokenUsed(tokenId: string, now: Date): Promise<boolean> {
    const { count } = await this.db.refreshToken.updateMany({ where: { id: tokenId, usedAt: null }, data: { usedAt: now } });
    return count === 1;
  }

  async touch(sessionId: string, now: Date): Promise<void> {
    await this.db.sessionFamily.update({ where: { id: sessionId }, data: { lastUsedAt: now } });
  }

  /** A session with its account, in one query (the hot path of every session check). */
  async withAccount(sessionId: string): Promise<(SessionFamily & { user: User }) | null> {
    return this.db.sessionFamily.findUnique({ where: { id: sessionId }, include: { user: true } });
  }

  /** Ends the sessions `which` selects that are not ended yet; answers those it ended. */
  end(which: Prisma.SessionFamilyWhereInput, reason: RevokeReason, now: Date): Promise<{ id: string; userId: string }[]> {
    return this.db.sessionFamily.updateManyAndReturn({
      where: { ...which, revokedAt: null },
      data: { revokedAt: now, revokedReason: reason },
      select: { id: true, userId: true },
    });
  }
}
