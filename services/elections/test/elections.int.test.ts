import { CandidateTo, ElectionClosed, UserCandidacyChanged, type ElectedOfficials, type ElectionDetail, type ElectionList, type ElectionSchedule } from '@civic/contracts';
import { waitFor } from '@civic/test-kit';
import { DAY, outbox, startHarness, vote, type Harness, type Member } from './support/harness.js';

/**
 * The monthly election: tally with ties to the earlier candidacy, stored results, the event identity
 * applies, exactly once across replicas, catch-up after downtime. Two seats per role here.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ ELECTED_MODERATORS: '2', ELECTED_SCRIBES: '1', ELECTED_GREAT_WISES: '1' });
});

afterAll(async () => {
  await h.close();
});

const closedEvents = async () => (await outbox(h.db)).filter((event) => event.subject === ElectionClosed.subject).map((event) => event.payload as { month: string; elected: Record<string, string[]>; removed: Record<string, string[]> });

describe('the monthly election', () => {
  const members: Record<string, Member> = {};

  beforeAll(async () => {
    for (const name of ['ann', 'ben', 'cat', 'dan', 'eve', 'fay', 'voter1', 'voter2', 'voter3']) members[name] = await h.member({ name });
  });

  it('answers the time of the next election and keeps the first, empty month without an election', async () => {
    const next = (await h.app.inject({ url: '/api/elections/next' })).json<ElectionSchedule>();
    expect(next).toEqual({
      serverTime: '2026-11-10T09:00:00.000Z',
      candidacyMonth: '2026-11-01',
      nextElectionAt: '2026-11-30T23:00:00.000Z',
      timeZone: 'Europe/Paris',
      seats: { moderators: 2, scribes: 1, greatWises: 1 },
    });
    // Nothing to tally yet on a fresh installation: no election is made up (a seeded moderator keeps the role).
    expect(await h.scheduler.tick()).toEqual([]);
    const list = (await h.app.inject({ url: '/api/elections' })).json<ElectionList>();
    expect(list.elections).toEqual([]);
    const elected = (await h.app.inject({ url: '/api/elections/elected' })).json<ElectedOfficials>();
    expect(elected).toMatchObject({ election: null, moderators: [], scribes: [], greatWises: [] });
  });

  it('closes at midnight in Paris on the 1st: the best totals with a positive total, ties to the earlier candidacy, exactly once across two replicas', async () => {
    const { ann, ben, cat, dan, eve, fay, voter1, voter2, voter3 } = members as Required<typeof members> & Record<string, Member>;
    // Candidacies in this order: ann, ben, cat, dan as moderators; eve, fay as scribes; ann as great wise.
    for (const m of [ann!, ben!, cat!, dan!]) {
      await h.stand(m, CandidateTo.Moderator);
      h.clock.advance(1000);
    }
    await h.stand(eve!, CandidateTo.Scribe);
    h.clock.advance(1000);
    await h.stand(fay!, CandidateTo.Scribe);
    await h.stand(ann!, CandidateTo.GreatWise);
    const cast = async (voter: Member, candidate: Member, role: number, value: 1 | -1) => expect((await h.app.inject(vote(voter, candidate, role, value))).statusCode).toBe(200);
    // Moderators: ben 2, cat 2 (cat stood later), ann 1, dan -1.
    await cast(voter1!, ben!, 1, 1);
    await cast(voter2!, ben!, 1, 1);
    await cast(voter1!, cat!, 1, 1);
    await cast(voter3!, cat!, 1, 1);
    await cast(voter1!, ann!, 1, 1);
    await cast(voter2!, dan!, 1, -1);
    // Scribes: eve 1 and fay 1: eve stood first.
    await cast(voter1!, eve!, 2, 1);
    await cast(voter2!, fay!, 2, 1);
    // Great wise: ann 0 (+1 -1): not elected.
    await cast(voter1!, ann!, 3, 1);
    await cast(voter2!, ann!, 3, -1);

    // One second before midnight in Paris (23:00 UTC): nothing is due.
    h.clock.set('2026-11-30T22:59:59.000Z');
    expect(await h.scheduler.tick()).toEqual([]);
    h.clock.set('2026-11-30T23:00:00.000Z');
    const replica = await h.replica();
    const ticks = await Promise.all([h.scheduler.tick(), replica.scheduler.tick(), h.scheduler.tick(), replica.scheduler.tick()]);
    expect(ticks.flat()).toHaveLength(1);
    expect(await h.db.election.count()).toBe(1);
    const [payload, ...others] = await closedEvents();
    expect(others).toEqual([]);
    expect(payload).toEqual({
      electionId: expect.any(String),
      month: '2026-12',
      elected: { moderators: [ben!.id, cat!.id], scribes: [eve!.id], greatWises: [] },
      removed: { moderators: [], scribes: [], greatWises: [] },
    });
    // Later ticks find nothing left to do.
    expect(await replica.scheduler.tick()).toEqual([]);

    // The stored result with its figures.
    const list = (await h.app.inject({ url: '/api/elections' })).json<ElectionList>();
    expect(list.elections).toEqual([
      expect.objectContaining({ month: '2026-12', candidacyMonth: '2026-11-01', scheduledAt: '2026-11-30T23:00:00.000Z', voters: 3, candidates: 7, elected: { moderators: 2, scribes: 1, greatWises: 0 } }),
    ]);
    expect(list.schedule).toMatchObject({ candidacyMonth: '2026-12-01', nextElectionAt: '2026-12-31T23:00:00.000Z' });
    const detail = (await h.app.inject({ url: `/api/elections/${list.elections[0]!.id}` })).json<ElectionDetail>();
    const moderators = detail.roles.find((r) => r.candidateTo === 1)!;
    expect(moderators.seats).toBe(2);
    expect(moderators.candidates.map((c) => [c.userName, c.totalVotes, c.votesFor, c.votesAgainst, c.rank, c.elected])).toEqual([
      ['ben', 2, 2, 0, 1, true],
      ['cat', 2, 2, 0, 2, true],
      ['ann', 1, 1, 0, 3, false],
      ['dan', -1, 0, 1, 4, false],
    ]);
    expect(detail.roles.find((r) => r.candidateTo === 2)!.candidates.map((c) => [c.userName, c.rank, c.elected])).toEqual([
      ['eve', 1, true],
      ['fay', 2, false],
    ]);
    expect(detail.roles.find((r) => r.candidateTo === 3)!.candidates.map((c) => [c.userName, c.totalVotes, c.elected])).toEqual([['ann', 0, false]]);
    const elected = (await h.app.inject({ url: '/api/elections/elected' })).json<ElectedOfficials>();
    expect(elected.election?.month).toBe('2026-12');
    expect(elected.moderators.map((o) => o.userName)).toEqual(['ben', 'cat']);
    expect(elected.scribes.map((o) => [o.userName, o.totalVotes])).toEqual([['eve', 1]]);
    expect(elected.greatWises).toEqual([]);

    // The event reaches the stream through the outbox relay.
    await waitFor(async () => (await h.db.outboxEvent.count({ where: { subject: ElectionClosed.subject, sentAt: { not: null } } })) === 1);
    // An id that names no election, or cannot be an id at all, is not found (never a bad request).
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', '12', encodeURIComponent('é'), 'x'.repeat(100)]) {
      const answer = await h.app.inject({ url: `/api/elections/${id}` });
      expect([id, answer.statusCode, answer.json()]).toEqual([id, 404, { statusCode: 404, statusMessage: 'Not Found' }]);
    }
  });

  it("starts December empty: November's candidacies are closed, and late votes or candidacy events for it change nothing", async () => {
    const { ann, ben, voter1 } = members;
    expect((await h.app.inject({ url: '/api/candidates/1' })).json()).toEqual([]);
    // A vote for a November candidate now fails: ben does not stand in December.
    expect((await h.app.inject(vote(voter1!, ben!, 1, 1))).json()).toMatchObject({ statusCode: 404, statusMessage: 'updateKO' });
    // A late November candidacy (or withdrawal) leaves the closed month alone.
    const before = await h.db.electionResult.count();
    const inbox = () => h.db.inboxEvent.count({ where: { consumer: 'elections-user-candidacy-changed' } });
    const seen = await inbox();
    await h.publish(UserCandidacyChanged, { userId: ann!.id, userName: 'ann', candidateTo: 2, candidateDate: '2026-11-01' });
    await waitFor(async () => (await inbox()) === seen + 1);
    expect(await h.db.candidacy.count({ where: { userId: ann!.id, candidateTo: 2 } })).toBe(0);
    await h.withdraw(ben!, CandidateTo.Moderator);
    expect(await h.db.candidacy.count({ where: { userId: ben!.id, month: new Date('2026-11-01T00:00:00Z') } })).toBe(1);
    expect(await h.db.candidateVote.count({ where: { candidateId: ben!.id } })).toBe(2);
    expect(await h.db.electionResult.count()).toBe(before);
  });

  it('catches up after downtime: every missed month closes in order, and officials not re-elected are removed', async () => {
    const { ann, ben, cat, voter1 } = members;
    // December: cat stands again and is re-elected moderator; ann stands as moderator; ben does not stand.
    await h.stand(cat!, CandidateTo.Moderator);
    h.clock.advance(1000);
    await h.stand(ann!, CandidateTo.Moderator);
    expect((await h.app.inject(vote(voter1!, cat!, 1, 1))).statusCode).toBe(200);
    expect((await h.app.inject(vote(voter1!, ann!, 1, 1))).statusCode).toBe(200);
    // The service is down from mid-December to 3 February (Paris): January's and February's elections were missed.
    h.clock.set('2027-02-03T10:00:00.000Z');
    const closed = await h.scheduler.tick();
    expect(closed.map((c) => c.month)).toEqual(['2027-01', '2027-02']);
    const events = (await closedEvents()).slice(1);
    expect(events).toEqual([
      { electionId: closed[0]!.electionId, month: '2027-01', elected: { moderators: [cat!.id, ann!.id], scribes: [], greatWises: [] }, removed: { moderators: [ben!.id], scribes: [members.eve!.id], greatWises: [] } },
      // February elects no moderator: the moderators stay (keepsModerators), so none is removed.
      { electionId: closed[1]!.electionId, month: '2027-02', elected: { moderators: [], scribes: [], greatWises: [] }, removed: { moderators: [], scribes: [], greatWises: [] } },
    ]);
    expect((await h.app.inject({ url: '/api/elections' })).json<ElectionList>().elections.map((e) => e.month)).toEqual(['2027-02', '2027-01', '2026-12']);
    expect((await h.app.inject({ url: '/api/elections/elected' })).json<ElectedOfficials>()).toMatchObject({ election: { month: '2027-02' }, moderators: [], scribes: [] });
    expect(await h.scheduler.tick()).toEqual([]);

    // March elects ben moderator: the moderators kept since January are removed then, in a later run.
    await h.stand(ben!, CandidateTo.Moderator);
    expect((await h.app.inject(vote(voter1!, ben!, 1, 1))).statusCode).toBe(200);
    h.clock.set('2027-03-02T10:00:00.000Z');
    const march = await h.scheduler.tick();
    expect(march.map((c) => c.month)).toEqual(['2027-03']);
    expect((await closedEvents()).at(-1)).toMatchObject({ month: '2027-03', elected: { moderators: [ben!.id] }, removed: { moderators: [cat!.id, ann!.id] } });
  });

  it('takes a configured election time of day', async () => {
    const morning = await startHarness({ ELECTION_TIME: '09:30', ELECTIONS_TIME_ZONE: 'UTC' });
    try {
      const someone = await morning.member({ name: 'someone' });
      await morning.stand(someone, CandidateTo.Moderator, '2026-11-01');
      morning.clock.set('2026-12-01T09:29:59.000Z');
      expect(await morning.scheduler.tick()).toEqual([]);
      morning.clock.advance(1000);
      expect((await morning.scheduler.tick()).map((c) => c.month)).toEqual(['2026-12']);
      expect((await morning.app.inject({ url: '/api/elections/next' })).json()).toMatchObject({ nextElectionAt: '2027-01-01T09:30:00.000Z', timeZone: 'UTC' });
    } finally {
      await morning.close();
    }
  });

  it('documents every route in its OpenAPI document', async () => {
    const document = (await h.app.inject({ url: '/api/elections/openapi.json' })).json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toBe('3.0.3');
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/candidates/votes',
      '/api/candidates/votes/{userId}',
      '/api/candidates/{type}',
      '/api/elections',
      '/api/elections/elected',
      '/api/elections/next',
      '/api/elections/{id}',
    ]);
    expect(Object.keys(document.paths['/api/candidates/votes']!).sort()).toEqual(['delete', 'post']);
    // The test-only clock is not served unless enabled.
    expect((await h.app.inject({ method: 'PUT', url: '/api/elections/clock', payload: { advanceMs: DAY } })).statusCode).toBe(404);
  });
});
