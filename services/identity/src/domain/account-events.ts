import {
  candidateDateField,
  SessionRevoked,
  UserCandidacyChanged,
  UserDeleted,
  UserRegistered,
  UserRenamed,
  UserRoleChanged,
  UserSuspended,
  UserSuspensionLifted,
  UserTokensRevoked,
  UserVerified,
  type CandidateTo,
  type EventEnvelope,
  type Locale,
} from '@civic/contracts';
import { newEvent, newPublishedEvent, type PublishedVersions } from '@civic/service-kit';
import { DELETED_USER_NAME } from './anonymization.js';
import type { CandidateDateField } from './candidacy.js';
import type { RoleChange } from './roles.js';

/** The events each change of an account implies, in the order they are written to the outbox. */

export interface RegisteredAccount {
  id: string;
  userName: string;
  createdAt: Date;
}

/** `identity.user.registered`, and the role of the seeded first moderator when the account is it. */
export function accountRegistered(user: RegisteredAccount, locale: Locale, seededModerator: boolean, published: PublishedVersions, now: Date): EventEnvelope[] {
  const registered = { userId: user.id, displayName: user.userName, registeredAt: user.createdAt.toISOString(), locale };
  const events = [newPublishedEvent(UserRegistered, registered, published, now)];
  if (seededModerator) events.push(newEvent(UserRoleChanged, { userId: user.id, moderator: true, scribe: false }, now));
  return events;
}

export function accountVerified(userId: string, now: Date): EventEnvelope {
  return newEvent(UserVerified, { userId, verifiedAt: now.toISOString() }, now);
}

export function candidacyChanged(userId: string, userName: string, candidateTo: CandidateTo, candidateDate: string | null, now: Date): EventEnvelope {
  return newEvent(UserCandidacyChanged, { userId, userName, candidateTo, candidateDate }, now);
}

export function accountRenamed(userId: string, userName: string, now: Date): EventEnvelope {
  return newEvent(UserRenamed, { userId, userName }, now);
}

export function roleChanged(change: RoleChange, now: Date): EventEnvelope {
  return newEvent(UserRoleChanged, { userId: change.userId, moderator: change.moderator, scribe: change.scribe }, now);
}

/** The account as it was before its deletion: its roles and its candidacy dates. */
export type LeavingAccount = { moderator: boolean; scribe: boolean } & Record<CandidateDateField, Date | null>;

/**
 * What a deleted account stops holding, announced before its sessions end: consumers that follow
 * only roles or candidacies learn the account holds neither any more.
 */
export function accountLeaving(userId: string, before: LeavingAccount, now: Date): EventEnvelope[] {
  const events: EventEnvelope[] = [];
  if (before.moderator || before.scribe) events.push(roleChanged({ userId, moderator: false, scribe: false }, now));
  for (const [to, field] of Object.entries(candidateDateField)) {
    if (before[field] !== null) events.push(candidacyChanged(userId, DELETED_USER_NAME, Number(to) as CandidateTo, null, now));
  }
  return events;
}

export function accountDeleted(userId: string, now: Date): EventEnvelope {
  return newEvent(UserDeleted, { userId, deletedAt: now.toISOString() }, now);
}

export function accountSuspended(userId: string, until: Date, now: Date): EventEnvelope {
  return newEvent(UserSuspended, { userId, until: until.toISOString() }, now);
}

export function suspensionLifted(userId: string, now: Date): EventEnvelope {
  return newEvent(UserSuspensionLifted, { userId }, now);
}

/**
 * The member's access tokens issued until now stop counting, everywhere: what they say changed
 * (suspension, role, name). The client's silent refresh then fetches a token that says what is true.
 */
export function tokensRevoked(userId: string, now: Date): EventEnvelope {
  // One millisecond on: a token signed in the very millisecond of the change counts as before it.
  const issuedBefore = new Date(now.getTime() + 1).toISOString();
  return newEvent(UserTokensRevoked, { userId, issuedBefore }, now);
}

/** Every session ended is announced so that every service refuses its access tokens at once (docs/sessions.md). */
export function sessionsRevoked(ended: readonly { id: string; userId: string }[], now: Date): EventEnvelope[] {
  return ended.map((session) => newEvent(SessionRevoked, { sessionId: session.id, userId: session.userId, revokedAt: now.toISOString() }, now));
}
