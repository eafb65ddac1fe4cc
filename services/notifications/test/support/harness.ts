import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { UserRegistered, type EventDefinition, type EventEnvelope } from '@civic/contracts';
import { connectBus, loadConfig, newEvent, type EventBus, type ServiceApp } from '@civic/service-kit';
import { serviceEnv, setupServiceTest, TestTokens, waitFor, type ServiceTestContext, type TestUserClaims } from '@civic/test-kit';
import type { Static } from 'typebox';
import { createNotifications, type Notifications } from '../../src/app.js';
import { NotificationsConfig } from '../../src/config.js';
import { createPrisma, type NotificationsPrisma } from '../../src/store/prisma.js';

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
  /** Waits until the service applied the event (or saw it again). */
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
  const context = await setupServiceTest(['notifications']);
  const tokens = await TestTokens.start();
  const config = loadConfig(NotificationsConfig, {
    ...serviceEnv(context),
    JWKS_URL: tokens.jwksUrl,
    ALERTS_SERVICE_TOKEN: 'test-service-token',
    DIGEST_UNSUBSCRIBE_KEY: 'test-digest-unsubscribe-key-of-32-characters',
    ...env,
  });
  const db = createPrisma(context.databaseUrl);
  const bus = await connectBus({ url: context.natsUrl, prefix: context.natsPrefix, name: 'notifications-test' });
  const applied: string[] = [];
  const { app, digests } = await createNotifications({ config, db, bus, logger: false, schedule: false, onEventApplied: (envelope) => applied.push(envelope.id) });
  await app.ready();
  const replicas: { close(): Promise<void> }[] = [];

  const publishEnvelope = async (event: EventEnvelope, msgID: string) => {
    await bus.js.publish(bus.subject(event.subject), JSON.stringify(event), { msgID });
  };

  const harness: Harness = {
    context,
    db,
    bus,
    app,
    digests,
    tokens,
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
      await waitFor(() => applied.includes(envelope.id), 15_000);
    },
    async member(claims = {}) {
      const id = claims.id ?? randomUUID();
      const event = await harness.publish(UserRegistered, { userId: id, userName: claims.name ?? `Citizen ${id.slice(0, 4)}`, registeredAt: new Date().toISOString() });
      await harness.applied_(event);
      return { id, headers: await tokens.headers({ id, name: claims.name, role: claims.role, verified: claims.verified ?? true }) };
    },
    async replica() {
      const replicaDb = createPrisma(context.databaseUrl);
      const replicaBus = await connectBus({ url: context.natsUrl, prefix: context.natsPrefix, name: 'notifications-replica' });
      const replicaApplied: string[] = [];
      const replica = await createNotifications({ config, db: replicaDb, bus: replicaBus, logger: false, schedule: false, onEventApplied: (envelope) => {
          // The harness waits on whichever replica applied the event.
          replicaApplied.push(envelope.id);
          applied.push(envelope.id);
        },
      });
      await replica.app.ready();
      replicas.push({
        async close() {
          await replica.app.close();
          await replicaBus.close();
          await replicaDb.$disconnect();
        },
      });
      return { ...replica, applied: replicaApplied };
    },
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      return `http://127.0.0.1:${port}`;
    },
    async close() {
      for (const replica of replicas) await replica.close();
      await app.close();
      await bus.close();
      await db.$disconnect();
      await tokens.close();
      await context.cleanup();
    },
  };
  return harness;
}
