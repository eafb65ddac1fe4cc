import { consumeMembers, createEventedApp, createJwksVerifier, installAuth, runConsumersWithApp, type EventBus, type ServiceApp } from '@civic/service-kit';
import type { ElectionsConfig } from './config.js';
import type { ElectionsPrisma } from './store/prisma.js';

export interface ElectionsDeps {
  config: ElectionsConfig;
  db: ElectionsPrisma;
  bus: EventBus;
  logger?: boolean;
}

export async function buildApp({ config, db, bus, logger }: ElectionsDeps): Promise<ServiceApp> {
  const { app } = await createEventedApp({ name: 'elections', config, db, bus, logger });
  installAuth(app, createJwksVerifier(config.JWKS_URL, { issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE }));
  runConsumersWithApp(app, [() => consumeMembers('elections', db, bus, app.log)]);
  return app;
}
