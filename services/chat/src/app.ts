import { consumeMembers, createEventedApp, createJwksVerifier, installAuth, runConsumersWithApp, type EventBus, type ServiceApp } from '@civic/service-kit';
import type { ChatConfig } from './config.js';
import type { ChatPrisma } from './store/prisma.js';

export interface ChatDeps {
  config: ChatConfig;
  db: ChatPrisma;
  bus: EventBus;
  logger?: boolean;
}

export async function buildApp({ config, db, bus, logger }: ChatDeps): Promise<ServiceApp> {
  const { app } = await createEventedApp({ name: 'chat', config, db, bus, logger });
  installAuth(app, createJwksVerifier(config.JWKS_URL, { issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE }));
  runConsumersWithApp(app, [() => consumeMembers('chat', db, bus, app.log)]);
  return app;
}
