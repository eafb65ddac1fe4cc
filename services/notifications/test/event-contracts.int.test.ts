import { loadConfig } from '@civic/service-kit';
import { describeEventContracts, registrationCase } from '@civic/test-kit';
import { buildApp } from '../src/app.js';
import { NotificationsConfig } from '../src/config.js';
import { createPrisma } from '../src/store/prisma.js';

/** notifications' consumers against every version of their events that producers may still send. */
describeEventContracts({
  service: 'notifications',
  createDatabase: createPrisma,
  build: async ({ env, db, bus }) => buildApp({ config: loadConfig(NotificationsConfig, env), db, bus, logger: false }),
  cases: (db) => [registrationCase('notifications-user-registered', async (userId) => (await db().member.findUnique({ where: { userId } }))?.userName)],
});
