import type { SessionFamily } from '../generated/prisma/client.js';
import { SessionRepository } from '../store/session.repository.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/** Opens a session with its first refresh token; also forgets the user's long-ended sessions. */
export function openSession(deps: CommandDeps, userId: string, tokenHash: string): Promise<SessionFamily> {
  const now = deps.clock();
  return unitOfWork(deps, async (tx) => {
    const sessions = new SessionRepository(tx);
    await sessions.forgetEndedOf(userId, now, new Date(now.getTime() - deps.policy.idleMs));
    const session = await sessions.create({ userId, createdAt: now, expiresAt: new Date(now.getTime() + deps.policy.sessionMs) });
    await sessions.addRefreshToken(session.id, tokenHash, now);
    return session;
  });
}
