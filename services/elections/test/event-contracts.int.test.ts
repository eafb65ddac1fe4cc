import { loadConfig } from '@civic/service-kit';
import { describeEventContracts, registrationCase } from '@civic/test-kit';
import { createElections } from '../src/app.js';
import { ElectionsConfig } from '../src/config.js';
import { createPrisma } from '../src/store/prisma.js';

/** elections' consumers against every version of their events that producers may still send. */
describeEventContracts({
  service: 'elections',
  createDatabase: createPrisma,
  build: async ({ env, db, bus }) => (await createElections({ config: loadConfig(ElectionsConfig, env), db, bus, logger: false, schedule: false })).app,
  cases: (db) => [registrationCase('elections-user-registered', async (userId) => (await db().member.findUnique({ where: { userId } }))?.userName)],
});
