import { randomUUID } from 'node:crypto';
import { LawArchived } from '@civic/contracts';
import { loadConfig } from '@civic/service-kit';
import { contractCase, describeEventContracts, registrationCase } from '@civic/test-kit';
import { buildApp } from '../src/app.js';
import { NotificationsConfig } from '../src/config.js';
import { createPrisma, type NotificationsPrisma } from '../src/store/prisma.js';

let database: () => NotificationsPrisma;
/** Laws someone follows, made before the cases run: a sample must be sync, a follower must exist before the event. */
const followedLaws: string[] = [];
const follower = randomUUID();

const archived = (lawId: string) => ({ lawId, cycleId: randomUUID(), title: 'Free buses', adopted: true, voterIds: [randomUUID()], chunk: 1, chunks: 1, seal: 'ab'.repeat(32) });

/** notifications' consumers against every version of their events that producers may still send. */
describeEventContracts({
  service: 'notifications',
  createDatabase: createPrisma,
  build: async ({ env, db, bus }) => buildApp({ config: loadConfig(NotificationsConfig, { DIGEST_UNSUBSCRIBE_KEY: 'contract-test-digest-key-of-32-characters', ...env }), db, bus, logger: false }),
  cases: (db) => {
    database = db;
    return [
      registrationCase('notifications-user-registered', async (userId) => (await db().member.findUnique({ where: { userId } }))?.userName),
      // Version 1 (no seal) and 2 alike tell the voters.
      contractCase({
        consumer: 'notifications-law-archived',
        event: LawArchived,
        sample: () => archived(randomUUID()),
        applied: async (payload) => (await db().alert.count({ where: { userId: payload.voterIds[0]!, messageKey: 'lawAdopted', link: `/archive/${payload.lawId}` } })) === 1,
      }),
      contractCase({
        consumer: 'notifications-law-archived-followers',
        event: LawArchived,
        sample: () => archived(followedLaws.pop()!),
        applied: async (payload) => (await db().alert.count({ where: { userId: follower, messageKey: 'followedAdopted', documentId: payload.lawId } })) === 1,
      }),
    ];
  },
});

beforeAll(async () => {
  for (let i = 0; i < 10; i++) {
    const id = randomUUID();
    await database().document.create({ data: { id, kind: 'law', title: 'Free buses' } });
    await database().follow.create({ data: { userId: follower, documentId: id } });
    followedLaws.push(id);
  }
});
