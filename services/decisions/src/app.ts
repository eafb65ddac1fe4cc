import { createEventedApp, createJwksVerifier, installAuth, runConsumersWithApp, type EventBus, type ServiceApp } from '@civic/service-kit';
import type { DecisionsConfig } from './config.js';
import { citizenConsumers } from './events/citizen.consumers.js';
import { startRuleRoutes } from './routes/start-rule.routes.js';
import { CitizenRepository } from './store/citizen.repository.js';
import type { DecisionsPrisma } from './store/prisma.js';

export interface DecisionsDeps {
  config: DecisionsConfig;
  db: DecisionsPrisma;
  bus: EventBus;
  logger?: boolean;
}

export async function buildApp({ config, db, bus, logger }: DecisionsDeps): Promise<ServiceApp> {
  const { app } = await createEventedApp({ name: 'decisions', config, db, bus, logger });
  installAuth(app, createJwksVerifier(config.JWKS_URL, { issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE }));

  runConsumersWithApp(app, citizenConsumers(db, bus, app.log));

  await app.register(startRuleRoutes, {
    citizens: new CitizenRepository(db),
    thresholds: { verifiedUsers: config.START_MIN_VERIFIED_USERS, proposals: config.START_MIN_PROPOSALS },
  });
  return app;
}
