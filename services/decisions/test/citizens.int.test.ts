import { randomUUID } from 'node:crypto';
import { UserDeleted, UserRegistered, UserVerified, type EventDefinition } from '@civic/contracts';
import { loadConfig, type newEvent, type ServiceApp } from '@civic/service-kit';
import { publishEvent, serviceEnv, setupServiceTest, startTestProcess, waitFor, type ServiceTestContext, type TestProcess } from '@civic/test-kit';
import { buildApp } from '../src/app.js';
import { DecisionsConfig } from '../src/config.js';
import { createPrisma, type DecisionsPrisma } from '../src/store/prisma.js';

let context: ServiceTestContext;
let db: DecisionsPrisma;
let main: TestProcess<DecisionsPrisma, { app: ServiceApp }>;

beforeAll(async () => {
  context = await setupServiceTest(['decisions']);
  const config = loadConfig(DecisionsConfig, { ...serviceEnv(context), START_MIN_VERIFIED_USERS: '2', START_MIN_PROPOSALS: '10' });
  main = await startTestProcess(context, 'decisions-test', createPrisma, async (db, bus) => ({ app: await buildApp({ config, db, bus, logger: false }) }));
  db = main.db;
});

afterAll(async () => {
  await main.close();
  await context.cleanup();
});

/** Publishes as identity's relay would. */
const publish = <D extends EventDefinition>(definition: D, payload: Parameters<typeof newEvent<D>>[1]) => publishEvent(main.bus, definition, payload);

const now = () => new Date().toISOString();
const publishRegistration = (userId: string) => publish(UserRegistered, { userId, userName: 'Citizen', registeredAt: now() });

const startRule = async () => (await main.service.app.inject({ url: '/api/decisions/start-rule' })).json();

describe('citizen projection and start rule', () => {
  it('counts each registered user once, even when identity publishes the same user twice', async () => {
    const userId = randomUUID();
    await publishRegistration(userId);
    await publishRegistration(userId); // a second event about the same user
    await publishRegistration(randomUUID());
    await waitFor(async () => (await startRule()).registeredUsers === 2);
    expect(await db.citizen.count()).toBe(2);
    expect(await db.inboxEvent.count()).toBe(3);
  });

  it('shows progress and what is missing with the configured thresholds', async () => {
    expect(await startRule()).toEqual({
      registeredUsers: 2,
      progress: { verifiedUsers: 0, proposals: 0 },
      required: { verifiedUsers: 2, proposals: 10 },
      missing: { verifiedUsers: 2, proposals: 10 },
      met: false,
    });
  });

  it('counts verified citizens, whatever order the events arrive in, and stops counting deleted ones', async () => {
    const early = randomUUID(); // verified before its registration event is consumed
    await publish(UserVerified, { userId: early, verifiedAt: now() });
    const [first] = await db.citizen.findMany({ select: { userId: true }, orderBy: { registeredAt: 'asc' }, take: 1 });
    await publish(UserVerified, { userId: first!.userId, verifiedAt: now() });
    await waitFor(async () => (await startRule()).progress.verifiedUsers === 2);
    await publishRegistration(early);
    await waitFor(async () => (await db.inboxEvent.count()) === 6);
    expect((await startRule()).progress.verifiedUsers).toBe(2);
    expect((await startRule()).registeredUsers).toBe(3);

    await publish(UserDeleted, { userId: early, deletedAt: now() });
    await waitFor(async () => (await startRule()).registeredUsers === 2);
    expect((await startRule()).progress.verifiedUsers).toBe(1);
  });
});
