import { eventBySubject, type StreamOwner } from '@civic/contracts';
import type { ConsumerHost } from './consumer.js';
import type { BaseConfig } from './config.js';
import { createServiceApp, type ServiceApp } from './http.js';
import { installOpenApi, type OpenApiOptions } from './openapi.js';
import { connectBus, type EventBus } from './nats.js';
import { installConsumerMetrics, installOutboxMetrics } from './operator-metrics.js';
import { OutboxRelay, parsePublishedVersions, publishedVersion, type PublishedVersions } from './outbox.js';
import { sql, type SqlClient } from './prisma.js';
import { DEFAULT_ACCESS_TOKEN_LIFETIME_MS, RevocationList, startRevocationFeed, type RevocationFeed } from './revocations.js';
import { runService } from './run.js';
import { installStrictBodyValidation } from './validation.js';
import type { Static, TObject, TProperties } from 'typebox';

/** A service's Prisma client as far as the kit is concerned. */
export type ServiceDatabase = SqlClient & { $disconnect(): Promise<void> };

export interface EventedAppOptions {
  name: StreamOwner;
  /** ACCESS_TOKEN_MINUTES (JwtConfigProperties) sets the tokens' lifetime unless accessTokenLifetimeMs does. */
  config: BaseConfig & { ACCESS_TOKEN_MINUTES?: number };
  db: ServiceDatabase;
  bus: EventBus;
  logger?: boolean;
  /**
   * The longest life of an access token (ACCESS_TOKEN_MINUTES, else 15 minutes):
   * how long a revocation is kept, and how far back the revocation feed reads when the process starts.
   */
  accessTokenLifetimeMs?: number;
  /** The service's OpenAPI document, made of its routes' schemas (every service serves one). */
  openapi?: OpenApiOptions;
  /** Bodies validated without type coercion (installStrictBodyValidation), for the routes that take JSON bodies. */
  strictBodies?: boolean;
}

export interface EventedApp {
  app: ServiceApp;
  relay: OutboxRelay;
  /** What this service's consumers share: pass it to startConsumer (`{ ...consumers, name, event, handle }`). */
  consumers: ConsumerHost;
  /** The version this service writes of each event that has several (PUBLISH_EVENT_VERSIONS), for newPublishedEvent. */
  published: PublishedVersions;
  /** The access tokens identity revoked, followed by this process; installAuth refuses them (docs/sessions.md). */
  revocations: RevocationList;
}

/** Revocations are kept, and read back at start, that much longer than a token lives: clocks differ a little. */
const CLOCK_SKEW_MS = 60_000;
/** How long a starting process waits for the revocations before listening anyway (docs/sessions.md). */
const CATCH_UP_WAIT_MS = 15_000;

/**
 * The Fastify app of a service that owns a schema and a stream: ready while PostgreSQL answers (NATS
 * is reported, as "degraded" while it is away, but never makes the pod unready: the outbox keeps the
 * events meanwhile), its stream ensured and its outbox relay running while the app is up. It follows
 * identity's revocations from before it starts listening (`app.revocations`, applied by installAuth).
 */
export async function createEventedApp({ name, config, db, bus, logger, accessTokenLifetimeMs, openapi, strictBodies }: EventedAppOptions): Promise<EventedApp> {
  const tokenLifetimeMs = accessTokenLifetimeMs ?? (config.ACCESS_TOKEN_MINUTES ? config.ACCESS_TOKEN_MINUTES * 60_000 : DEFAULT_ACCESS_TOKEN_LIFETIME_MS);
  const published = parsePublishedVersions(config.PUBLISH_EVENT_VERSIONS ?? '');
  checkPublishedVersions(name, published);
  const app = await createServiceApp({
    name,
    logLevel: config.LOG_LEVEL,
    logger,
    readiness: [
      { name: 'postgres', check: async () => db.$queryRaw(sql`SELECT 1`) },
      { name: 'nats', check: () => bus.ping(), required: false },
    ],
  });
  // Read at scrape time: the outbox backlog, and the lag of this service's durable consumers.
  installOutboxMetrics(app.metrics, db, name, app.log.child({ component: 'metrics' }));
  installConsumerMetrics(app.metrics, bus, name, app.log.child({ component: 'metrics' }));
  const relay = new OutboxRelay({ db, schema: name, bus, log: app.log, pollMs: config.OUTBOX_POLL_MS, listenUrl: config.OUTBOX_LISTEN_URL ?? config.DATABASE_URL });
  const revocations = new RevocationList({ tokenLifetimeMs, clockSkewMs: CLOCK_SKEW_MS });
  app.decorate('revocations', revocations);
  let feed: RevocationFeed | null = null;
  app.addHook('onReady', async () => {
    await bus.ensureStream(name);
    relay.start();
    // Listening only once caught up: a restarted pod must not accept a token revoked before it started.
    feed = await startRevocationFeed({ bus, list: revocations, log: app.log.child({ component: 'revocations' }), catchUpMs: tokenLifetimeMs + CLOCK_SKEW_MS });
    const caughtUp = await Promise.race([feed.caughtUp.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CATCH_UP_WAIT_MS).unref())]);
    if (!caughtUp) app.log.warn({ waitedMs: CATCH_UP_WAIT_MS }, 'revocations not caught up yet (NATS slow or away): listening anyway, the feed goes on');
  });
  app.addHook('onClose', () => relay.stop());
  app.addHook('onClose', async () => feed?.stop());
  const consumers: ConsumerHost = { bus, db, schema: name, log: app.log, metrics: app.metrics, readVersionsUpTo: config.READ_EVENT_VERSIONS_UP_TO };
  if (strictBodies) installStrictBodyValidation(app);
  if (openapi) await installOpenApi(app, openapi);
  return { app, relay, consumers, published, revocations };
}

/** A bad PUBLISH_EVENT_VERSIONS entry for this service's own events stops it at start, not at its first event. */
function checkPublishedVersions(owner: StreamOwner, published: PublishedVersions): void {
  for (const [subject] of published) {
    if (subject.split('.', 1)[0] !== owner) continue;
    const event = eventBySubject(subject);
    if (!event) throw new Error(`PUBLISH_EVENT_VERSIONS names ${subject}, which is not an event of ${owner}`);
    publishedVersion(event, published);
  }
}

/** server.ts of an evented service: config, database, NATS, the app, and their orderly release. */
export async function runEventedService<P extends TProperties, DB extends ServiceDatabase>(
  name: StreamOwner,
  schema: TObject<P>,
  createDatabase: (databaseUrl: string) => DB,
  build: (deps: { config: Static<TObject<P>>; db: DB; bus: EventBus }) => Promise<ServiceApp>,
): Promise<void> {
  await runService(name, schema, async (config) => {
    const base = config as unknown as BaseConfig;
    const db = createDatabase(base.DATABASE_URL);
    const bus = await connectBus({ url: base.NATS_URL, prefix: base.NATS_PREFIX, name });
    const app = await build({ config, db, bus });
    return {
      app,
      async close() {
        await bus.close();
        await db.$disconnect();
      },
    };
  });
}
