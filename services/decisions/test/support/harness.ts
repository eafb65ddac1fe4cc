import { randomUUID } from 'node:crypto';
import { UserRegistered, UserVerified, type EventDefinition, type VoteChoice } from '@civic/contracts';
import { loadConfig, type EventBus, type ServiceApp } from '@civic/service-kit';
import { ManualClock, publishEvent, serviceEnv, setupServiceTest, startTestProcess, TestTokens, waitFor, type ServiceTestContext, type TestProcess, type TestUserClaims } from '@civic/test-kit';
import type { Static } from 'typebox';
import { createDecisions, type Decisions } from '../../src/app.js';
import { DecisionsConfig } from '../../src/config.js';
import type { CycleScheduler } from '../../src/scheduler/cycle.scheduler.js';
import { createPrisma, type DecisionsPrisma } from '../../src/store/prisma.js';

export const DAY = 24 * 60 * 60 * 1000;


export interface Harness {
  context: ServiceTestContext;
  db: DecisionsPrisma;
  bus: EventBus;
  app: ServiceApp;
  scheduler: CycleScheduler;
  tokens: TestTokens;
  clock: ManualClock;
  config: DecisionsConfig;
  /** Another replica on the same database and stream (built on demand). */
  replica(): Promise<Decisions>;
  publish<D extends EventDefinition>(definition: D, payload: Static<D['payload']>, occurredAt?: Date): Promise<void>;
  /** A verified member known to the service (through identity's events), with their auth header. */
  member(claims?: Partial<TestUserClaims>): Promise<Member>;
  close(): Promise<void>;
}

export interface Member {
  id: string;
  headers: { authorization: string };
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const context = await setupServiceTest(['decisions']);
  const tokens = await TestTokens.start();
  const clock = new ManualClock(new Date('2026-03-01T08:00:00.000Z'));
  const config = loadConfig(DecisionsConfig, {
    ...serviceEnv(context),
    JWKS_URL: tokens.jwksUrl,
    OUTBOX_POLL_MS: '50',
    START_MIN_VERIFIED_USERS: '2',
    START_MIN_PROPOSALS: '2',
    ...env,
  });
  const build = (db: DecisionsPrisma, bus: EventBus) => createDecisions({ config, db, bus, logger: false, clock: clock.now, schedule: false });
  const main = await startTestProcess(context, 'decisions-test', createPrisma, build);
  const { db, bus } = main;
  const { app, scheduler } = main.service;
  const replicas: TestProcess<DecisionsPrisma, Decisions>[] = [];

  const publish: Harness['publish'] = async (definition, payload, occurredAt) => {
    await publishEvent(bus, definition, payload, occurredAt);
  };

  return {
    context,
    db,
    bus,
    app,
    scheduler,
    tokens,
    clock,
    config,
    async replica() {
      const replica = await startTestProcess(context, 'decisions-replica', createPrisma, build);
      replicas.push(replica);
      return replica.service;
    },
    publish,
    async member(claims = {}) {
      const id = claims.id ?? randomUUID();
      const verified = claims.verified ?? true;
      await publish(UserRegistered, { userId: id, userName: claims.name ?? `Citizen ${id.slice(0, 4)}`, registeredAt: clock.now().toISOString() });
      if (verified) await publish(UserVerified, { userId: id, verifiedAt: clock.now().toISOString() });
      await waitFor(async () => {
        const citizen = await db.citizen.findUnique({ where: { userId: id } });
        return citizen !== null && (!verified || citizen.verifiedAt !== null);
      });
      return { id, headers: await tokens.headers({ id, name: claims.name, role: claims.role, verified }) };
    },
    async close() {
      for (const replica of replicas) await replica.close();
      await main.close();
      await tokens.close();
      await context.cleanup();
    },
  };
}

export const proposalInput = (title = 'Free buses on Sundays', category = 'transport') => ({
  title,
  description: 'Buses would be free on Sundays, paid for by a small parking tax.',
  category,
});

/** Subjects of the events in the outbox, in order. */
export async function outboxSubjects(db: DecisionsPrisma): Promise<string[]> {
  const rows = await db.outboxEvent.findMany({ orderBy: { seq: 'asc' }, select: { subject: true } });
  return rows.map((row) => row.subject);
}

export const voteBody = (vote: VoteChoice) => ({ vote });
