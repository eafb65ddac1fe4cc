import { randomUUID } from 'node:crypto';
import { UserRegistered } from '@civic/contracts';
import { loadConfig } from '@civic/service-kit';
import { contractCase, describeEventContracts } from '@civic/test-kit';
import { createElections } from '../src/app.js';
import { ElectionsConfig } from '../src/config.js';
import { createPrisma } from '../src/store/prisma.js';

/** elections' consumers against every version of their events that producers may still send. */
describeEventContracts({
  service: 'elections',
  createDatabase: createPrisma,
  build: async ({ env, db, bus }) => (await createElections({ config: loadConfig(ElectionsConfig, env), db, bus, logger: false, schedule: false })).app,
  inboxCount: (db, consumer, eventId) => db.inboxEvent.count({ where: { consumer, eventId } }),
  cases: (db) => [
    contractCase({
      consumer: 'elections-user-registered',
      event: UserRegistered,
      sample: () => ({ userId: randomUUID(), displayName: `Citizen ${randomUUID().slice(0, 6)}`, registeredAt: new Date().toISOString(), locale: 'fr' }),
      applied: async (payload) => (await db().member.findUnique({ where: { userId: payload.userId } }))?.userName === payload.displayName,
    }),
  ],
});
