import { loadConfig } from '@civic/service-kit';
import { describeEventContracts, registrationCase } from '@civic/test-kit';
import { buildApp } from '../src/app.js';
import { ChatConfig } from '../src/config.js';
import { createPrisma } from '../src/store/prisma.js';

/** chat's consumers against every version of their events that producers may still send. */
describeEventContracts({
  service: 'chat',
  createDatabase: createPrisma,
  build: async ({ env, db, bus }) => buildApp({ config: loadConfig(ChatConfig, env), db, bus, logger: false }),
  cases: (db) => [registrationCase('chat-user-registered', async (userId) => (await db().member.findUnique({ where: { userId } }))?.userName)],
});
