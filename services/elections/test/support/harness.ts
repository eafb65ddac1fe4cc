import { UserCandidacyChanged, type CandidateTo } from '@civic/contracts';
import { loadConfig, type ServiceApp } from '@civic/service-kit';
import { ManualClock, startServiceHarness, waitFor, type ServiceHarness, type TestMember } from '@civic/test-kit';
import { createElections, type Elections } from '../../src/app.js';
import { ElectionsConfig } from '../../src/config.js';
import type { ElectionScheduler } from '../../src/scheduler/election.scheduler.js';
import { createPrisma, type ElectionsPrisma } from '../../src/store/prisma.js';

export const DAY = 24 * 60 * 60 * 1000;

export type Member = TestMember;

export interface Harness extends ServiceHarness<ElectionsPrisma, Elections, ElectionsConfig> {
  app: ServiceApp;
  scheduler: ElectionScheduler;
  /** The member stands for the role this month (identity's candidacy event), once the service has it. */
  stand(member: Member, role: CandidateTo, month?: string): Promise<void>;
  withdraw(member: Member, role: CandidateTo): Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const clock = new ManualClock(new Date('2026-11-10T09:00:00.000Z')); // 10 Nov 2026, 10:00 in Paris
  const h = await startServiceHarness({
    service: 'elections',
    clock,
    config: (base) => loadConfig(ElectionsConfig, { ...base, ...env }),
    createDatabase: createPrisma,
    build: (config, db, bus) => createElections({ config, db, bus, logger: false, clock: clock.now, schedule: false }),
    async holds(db, { id, name, verified }) {
      const member = await db.member.findUnique({ where: { userId: id } });
      return member !== null && member.userName === name && (!verified || member.verifiedAt !== null);
    },
    publishAtClock: true,
  });
  const { db, publish } = h;
  const currentMonth = () => {
    const [year, month] = clock.now().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' }).split('-');
    return `${year}-${month}-01`;
  };
  const candidacyChanges = () => db.inboxEvent.count({ where: { consumer: 'elections-user-candidacy-changed' } });

  return {
    ...h,
    app: h.service.app,
    scheduler: h.service.scheduler,
    async stand(member, role, month = currentMonth()) {
      await publish(UserCandidacyChanged, { userId: member.id, userName: member.name, candidateTo: role as 1 | 2 | 3, candidateDate: month });
      await waitFor(async () => (await db.candidacy.count({ where: { userId: member.id, candidateTo: role, month: new Date(`${month}T00:00:00Z`) } })) === 1);
    },
    async withdraw(member, role) {
      const before = await candidacyChanges();
      await publish(UserCandidacyChanged, { userId: member.id, userName: member.name, candidateTo: role as 1 | 2 | 3, candidateDate: null });
      await waitFor(async () => (await candidacyChanges()) > before);
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
