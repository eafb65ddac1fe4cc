import { createEventedApp, type EventBus, type ServiceApp } from '@civic/service-kit';
import type { IdentityConfig } from './config.js';
import { authRoutes } from './routes/auth.routes.js';
import type { IdentityPrisma } from './store/prisma.js';
import { SigningKeyRepository } from './store/signing-key.repository.js';
import { UserRepository } from './store/user.repository.js';

export interface IdentityDeps {
  config: IdentityConfig;
  db: IdentityPrisma;
  bus: EventBus;
  /** false silences logs (tests). */
  logger?: boolean;
}

export async function buildApp({ config, db, bus, logger }: IdentityDeps): Promise<ServiceApp> {
  const { app, relay } = await createEventedApp({ name: 'identity', config, db, bus, logger });
  await app.register(authRoutes, { users: new UserRepository(db, relay), keys: new SigningKeyRepository(db) });
  return app;
}
