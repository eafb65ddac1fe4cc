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

function defineEvent<S extends string, P extends TSchema>(subject: S, version: number, payload: P): EventDefinition<S, P> {
  return { subject, version, payload };
}

const Uuid = Type.String({ format: 'uuid' });
const DateTime = Type.String({ format: 'date-time' });

export const UserRegistered = defineEvent(
  'identity.user.registered',
  1,
  Type.Object({
    userId: Uuid,
    userName: Type.String({ minLength: 1 }),
    registeredAt: DateTime,
  }),
);

/** All event definitions by subject. */
export const Events = {
  [UserRegistered.subject]: UserRegistered,
} as const;

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
