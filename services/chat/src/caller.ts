import { Role } from '@civic/contracts';
import { AppError, type AuthUser } from '@civic/service-kit';
import type { Caller } from './domain/permissions.js';
import type { SocketData } from './socket/handshake.js';
import type { MemberRepository } from './store/member.repository.js';

/** The caller, their name, and the end of their running suspension (null when not suspended). */
export type ResolvedCaller = Caller & { name: string; suspendedUntil: Date | null };

/**
 * The logged-in caller as the chat knows them: the token, refined by identity's events (suspended
 * since the token was issued, elected or removed moderator, deleted account).
 */
export async function resolveCaller(members: MemberRepository, user: AuthUser, now: Date): Promise<ResolvedCaller> {
  const standing = await members.standing(user.id);
  if (standing?.deletedAt) throw new AppError('unauthorized', 401, { reason: 'deleted' });
  const suspendedUntil = standing?.suspendedUntil && standing.suspendedUntil.getTime() > now.getTime() ? standing.suspendedUntil : null;
  return {
    id: user.id,
    name: standing?.userName || user.name || 'Citizen',
    moderator: standing?.moderator ?? user.role === Role.Moderator,
    // The projection's role holds once a role event came (moderator no longer null); the token's until then.
    scribe: standing?.moderator == null ? user.role === Role.Scribe : standing.role === Role.Scribe,
    suspended: suspendedUntil !== null,
    suspendedUntil,
  };
}

/** The member behind a socket (a 401 with the reason for a visitor or a token no longer valid). */
export async function socketCaller(members: MemberRepository, data: SocketData, now: Date): Promise<ResolvedCaller> {
  const user = data.user;
  if (!user) throw new AppError(data.authProblem ?? 'unauthorized', 401);
  if (user.expiresAt <= Date.now()) throw new AppError('tokenExpired', 401);
  return resolveCaller(members, user, now);
}
