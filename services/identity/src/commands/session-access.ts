import type { EventEnvelope } from '@civic/contracts';
import { sessionsRevoked } from '../domain/account-events.js';
import { isSessionLive } from '../domain/session.js';
import type { Prisma, User } from '../generated/prisma/client.js';
import { SessionRepository, type RevokeReason } from '../store/session.repository.js';
import type { CommandDeps, Tx } from './unit-of-work.js';

/** Lookups and writes several commands share about sessions. */

/** Ends the sessions `which` selects in the command's transaction, each announced as `identity.session.revoked`. */
export async function endSessions(tx: Tx, events: EventEnvelope[], which: Prisma.SessionFamilyWhereInput, reason: RevokeReason, now: Date): Promise<void> {
  const ended = await new SessionRepository(tx).end(which, reason, now);
  events.push(...sessionsRevoked(ended, now));
}

/** Ends every session of the user but `except` (the session making a password change). */
export function endSessionsOf(tx: Tx, events: EventEnvelope[], userId: string, reason: RevokeReason, now: Date, except?: string): Promise<void> {
  return endSessions(tx, events, { userId, ...(except ? { id: { not: except } } : {}) }, reason, now);
}

/**
 * The account of a live session: null when the session ended or belongs to someone else, or the
 * account was deleted.
 */
export async function liveAccount(deps: Pick<CommandDeps, 'db' | 'policy'>, sessionId: string, userId: string, now: Date): Promise<User | null> {
  const session = await new SessionRepository(deps.db).withAccount(sessionId);
  if (!session || session.userId !== userId || !isSessionLive(session, now, deps.policy) || session.user.deletedAt) return null;
  return session.user;
}
