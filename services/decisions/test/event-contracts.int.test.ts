import { loadConfig } from '@civic/service-kit';
import { describeEventContracts, registrationCase } from '@civic/test-kit';
import { createDecisions } from '../src/app.js';
import { DecisionsConfig } from '../src/config.js';
import { createPrisma } from '../src/store/prisma.js';

/** decisions' consumers against every version of their events that producers may still send. */
describeEventContracts({
  service: 'decisions',
  createDatabase: createPrisma,
  build: async ({ env, db, bus }) => (await createDecisions({ config: loadConfig(DecisionsConfig, env), db, bus, logger: false, schedule: false })).app,
  cases: (db) => [registrationCase('decisions-user-registered', async (userId) => (await db().citizen.findUnique({ where: { userId } }))?.userName)],
});
