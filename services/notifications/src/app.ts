import type { EventEnvelope } from '@civic/contracts';
import { createEventedApp, identityVerifier, installAuth, runConsumersWithApp, type EventBus, type OpenApiOptions, type ServiceApp, type TokenVerifier } from '@civic/service-kit';
import { DEVELOPMENT_DIGEST_UNSUBSCRIBE_KEY, type NotificationsConfig } from './config.js';
import { alertConsumers } from './events/alert.consumers.js';
import { UnreadHub } from './live/unread-hub.js';
import { followsRoutes } from './routes/follows.routes.js';
import { notificationsRoutes, type NotificationsContext } from './routes/notifications.routes.js';
import { streamRoutes } from './routes/stream.routes.js';
import { DigestScheduler } from './scheduler/digest.scheduler.js';
import { AlertRepository } from './store/alert.repository.js';
import { FollowRepository } from './store/follow.repository.js';
import { MemberRepository } from './store/member.repository.js';
import type { NotificationsPrisma } from './store/prisma.js';

export interface NotificationsDeps {
  config: NotificationsConfig;
  db: NotificationsPrisma;
  bus: EventBus;
  logger?: boolean;
  /** Checks access tokens; identity's JWKS (JWKS_URL) when not given. */
  verifier?: TokenVerifier;
  /** Told of every event applied (tests wait on it). */
  onEventApplied?: (envelope: EventEnvelope, consumer: string) => void;
  /** The service's clock (follows, digests); real time when not given. */
  clock?: () => Date;
  /** false leaves the digest scheduler to the caller (tests tick it by hand). */
  schedule?: boolean;
}

/** The notifications app with its digest scheduler. */
export interface Notifications {
  app: ServiceApp;
  digests: DigestScheduler;
}

/** The notifications service's OpenAPI document, made of its routes' schemas. */
const openapi: OpenApiOptions = {
  path: '/api/users/notifications/openapi.json',
  title: 'Notifications service',
  description:
    'Alerts made from the events of the other services, read and changed by their owner only, the live unread count (server-sent events), following proposals and laws, and the digest preferences. Errors answer `{statusCode, statusMessage, data?}` where statusMessage is a message of the error catalogue.',
  tags: ['notifications'],
};

/**
 * The notifications service: alerts made from the other services' events, the calls over them
 * (docs/product.md#calls), the live unread count as server-sent events, following proposals and laws
 * and the digest of what members follow (docs/product.md#following).
 */
export async function buildApp(deps: NotificationsDeps): Promise<ServiceApp> {
  return (await createNotifications(deps)).app;
}

/** The app and its digest scheduler, started with the app unless `schedule` is false. */
export async function createNotifications({ config, db, bus, logger, verifier, onEventApplied, clock = () => new Date(), schedule = true }: NotificationsDeps): Promise<Notifications> {
  const { app, consumers, relay } = await createEventedApp({ name: 'notifications', config, db, bus, logger, strictBodies: true, openapi });
  installAuth(app, identityVerifier(config, verifier));

  const alerts = new AlertRepository(db);
  const hub = new UnreadHub({ bus, log: app.log, counts: (userIds) => alerts.unreadOf(userIds) });
  app.addHook('onReady', async () => hub.start());
  // Live streams never end on their own: close them first, so the server can stop.
  app.addHook('preClose', async () => hub.stop());

  runConsumersWithApp(app, alertConsumers({ host: consumers, hub, onApplied: onEventApplied }));

  const context: NotificationsContext = { db, alerts, members: new MemberRepository(db), hub, serviceToken: config.ALERTS_SERVICE_TOKEN };
  await app.register(streamRoutes, { ...context, heartbeatMs: config.STREAM_HEARTBEAT_MS, retryMs: config.STREAM_RETRY_MS });
  await app.register(notificationsRoutes, context);

  const digestSchedule = { hourUtc: config.DIGEST_HOUR_UTC, dailyMs: config.DIGEST_DAILY_MS };
  const digests = new DigestScheduler({ db, clock, schedule: digestSchedule, unsubscribeKey: config.DIGEST_UNSUBSCRIBE_KEY, tickMs: config.DIGEST_CHECK_MS, log: app.log, relay });
  if (config.DIGEST_UNSUBSCRIBE_KEY === DEVELOPMENT_DIGEST_UNSUBSCRIBE_KEY) {
    app.log.warn('DIGEST_UNSUBSCRIBE_KEY is the local development default: set a random secret outside local runs');
  }
  if (schedule) {
    app.addHook('onReady', async () => digests.start());
    app.addHook('preClose', async () => digests.stop());
  }
  await app.register(followsRoutes, { db, follows: new FollowRepository(db), clock, schedule: digestSchedule, unsubscribeKey: config.DIGEST_UNSUBSCRIBE_KEY });
  return { app, digests };
}
