import { SessionRepository, type PresentedRefreshToken } from '../store/session.repository.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/**
 * Replaces a refresh token by a new one of the same session. false when another request rotated
 * it first (the caller then treats the token as rotated).
 */
export function rotateRefreshToken(deps: CommandDeps, presented: PresentedRefreshToken, newTokenHash: string): Promise<boolean> {
  const now = deps.clock();
  return unitOfWork(deps, async (tx) => {
    const sessions = new SessionRepository(tx);
    if (!(await sessions.markTokenUsed(presented.token.id, now))) return false;
    await sessions.addRefreshToken(presented.session.id, newTokenHash, now);
    await sessions.touch(presented.session.id, now);
    return true;
  });
}
