import type { VoteChoice } from '@civic/contracts';
import { loadConfig, type ServiceApp } from '@civic/service-kit';
import { ManualClock, startServiceHarness, type ServiceHarness, type TestMember } from '@civic/test-kit';
import { createDecisions, type Decisions, type DecisionsDeps } from '../../src/app.js';
import { DecisionsConfig } from '../../src/config.js';
import type { CycleScheduler } from '../../src/scheduler/cycle.scheduler.js';
import { createPrisma, type DecisionsPrisma } from '../../src/store/prisma.js';

export const DAY = 24 * 60 * 60 * 1000;

export interface Harness extends ServiceHarness<DecisionsPrisma, Decisions, DecisionsConfig> {
  app: ServiceApp;
  scheduler: CycleScheduler;
}

export type Member = TestMember;

/** `deps`: what a test replaces in the service (e.g. the PDF renderer, to count renders). */
export async function startHarness(env: Record<string, string> = {}, deps: Pick<DecisionsDeps, 'renderPdf'> = {}): Promise<Harness> {
  const clock = new ManualClock(new Date('2026-03-01T08:00:00.000Z'));
  const h = await startServiceHarness({
    service: 'decisions',
    clock,
    config: (base) => loadConfig(DecisionsConfig, { ...base, START_MIN_VERIFIED_USERS: '2', START_MIN_PROPOSALS: '2', ...env }),
    createDatabase: createPrisma,
    build: (config, db, bus) => createDecisions({ config, db, bus, logger: false, clock: clock.now, schedule: false, ...deps }),
    async holds(db, { id, verified }) {
      const citizen = await db.citizen.findUnique({ where: { userId: id } });
      return citizen !== null && (!verified || citizen.verifiedAt !== null);
    },
  });
  return { ...h, app: h.service.app, scheduler: h.service.scheduler };
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
