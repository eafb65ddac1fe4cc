import { consumeMembers, createEventedApp, createJwksVerifier, installAuth, runConsumersWithApp, type EventBus, type ServiceApp } from '@civic/service-kit';
import type { NotificationsConfig } from './config.js';
import type { NotificationsPrisma } from './store/prisma.js';

export interface NotificationsDeps {
  config: NotificationsConfig;
  db: NotificationsPrisma;
  bus: EventBus;
  logger?: boolean;
}

export async function buildApp({ config, db, bus, logger }: NotificationsDeps): Promise<ServiceApp> {
  const { app } = await createEventedApp({ name: 'notifications', config, db, bus, logger });
  installAuth(app, createJwksVerifier(config.JWKS_URL, { issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE }));
  runConsumersWithApp(app, [() => consumeMembers('notifications', db, bus, app.log)]);
  return app;
}
