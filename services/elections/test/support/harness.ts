import { randomUUID } from 'node:crypto';
import { UserCandidacyChanged, UserRegistered, UserVerified, type CandidateTo, type EventDefinition } from '@civic/contracts';
import { loadConfig, type EventBus, type ServiceApp } from '@civic/service-kit';
import { ManualClock, publishEvent, serviceEnv, setupServiceTest, startTestProcess, TestTokens, waitFor, type ServiceTestContext, type TestProcess, type TestUserClaims } from '@civic/test-kit';
import type { Static } from 'typebox';
import { createElections, type Elections } from '../../src/app.js';
import { ElectionsConfig } from '../../src/config.js';
import type { ElectionScheduler } from '../../src/scheduler/election.scheduler.js';
import { createPrisma, type ElectionsPrisma } from '../../src/store/prisma.js';

export const DAY = 24 * 60 * 60 * 1000;


export interface Member {
  id: string;
  name: string;
  headers: { authorization: string };
}

export interface Harness {
  context: ServiceTestContext;
  db: ElectionsPrisma;
  bus: EventBus;
  app: ServiceApp;
  scheduler: ElectionScheduler;
  tokens: TestTokens;
  clock: ManualClock;
  config: ElectionsConfig;
  /** Another replica on the same database and stream (built on demand). */
  replica(): Promise<Elections>;
  publish<D extends EventDefinition>(definition: D, payload: Static<D['payload']>, occurredAt?: Date): Promise<void>;
  /** A member known to the service through identity's events (verified unless told), with their auth header. */
  member(claims?: Partial<TestUserClaims>): Promise<Member>;
  /** The member stands for the role this month (identity's candidacy event), once the service has it. */
  stand(member: Member, role: CandidateTo, month?: string): Promise<void>;
  withdraw(member: Member, role: CandidateTo): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const context = await setupServiceTest(['elections']);
  const tokens = await TestTokens.start();
  const clock = new ManualClock(new Date('2026-11-10T09:00:00.000Z')); // 10 Nov 2026, 10:00 in Paris
  const config = loadConfig(ElectionsConfig, {
    ...serviceEnv(context),
    JWKS_URL: tokens.jwksUrl,
    OUTBOX_POLL_MS: '50',
    ...env,
  });
  const build = (db: ElectionsPrisma, bus: EventBus) => createElections({ config, db, bus, logger: false, clock: clock.now, schedule: false });
  const main = await startTestProcess(context, 'elections-test', createPrisma, build);
  const { db, bus } = main;
  const { app, scheduler } = main.service;
  const replicas: TestProcess<ElectionsPrisma, Elections>[] = [];

  const publish: Harness['publish'] = async (definition, payload, occurredAt) => {
    await publishEvent(bus, definition, payload, occurredAt ?? clock.now());
  };
  const currentMonth = () => {
    const [year, month] = clock.now().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' }).split('-');
    return `${year}-${month}-01`;
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
      const replica = await startTestProcess(context, 'elections-replica', createPrisma, build);
      replicas.push(replica);
      return replica.service;
    },
    publish,
    async member(claims = {}) {
      const id = claims.id ?? randomUUID();
      const name = claims.name ?? `Citizen ${id.slice(0, 6)}`;
      const verified = claims.verified ?? true;
      await publish(UserRegistered, { userId: id, userName: name, registeredAt: clock.now().toISOString() });
      if (verified) await publish(UserVerified, { userId: id, verifiedAt: clock.now().toISOString() });
      await waitFor(async () => {
        const member = await db.member.findUnique({ where: { userId: id } });
        return member !== null && member.userName === name && (!verified || member.verifiedAt !== null);
      });
      return { id, name, headers: await tokens.headers({ id, name, role: claims.role, verified }) };
    },
    async stand(member, role, month = currentMonth()) {
      await publish(UserCandidacyChanged, { userId: member.id, userName: member.name, candidateTo: role as 1 | 2 | 3, candidateDate: month });
      await waitFor(async () => (await db.candidacy.count({ where: { userId: member.id, candidateTo: role, month: new Date(`${month}T00:00:00Z`) } })) === 1);
    },
    async withdraw(member, role) {
      const before = await db.inboxEvent.count({ where: { consumer: 'elections-user-candidacy-changed' } });
      await publish(UserCandidacyChanged, { userId: member.id, userName: member.name, candidateTo: role as 1 | 2 | 3, candidateDate: null });
      await waitFor(async () => (await db.inboxEvent.count({ where: { consumer: 'elections-user-candidacy-changed' } })) > before);
    },
    async close() {
      for (const replica of replicas) await replica.close();
      await main.close();
      await tokens.close();
      await context.cleanup();
    },
  };
}

export const vote = (voter: Member, candidate: Member, candidateTo: number, value: 1 | -1) => ({
  method: 'POST' as const,
  url: '/api/candidates/votes',
  headers: voter.headers,
  payload: { vote: value, candidateId: candidate.id, userId: voter.id, candidateTo },
});

export const unvote = (voter: Member, candidate: Member, candidateTo: number) => ({
  method: 'DELETE' as const,
  url: '/api/candidates/votes',
  headers: voter.headers,
  payload: { candidateId: candidate.id, userId: voter.id, candidateTo },
});

/** The events in the outbox (subject and payload), in order. */
export async function outbox(db: ElectionsPrisma): Promise<{ subject: string; payload: unknown }[]> {
  return db.outboxEvent.findMany({ orderBy: { seq: 'asc' }, select: { subject: true, payload: true } });
}
