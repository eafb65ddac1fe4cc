import type { EventEnvelope } from '@civic/contracts';
import { createEventedApp, identityVerifier, installAuth, runConsumersWithApp, type EventBus, type OpenApiOptions, type ServiceApp, type TokenVerifier } from '@civic/service-kit';
import type { NotificationsConfig } from './config.js';
import { alertConsumers } from './events/alert.consumers.js';
import { UnreadHub } from './live/unread-hub.js';
import { notificationsRoutes, type NotificationsContext } from './routes/notifications.routes.js';
import { streamRoutes } from './routes/stream.routes.js';
import { AlertRepository } from './store/alert.repository.js';
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
  onEventApplied?: (envelope: EventEnvelope) => void;
}

/** The notifications service's OpenAPI document, made of its routes' schemas. */
const openapi: OpenApiOptions = {
  path: '/api/users/notifications/openapi.json',
  title: 'Notifications service',
  description:
    'Alerts made from the events of the other services, read and changed by their owner only, and the live unread count (server-sent events). Errors answer `{statusCode, statusMessage, data?}` where statusMessage is a message of the error catalogue.',
  tags: ['notifications'],
};

/**
 * The notifications service: alerts made from the other services' events, the calls over them
 * (docs/product.md#calls), and the live unread count as server-sent events.
 */
export async function buildApp({ config, db, bus, logger, verifier, onEventApplied }: NotificationsDeps): Promise<ServiceApp> {
  const { app, consumers } = await createEventedApp({ name: 'notifications', config, db, bus, logger, strictBodies: true, openapi });
  installAuth(app, identityVerifier(config, verifier));

  const alerts = new AlertRepository(db);
  const hub = new UnreadHub({ bus, log: app.log, counts: (userIds) => alerts.unreadOf(userIds) });
  app.addHook('onReady', async () => hub.start());
  // Live streams never end on their own: close them first, so the server can stop.
  app.addHook('preClose', async () => hub.stop());

  runConsumersWithApp(app, alertConsumers({ host: consumers, hub, onApplied: onEventApplied }));

  const context: NotificationsContext = { alerts, members: new MemberRepository(db), hub, serviceToken: config.ALERTS_SERVICE_TOKEN };
  await app.register(streamRoutes, { ...context, heartbeatMs: config.STREAM_HEARTBEAT_MS, retryMs: config.STREAM_RETRY_MS });
  await app.register(notificationsRoutes, context);
  return app;
}
