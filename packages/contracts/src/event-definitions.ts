/** What every event is made of: the envelope, versioned definitions, and the services owning the streams. */
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

/**
 * One version of an event: its number, its payload schema and, from the second version on, how a
 * payload converts from the version before it and back.
 */
export interface EventVersion<P extends TSchema = TSchema> {
  version: number;
  payload: P;
  /** The previous version's payload as this version's (consumers read old events as the newest). */
  upgrade?: (previous: unknown) => unknown;
  /** This version's payload as the previous version's (a producer still writing the older one). */
  downgrade?: (current: unknown) => unknown;
}

/**
 * An event: its subject and every version of it still supported, oldest first (docs/events.md).
 * `version` and `payload` are the oldest supported version, the one producers write until
 * PUBLISH_EVENT_VERSIONS switches them; consumers handle `newest`, older versions upgraded to it.
 */
export interface EventDefinition<S extends string = string, P extends TSchema = TSchema, N extends TSchema = TSchema> {
  subject: S;
  version: number;
  payload: P;
  versions: readonly EventVersion[];
  newest: EventVersion<N>;
}

export function defineEvent<S extends string, P extends TSchema>(subject: S, version: number, payload: P): EventDefinition<S, P, P> {
  const only: EventVersion<P> = { version, payload };
  return { subject, version, payload, versions: [only], newest: only };
}

/**
 * The event with one more version (expand): `upgrade` reads the previous newest version as the new
 * one, `downgrade` writes the new one as the previous, so both are carried while consumers upgrade.
 */
export function evolveEvent<S extends string, P extends TSchema, N extends TSchema, M extends TSchema>(
  event: EventDefinition<S, P, N>,
  version: number,
  payload: M,
  convert: { upgrade(previous: Static<N>): Static<M>; downgrade(current: Static<M>): Static<N> },
): EventDefinition<S, P, M> {
  if (version <= event.newest.version) throw new Error(`${event.subject}: version ${version} must follow ${event.newest.version}`);
  const next: EventVersion<M> = {
    version,
    payload,
    upgrade: (previous) => convert.upgrade(previous as Static<N>),
    downgrade: (current) => convert.downgrade(current as Static<M>),
  };
  return { ...event, versions: [...event.versions, next], newest: next };
}

/** The payload type a consumer of the event handles: its newest version. */
export type NewestPayload<D extends EventDefinition> = Static<D['newest']['payload']>;

/** A payload of version `from` converted up to the event's newest version. */
export function upgradePayload(event: EventDefinition, from: number, payload: unknown): unknown {
  let current = payload;
  for (const step of event.versions) if (step.version > from && step.upgrade) current = step.upgrade(current);
  return current;
}

/** A payload of the event's newest version converted down to version `to`. */
export function downgradePayload(event: EventDefinition, payload: unknown, to: number): unknown {
  let current = payload;
  for (const step of [...event.versions].reverse()) {
    if (step.version <= to) break;
    if (step.downgrade) current = step.downgrade(current);
  }
  return current;
}

export const Uuid = Type.String({ format: 'uuid' });
export const DateTime = Type.String({ format: 'date-time' });

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
