import { randomUUID } from 'node:crypto';
import { announceFinalVoteClosing } from '../src/commands/announce-final-vote-closing.command.js';
import { DAY, startHarness, type Harness } from './support/harness.js';

/**
 * The closing notice of a final vote (FinalVoteClosing): written by the cycle scheduler once per
 * cycle, FINAL_VOTE_CLOSING_NOTICE_HOURS before its end, whatever the number of replicas, with the
 * laws still in the vote; a later extension does not send it again.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h.close();
});

const HOUR = 60 * 60 * 1000;
const closingEvents = async () =>
  (await h.db.outboxEvent.findMany({ where: { subject: 'decisions.final-vote.closing' }, orderBy: { seq: 'asc' } })).map((row) => row.payload as Record<string, unknown>);

async function finalVoteCycle(endsInMs: number) {
  const now = h.clock.now();
  const cycle = await h.db.cycle.create({
    data: { id: randomUUID(), number: 40 + Math.floor(Math.random() * 1000), phase: 'final-vote', phaseStartedAt: now, phaseEndsAt: new Date(now.getTime() + endsInMs), createdAt: now },
  });
  const law = (title: string, rank: number, state: string, deletedAt: Date | null = null) =>
    h.db.law.create({
      data: { id: randomUUID(), cycleId: cycle.id, userId: randomUUID(), title, description: 'A law', category: 'other', rank, state, deletedAt, createdAt: now, updatedAt: now },
    });
  const laws = [await law('Free buses', 1, 'final-vote'), await law('Night trains', 2, 'final-vote'), await law('Gone law', 3, 'final-vote', now)];
  return { cycle, laws };
}

it('publishes the notice once the final vote ends within the window, once across replicas, with the live laws', async () => {
  const { cycle, laws } = await finalVoteCycle(2 * DAY);
  const replica = await h.replica();
  await h.scheduler.tick();
  expect(await closingEvents()).toEqual([]);

  h.clock.advance(DAY + HOUR);
  await Promise.all([h.scheduler.tick(), replica.scheduler.tick(), h.scheduler.tick()]);
  const events = await closingEvents();
  expect(events).toEqual([
    {
      cycleId: cycle.id,
      number: cycle.number,
      endsAt: cycle.phaseEndsAt!.toISOString(),
      laws: [
        { lawId: laws[0]!.id, title: 'Free buses' },
        { lawId: laws[1]!.id, title: 'Night trains' },
      ],
    },
  ]);
  expect((await h.db.cycle.findUnique({ where: { id: cycle.id } }))?.closingNoticeAt?.toISOString()).toBe(h.clock.now().toISOString());

  // Extended afterwards: no second notice when the new end comes near.
  await h.db.cycle.update({ where: { id: cycle.id }, data: { phaseEndsAt: new Date(h.clock.now().getTime() + 3 * DAY) } });
  h.clock.advance(2 * DAY + 12 * HOUR);
  await h.scheduler.tick();
  expect(await closingEvents()).toHaveLength(1);
  await h.db.cycle.update({ where: { id: cycle.id }, data: { phase: 'archive' } });
});

it('follows the configured window', async () => {
  const { cycle } = await finalVoteCycle(3 * HOUR);
  const before = (await closingEvents()).length;
  expect(await announceFinalVoteClosing({ db: h.db, clock: h.clock.now, closingNoticeMs: 2 * HOUR })).toEqual([]);
  h.clock.advance(HOUR);
  expect(await announceFinalVoteClosing({ db: h.db, clock: h.clock.now, closingNoticeMs: 2 * HOUR })).toEqual([
    { cycleId: cycle.id, number: cycle.number, endsAt: cycle.phaseEndsAt, laws: 2 },
  ]);
  expect(await announceFinalVoteClosing({ db: h.db, clock: h.clock.now, closingNoticeMs: 2 * HOUR })).toEqual([]);
  expect(await closingEvents()).toHaveLength(before + 1);
});
