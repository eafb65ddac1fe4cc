import { randomUUID } from 'node:crypto';
import { UserRegistered } from '@civic/contracts';
import { loadConfig } from '@civic/service-kit';
import { contractCase, describeEventContracts } from '@civic/test-kit';
import { buildApp } from '../src/app.js';
import { ChatConfig } from '../src/config.js';
import { createPrisma } from '../src/store/prisma.js';

/** chat's consumers against every version of their events that producers may still send. */
describeEventContracts({
  service: 'chat',
  createDatabase: createPrisma,
  build: async ({ env, db, bus }) => buildApp({ config: loadConfig(ChatConfig, env), db, bus, logger: false }),
  inboxCount: (db, consumer, eventId) => db.inboxEvent.count({ where: { consumer, eventId } }),
  cases: (db) => [
    contractCase({
      consumer: 'chat-user-registered',
      event: UserRegistered,
      sample: () => ({ userId: randomUUID(), displayName: `Citizen ${randomUUID().slice(0, 6)}`, registeredAt: new Date().toISOString(), locale: 'fr' }),
      applied: async (payload) => (await db().member.findUnique({ where: { userId: payload.userId } }))?.userName === payload.displayName,
    }),
  ],
});
