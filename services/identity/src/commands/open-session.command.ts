import type { SessionFamily } from '../generated/prisma/client.js';
import { KnownAddresses } from '../store/known-address.repository.js';
import { SessionRepository } from '../store/session.repository.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/** The address a password login came from: the account knows it from then on (domain/login-limits.ts). */
export interface LoginPlace {
  ipHash: string;
  /** Addresses not logged in from since then are forgotten. */
  forgetBefore: Date;
}

const FORGET_EVERY_MS = 3600_000;
let lastForgotAt = 0;

/** Opens a session with its first refresh token; also forgets the user's long-ended sessions. */
export function openSession(deps: CommandDeps, userId: string, tokenHash: string, place?: LoginPlace): Promise<SessionFamily> {
  const now = deps.clock();
  return unitOfWork(deps, async (tx) => {
    const sessions = new SessionRepository(tx);
    await sessions.forgetEndedOf(userId, now, new Date(now.getTime() - deps.policy.idleMs));
    const session = await sessions.create({ userId, createdAt: now, expiresAt: new Date(now.getTime() + deps.policy.sessionMs) });
    await sessions.addRefreshToken(session.id, tokenHash, now);
    if (place) {
      await KnownAddresses.remember(tx, userId, place.ipHash, now);
      // Old addresses go at most once an hour per instance, by whichever login comes then.
      if (now.getTime() - lastForgotAt > FORGET_EVERY_MS) {
        lastForgotAt = now.getTime();
        await KnownAddresses.forgetOlder(tx, place.forgetBefore);
      }
    }
    return session;
  });
}
