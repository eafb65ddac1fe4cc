import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ownerOf, UserRegistered, type EventDefinition, type EventEnvelope } from '@civic/contracts';
import { loadConfig, newEvent, type EventBus, type ServiceApp } from '@civic/service-kit';
import { startHarnessBase, waitFor, type ServiceTestContext, type TestTokens, type TestUserClaims } from '@civic/test-kit';
import type { Static } from 'typebox';
import { createNotifications, type Notifications } from '../../src/app.js';
import { NotificationsConfig } from '../../src/config.js';
import { createPrisma, type NotificationsPrisma } from '../../src/store/prisma.js';

/** The service's routes' prefix. */
export const base = '/api/users/notifications';
const SERVICE_TOKEN = 'test-service-token';
/** The headers of another service creating an alert (ALERTS_SERVICE_TOKEN). */
export const service = { 'x-service-token': SERVICE_TOKEN };

export interface Member {
  id: string;
  headers: { authorization: string };
}

export interface Harness {
  context: ServiceTestContext;
  db: NotificationsPrisma;
  bus: EventBus;
  app: ServiceApp;
  /** The digest scheduler, ticked by hand (`digests.tick()`). */
  digests: Notifications['digests'];
  tokens: TestTokens;
  config: NotificationsConfig;
  /** Ids of the events the service applied (effect committed), in order. */
  applied: string[];
  /** Publishes as the owning service's relay would: the envelope, its id as Nats-Msg-Id. */
  publish<D extends EventDefinition>(definition: D, payload: Static<D['payload']>): Promise<EventEnvelope>;
  /** Publishes an envelope again under another message id, as after a lost ack past the dedupe window. */
  redeliver(envelope: EventEnvelope): Promise<void>;
  /** Waits until every consumer of the event applied it (or saw it again). */
  applied_(envelope: EventEnvelope): Promise<void>;
  /** A member known to the service through identity's registered event. */
  member(claims?: Partial<TestUserClaims>): Promise<Member>;
  /** Another replica on the same database and stream (its applied events join `applied` too); closed with the harness. */
  replica(): Promise<Notifications & { applied: string[] }>;
  /** Listens on a free port (live stream tests); answers the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const base = await startHarnessBase('notifications');
  const config = loadConfig(NotificationsConfig, {
    ...base.env,
    ALERTS_SERVICE_TOKEN: SERVICE_TOKEN,
    DIGEST_UNSUBSCRIBE_KEY: 'test-digest-unsubscribe-key-of-32-characters',
    ...env,
  });
  const applied: string[] = [];
  /** Which consumers applied each event: an event some consumers share is applied once each of them has. */
  const appliedBy = new Map<string, Set<string>>();
  /** A process of the service: every event it applies joins `applied` (the harness waits on whichever replica applied it). */
  const start = (name: string, alsoApplied?: string[]) =>
    base.start(name, createPrisma, (db, bus) =>
      createNotifications({
        config,
        db,
        bus,
        logger: false,
        schedule: false,
        onEventApplied: ({ id }, consumer) => {
          alsoApplied?.push(id);
          applied.push(id);
          appliedBy.set(id, (appliedBy.get(id) ?? new Set()).add(consumer));
        },
      }),
    );
  const { db, bus, service } = await start('notifications-test');
  const { app, digests } = service;

  /** How many of this service's consumers read a subject, as JetStream knows them. */
  const consumersOf = async (subject: string): Promise<number> => {
    let count = 0;
    for await (const info of bus.jsm.consumers.list(bus.streamName(ownerOf(subject)))) {
      if (info.config.filter_subject === bus.subject(subject) && info.name.startsWith('notifications-')) count++;
    }
    return Math.max(1, count);
  };

  const publishEnvelope = async (event: EventEnvelope, msgID: string) => {
    await bus.js.publish(bus.subject(event.subject), JSON.stringify(event), { msgID });
  };

  const harness: Harness = {
    context: base.context,
    db,
    bus,
    app,
    digests,
    tokens: base.tokens,
    config,
    applied,
    async publish(definition, payload) {
      const event = newEvent(definition, payload);
      await publishEnvelope(event, event.id);
      return event;
    },
    async redeliver(envelope) {
      await publishEnvelope(envelope, randomUUID());
    },
    async applied_(envelope) {
      const consumers = await consumersOf(envelope.subject);
      await waitFor(() => (appliedBy.get(envelope.id)?.size ?? 0) >= consumers, 15_000);
    },
    async member(claims = {}) {
      const id = claims.id ?? randomUUID();
      const event = await harness.publish(UserRegistered, { userId: id, userName: claims.name ?? `Citizen ${id.slice(0, 4)}`, registeredAt: new Date().toISOString() });
      await harness.applied_(event);
      return { id, headers: await base.tokens.headers({ id, name: claims.name, role: claims.role, verified: claims.verified ?? true }) };
    },
    async replica() {
      const replicaApplied: string[] = [];
      const replica = await start('notifications-replica', replicaApplied);
      return { ...replica.service, applied: replicaApplied };
    },
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      return `http://127.0.0.1:${port}`;
    },
    close: base.close,
  };
  return harness;
}
