/** Events published by the identity service (stream `identity`). */
import Type from 'typebox';
import { DateTime, defineEvent, evolveEvent, Uuid } from './event-definitions.js';

/**
 * A new account. Version 2 renamed `userName` to `displayName` and added the account's locale;
 * version 1 events read as version 2 with the platform's default locale, which they did not carry.
 */
export const UserRegistered = evolveEvent(
  defineEvent(
    'identity.user.registered',
    1,
    Type.Object({
      userId: Uuid,
      userName: Type.String({ minLength: 1 }),
      registeredAt: DateTime,
    }),
  ),
  2,
  Type.Object({
    userId: Uuid,
    displayName: Type.String({ minLength: 1 }),
    registeredAt: DateTime,
    // Spelled out, not taken from `locales`: a new locale is a new version of this contract.
    locale: Type.Union([Type.Literal('en'), Type.Literal('fr')]),
  }),
  {
    upgrade: (v1) => ({ userId: v1.userId, displayName: v1.userName, registeredAt: v1.registeredAt, locale: 'en' as const }),
    downgrade: (v2) => ({ userId: v2.userId, userName: v2.displayName, registeredAt: v2.registeredAt }),
  },
);

/** The account's email address was confirmed by the link sent at registration. */
export const UserVerified = defineEvent('identity.user.verified', 1, Type.Object({ userId: Uuid, verifiedAt: DateTime }));

/** The user changed their display name. */
export const UserRenamed = defineEvent('identity.user.renamed', 1, Type.Object({ userId: Uuid, userName: Type.String({ minLength: 1 }) }));

/** The account was deleted: the profile is anonymized (name 'Deleted user'), content stays. */
export const UserDeleted = defineEvent('identity.user.deleted', 1, Type.Object({ userId: Uuid, deletedAt: DateTime }));

/** First day of a month, `YYYY-MM-01`. */
const MonthStart = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-01$' });

/** The user stands (candidateDate = first day of the current month) or withdrew (null) for a role. */
export const UserCandidacyChanged = defineEvent(
  'identity.user.candidacy-changed',
  1,
  Type.Object({
    userId: Uuid,
    userName: Type.String({ minLength: 1 }),
    candidateTo: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
    candidateDate: Type.Union([MonthStart, Type.Null()]),
  }),
);

/** A moderator suspended the user until the given time (voting, chatting and proposing are blocked). */
export const UserSuspended = defineEvent('identity.user.suspended', 1, Type.Object({ userId: Uuid, until: DateTime }));

/** A moderator lifted the user's suspension before its end. */
export const UserSuspensionLifted = defineEvent('identity.user.suspension-lifted', 1, Type.Object({ userId: Uuid }));

/** The user's moderator or scribe flag changed (elections results, or the seeded first moderator). */
export const UserRoleChanged = defineEvent(
  'identity.user.role-changed',
  1,
  Type.Object({ userId: Uuid, moderator: Type.Boolean(), scribe: Type.Boolean() }),
);

/**
 * A session ended (logout, password reset or change, refresh-token reuse, account deletion): every
 * service refuses its access tokens from now on (docs/sessions.md).
 */
export const SessionRevoked = defineEvent('identity.session.revoked', 1, Type.Object({ sessionId: Uuid, userId: Uuid, revokedAt: DateTime }));

/**
 * What the member's access tokens say stopped being true (suspended, role changed, renamed): every
 * service refuses those issued before `issuedBefore`, so that the client fetches one with the current
 * claims (docs/sessions.md).
 */
export const UserTokensRevoked = defineEvent('identity.user.tokens-revoked', 1, Type.Object({ userId: Uuid, issuedBefore: DateTime }));
