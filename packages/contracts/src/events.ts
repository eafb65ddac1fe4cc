import Type, { type Static, type TSchema } from 'typebox';

/**
 * Every event travels in this envelope. `id` doubles as the JetStream `Nats-Msg-Id`
 * (publisher dedupe) and as the consumers' inbox key (idempotence).
 */
export const EventEnvelope = Type.Object({
  id: Type.String({ format: 'uuid' }),
  subject: Type.String({ minLength: 1 }),
  version: Type.Integer({ minimum: 1 }),
  occurredAt: Type.String({ format: 'date-time' }),
  payload: Type.Unknown(),
});
export type EventEnvelope = Static<typeof EventEnvelope>;

export interface EventDefinition<S extends string = string, P extends TSchema = TSchema> {
  subject: S;
  version: number;
  payload: P;
}

export function defineEvent<S extends string, P extends TSchema>(subject: S, version: number, payload: P): EventDefinition<S, P> {
  return { subject, version, payload };
}

export const Uuid = Type.String({ format: 'uuid' });
export const DateTime = Type.String({ format: 'date-time' });

export const UserRegistered = defineEvent(
  'identity.user.registered',
  1,
  Type.Object({
    userId: Uuid,
    userName: Type.String({ minLength: 1 }),
    registeredAt: DateTime,
  }),
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

export type EventPayload<D extends EventDefinition> = Static<D['payload']>;

/** The services that own a stream, each publishing subjects `<service>.>`. */
export const streamOwners = ['identity', 'decisions', 'elections', 'chat', 'notifications'] as const;
export type StreamOwner = (typeof streamOwners)[number];

/** The service that owns a subject: its first token. */
export function ownerOf(subject: string): StreamOwner {
  const owner = subject.split('.', 1)[0];
  if (!streamOwners.includes(owner as StreamOwner)) throw new Error(`No stream owns subject ${subject}`);
  return owner as StreamOwner;
}
