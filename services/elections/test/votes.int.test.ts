import { CandidateTo, liveTopics, type ElectionCandidatesUpdate, type ElectionList, type LiveUpdate, UserDeleted, UserRenamed, UserRoleChanged, UserSuspended, UserSuspensionLifted, UserVerified, type Candidate, type CandidateView, type CandidateVote } from '@civic/contracts';
import { recordLiveUpdates, waitFor } from '@civic/test-kit';
import { startHarness, unvote, vote, type Harness, type Member } from './support/harness.js';

/** Candidates and the votes on them through HTTP, against real PostgreSQL and NATS. */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h.close();
});

const candidates = async (type: number, headers: Record<string, string> = {}) => {
  const answer = await h.app.inject({ url: `/api/candidates/${type}`, headers });
  expect(answer.statusCode).toBe(200);
  return answer.json<CandidateView[]>();
};
/** The candidates' public figures: what the live updates carry, without the reader's `may`. */
const figures = (list: CandidateView[]): Candidate[] => list.map(({ may: _may, ...candidate }) => candidate);
const totalOf = async (type: number, member: Member) => (await candidates(type)).find((c) => c.id === member.id)?.totalVotes;

describe('candidates and votes', () => {
  let alice: Member;
  let bob: Member;
  let carol: Member;

  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([h.member({ name: 'Alice' }), h.member({ name: 'Bob' }), h.member({ name: 'Carol' })]);
    await h.stand(alice, CandidateTo.Moderator);
    await h.stand(alice, CandidateTo.GreatWise);
    await h.stand(bob, CandidateTo.Scribe);
  });

  it('lists the candidates of a role with their totals and user fields', async () => {
    const moderators = await candidates(1);
    expect(moderators).toEqual([
      expect.objectContaining({
        id: alice.id,
        userName: 'Alice',
        moderator: false,
        scribe: false,
        moderatorCandidateDate: '2026-11-01',
        scribeCandidateDate: null,
        greatWiseCandidateDate: '2026-11-01',
        candidateTo: 1,
        totalVotes: 0,
      }),
    ]);
    expect((await candidates(2)).map((c) => c.id)).toEqual([bob.id]);
    expect((await candidates(3)).map((c) => c.id)).toEqual([alice.id]);
    for (const bad of ['0', '4', 'abc', '-1', '1.5']) {
      const answer = await h.app.inject({ url: `/api/candidates/${bad}` });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ statusCode: 400, statusMessage: 'Bad Request' });
    }
  });

  it('replaces a vote by a new one of the same user for the same candidate and role, and deleting it makes its contribution 0', async () => {
    let answer = await h.app.inject(vote(bob, alice, 1, 1));
    expect(answer.statusCode).toBe(200);
    expect(answer.json<CandidateVote[]>()).toEqual([{ vote: 1, candidateId: alice.id, userId: bob.id, candidateTo: 1 }]);
    expect(await totalOf(1, alice)).toBe(1);

    answer = await h.app.inject(vote(bob, alice, 1, -1));
    expect(answer.json<CandidateVote[]>()).toEqual([{ vote: -1, candidateId: alice.id, userId: bob.id, candidateTo: 1 }]);
    expect(await totalOf(1, alice)).toBe(-1);
    expect(await h.db.candidateVote.count({ where: { voterId: bob.id } })).toBe(1);

    await h.app.inject(vote(carol, alice, 1, 1));
    await h.app.inject(vote(carol, alice, 1, 1)); // the same vote again changes nothing
    expect(await totalOf(1, alice)).toBe(0);
    const [listed] = await candidates(1);
    expect(listed).toMatchObject({ votesFor: 1, votesAgainst: 1, totalVotes: 0 });

    answer = await h.app.inject(unvote(bob, alice, 1));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([]);
    expect(await totalOf(1, alice)).toBe(1);
    // Taking back a vote that is not there is harmless.
    expect((await h.app.inject(unvote(bob, alice, 1))).statusCode).toBe(200);
    expect(await totalOf(1, alice)).toBe(1);
  });

  it('counts votes per role: a vote for Alice as great wise is not a vote for her as moderator', async () => {
    await h.app.inject(vote(bob, alice, 3, 1));
    expect(await totalOf(3, alice)).toBe(1);
    expect(await totalOf(1, alice)).toBe(1);
    // Bob stands as scribe only: votes for him as moderator or great wise are refused.
    for (const role of [1, 3]) {
      const answer = await h.app.inject(vote(alice, bob, role, 1));
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ statusCode: 404, statusMessage: 'updateKO', data: { reason: 'notACandidate' } });
    }
    expect((await h.app.inject(vote(alice, bob, 2, 1))).statusCode).toBe(200);
    expect(await totalOf(2, bob)).toBe(1);
  });

  it('does nothing and answers an empty list without a user or a role', async () => {
    const before = await h.db.candidateVote.count();
    const bodies = [
      { vote: 1, candidateId: alice.id, candidateTo: 1 },
      { vote: 1, candidateId: alice.id, userId: null, candidateTo: 1 },
      { vote: 1, candidateId: alice.id, userId: '', candidateTo: 1 },
      { vote: 1, candidateId: alice.id, userId: carol.id },
      { vote: 1, candidateId: alice.id, userId: carol.id, candidateTo: null },
      { vote: 1, candidateId: alice.id, userId: carol.id, candidateTo: 0 },
    ];
    for (const payload of bodies) {
      for (const headers of [carol.headers, {}]) {
        const answer = await h.app.inject({ method: 'POST', url: '/api/candidates/votes', headers, payload });
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual([]);
        const { vote: _vote, ...deletion } = payload;
        const deleted = await h.app.inject({ method: 'DELETE', url: '/api/candidates/votes', headers, payload: deletion });
        expect(deleted.statusCode).toBe(200);
        expect(deleted.json()).toEqual([]);
      }
    }
    expect(await h.db.candidateVote.count()).toBe(before);
  });

  it("refuses self-votes, visitors, votes in another user's name and bad input with 'updateKO', changing nothing", async () => {
    const before = await h.db.candidateVote.findMany({ orderBy: [{ voterId: 'asc' }, { candidateId: 'asc' }, { candidateTo: 'asc' }] });
    const expectKO = async (request: Parameters<Harness['app']['inject']>[0], status: number, reason?: string) => {
      const answer = await h.app.inject(request as never);
      expect(answer.statusCode).toBe(status);
      expect(answer.json()).toMatchObject({ statusCode: status, statusMessage: 'updateKO', ...(reason ? { data: { reason } } : {}) });
    };
    await expectKO(vote(alice, alice, 1, 1), 403, 'selfVote');
    await expectKO(unvote(alice, alice, 1), 403, 'selfVote');
    await expectKO({ ...vote(bob, alice, 1, 1), headers: {} }, 401, 'notLoggedIn');
    await expectKO({ ...unvote(bob, alice, 1), headers: {} }, 401, 'notLoggedIn');
    await expectKO({ ...vote(bob, alice, 1, 1), headers: { authorization: 'Bearer nonsense' } }, 401, 'notLoggedIn');
    await expectKO({ ...vote(bob, alice, 1, 1), headers: carol.headers }, 403, 'notYourself');
    await expectKO({ ...unvote(carol, alice, 1), headers: bob.headers }, 403, 'notYourself');
    await expectKO({ ...vote(bob, alice, 1, 1), payload: { vote: 2, candidateId: alice.id, userId: bob.id, candidateTo: 1 } }, 400, 'badRequest');
    await expectKO({ ...vote(bob, alice, 1, 1), payload: { vote: '1', candidateId: alice.id, userId: bob.id, candidateTo: 1 } }, 400, 'badRequest');
    await expectKO({ ...vote(bob, alice, 1, 1), payload: { vote: 1, candidateId: 'nope', userId: bob.id, candidateTo: 1 } }, 400, 'badRequest');
    await expectKO({ ...vote(bob, alice, 1, 1), payload: { vote: 1, candidateId: alice.id, userId: bob.id, candidateTo: 4 } }, 400, 'badRequest');
    await expectKO({ ...vote(bob, alice, 1, 1), payload: { vote: 1, candidateId: alice.id, userId: bob.id, candidateTo: 1, extra: true } }, 400, 'badRequest');
    await expectKO({ method: 'POST', url: '/api/candidates/votes', headers: { ...bob.headers, 'content-type': 'application/json' }, payload: '{"vote":' }, 400);
    await expectKO({ method: 'DELETE', url: '/api/candidates/votes', headers: bob.headers }, 400, 'badRequest');
    expect(await h.db.candidateVote.findMany({ orderBy: [{ voterId: 'asc' }, { candidateId: 'asc' }, { candidateTo: 'asc' }] })).toEqual(before);
  });

  it('lets only verified members vote, and blocks suspended ones at once until the suspension ends or is lifted', async () => {
    const newcomer = await h.member({ name: 'Newcomer', verified: false });
    let answer = await h.app.inject(vote(newcomer, alice, 1, 1));
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ statusMessage: 'updateKO', data: { reason: 'notVerified' } });
    // Verified after the token was issued: the projection knows it.
    await h.publish(UserVerified, { userId: newcomer.id, verifiedAt: h.clock.now().toISOString() });
    await waitFor(async () => (await h.db.member.findUnique({ where: { userId: newcomer.id } }))?.verifiedAt != null);
    expect((await h.app.inject(vote(newcomer, alice, 1, 1))).statusCode).toBe(200);

    const until = new Date(h.clock.now().getTime() + 60 * 60 * 1000).toISOString();
    await h.publish(UserSuspended, { userId: carol.id, until });
    await waitFor(async () => (await h.db.member.findUnique({ where: { userId: carol.id } }))?.suspendedUntil != null);
    const before = await totalOf(1, alice);
    for (const request of [vote(carol, alice, 1, -1), unvote(carol, alice, 1)]) {
      answer = await h.app.inject(request);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ statusMessage: 'updateKO', data: { reason: 'suspended' } });
    }
    expect(await totalOf(1, alice)).toBe(before);

    // The suspension ends by itself…
    h.clock.advance(61 * 60 * 1000);
    expect((await h.app.inject(vote(carol, alice, 1, 1))).statusCode).toBe(200);
    h.clock.advance(-61 * 60 * 1000);
    // …or is lifted by a moderator; a lift and a later suspension arriving out of order keep the later one.
    await h.publish(UserSuspensionLifted, { userId: carol.id });
    await waitFor(async () => (await h.db.member.findUnique({ where: { userId: carol.id } }))?.suspendedUntil === null);
    expect((await h.app.inject(vote(carol, alice, 1, 1))).statusCode).toBe(200);
  });

  it("shows a user's votes to that user only", async () => {
    const mine = await h.app.inject({ url: `/api/candidates/votes/${bob.id}`, headers: bob.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<CandidateVote[]>().map((v) => [v.candidateId, v.candidateTo])).toEqual([
      [alice.id, 3],
    ]);
    const other = await h.app.inject({ url: `/api/candidates/votes/${bob.id}`, headers: carol.headers });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ statusCode: 403, statusMessage: 'Unauthorized action' });
    const visitor = await h.app.inject({ url: `/api/candidates/votes/${bob.id}` });
    expect(visitor.statusCode).toBe(401);
    expect((await h.app.inject({ url: '/api/candidates/votes/not-a-uuid', headers: bob.headers })).statusCode).toBe(400);
  });

  it('follows renames and role flags, and drops a withdrawn candidate with the votes on them for the month', async () => {
    await h.publish(UserRenamed, { userId: alice.id, userName: 'Alice Martin' });
    await h.publish(UserRoleChanged, { userId: alice.id, moderator: false, scribe: true });
    await waitFor(async () => {
      const [first] = await candidates(1);
      return first?.userName === 'Alice Martin' && first.scribe;
    });
    expect(await h.db.candidateVote.count({ where: { candidateId: alice.id, candidateTo: 1 } })).toBeGreaterThan(0);
    await h.withdraw(alice, CandidateTo.Moderator);
    expect(await candidates(1)).toEqual([]);
    expect(await h.db.candidateVote.count({ where: { candidateId: alice.id, candidateTo: 1 } })).toBe(0);
    // Her great wise candidacy and its votes stay.
    expect((await candidates(3)).map((c) => [c.id, c.moderatorCandidateDate, c.greatWiseCandidateDate])).toEqual([[alice.id, null, '2026-11-01']]);
    expect(await totalOf(3, alice)).toBe(1);
    // Voting for her as moderator now fails.
    expect((await h.app.inject(vote(bob, alice, 1, 1))).statusCode).toBe(404);
    // She stands again: a fresh candidacy with no votes.
    await h.stand(alice, CandidateTo.Moderator);
    expect(await totalOf(1, alice)).toBe(0);
  });

  it("tells each caller whether they may vote for each candidate, as the vote then answers", async () => {
    const [standing, voter, newcomer, suspended] = await Promise.all([
      h.member({ name: 'May candidate' }),
      h.member({ name: 'May voter' }),
      h.member({ name: 'May newcomer', verified: false }),
      h.member({ name: 'May suspended' }),
    ]);
    await h.stand(standing, CandidateTo.GreatWise);
    await h.publish(UserSuspended, { userId: suspended.id, until: new Date(h.clock.now().getTime() + 3600_000).toISOString() });
    await waitFor(async () => (await h.db.member.findUnique({ where: { userId: suspended.id } }))?.suspendedUntil != null);
    const callers = { visitor: null, voter, newcomer, suspended, candidate: standing };
    const expected = { visitor: false, voter: true, newcomer: false, suspended: false, candidate: false };
    for (const [who, caller] of Object.entries(callers) as [keyof typeof callers, (typeof callers)[keyof typeof callers]][]) {
      const listed = (await candidates(3, caller?.headers)).find((c) => c.id === standing.id)!;
      const answer = await h.app.inject(caller ? vote(caller, standing, CandidateTo.GreatWise, 1) : { ...vote(voter, standing, CandidateTo.GreatWise, 1), headers: {} });
      expect([who, listed.may.vote, answer.statusCode === 200]).toEqual([who, expected[who], expected[who]]);
    }
    // An unusable token reads as a visitor's.
    expect((await candidates(3, { authorization: 'Bearer nope' })).every((c) => !c.may.vote)).toBe(true);
  });

  it('hides deleted accounts from the candidates and refuses their votes', async () => {
    const dave = await h.member({ name: 'Dave' });
    await h.stand(dave, CandidateTo.Scribe);
    await h.publish(UserDeleted, { userId: dave.id, deletedAt: h.clock.now().toISOString() });
    await waitFor(async () => (await h.db.member.findUnique({ where: { userId: dave.id } }))?.deletedAt != null);
    expect((await candidates(2)).some((c) => c.id === dave.id)).toBe(false);
    expect((await h.app.inject(vote(dave, bob, 2, 1))).json()).toMatchObject({ statusCode: 403, data: { reason: 'accountDeleted' } });
    expect((await h.app.inject(vote(bob, dave, 2, 1))).statusCode).toBe(404);
  });
});

describe('live figures (docs/live.md)', () => {
  interface Received {
    update: LiveUpdate;
    at: number;
  }
  let received: Received[];
  let subscription: { unsubscribe(): void };

  beforeAll(async () => {
    const live = await recordLiveUpdates(h.bus);
    received = live.received;
    subscription = live;
  });

  afterAll(() => subscription.unsubscribe());

  const topic = liveTopics.openElection('2026-11-01');

  it("publishes the open election's whole public totals at most once a second however fast votes come, the last carrying the final totals", async () => {
    const standing = await Promise.all(Array.from({ length: 5 }, (_, i) => h.member({ name: `Live candidate ${i}` })));
    for (const candidate of standing) await h.stand(candidate, CandidateTo.Scribe);
    const voters = await Promise.all(Array.from({ length: 10 }, (_, i) => h.member({ name: `Live voter ${i}` })));
    const from = received.length;
    const started = Date.now();
    // 50 votes within a second or so: 10 voters one after the other, each +1 for the 5 candidates at
    // once. (All 50 at once wait on one another's transactions: on a busy machine some waited past the
    // 2 s a transaction may wait for a connection and were answered 503, as a saturated pod does.)
    const answers = [];
    for (const voter of voters) answers.push(...(await Promise.all(standing.map((candidate) => h.app.inject(vote(voter, candidate, CandidateTo.Scribe, 1))))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));

    const expected = await h.app.inject({ url: '/api/candidates/2' });
    const figuresOf = (update: LiveUpdate) => (update.data as ElectionCandidatesUpdate).candidates.filter((c) => c.candidateTo === CandidateTo.Scribe);
    const isFinal = (update: LiveUpdate) => JSON.stringify(figuresOf(update)) === JSON.stringify(figures(expected.json()));
    await waitFor(() => received.slice(from).some(({ update }) => update.topic === topic && isFinal(update)), 5000);
    const updates = received.slice(from).filter(({ update }) => update.topic === topic);
    const elapsed = Date.now() - started;

    // At most one per interval (1 s here) after the first: the 50 votes cost a handful of reads, not 50.
    expect(updates.length).toBeLessThanOrEqual(Math.ceil(elapsed / 1000) + 1);
    // Spaced on the publisher's clock: arrival times also carry this machine's scheduling jitter.
    const published = updates.map(({ update }) => Date.parse(update.at));
    for (let i = 1; i < published.length; i++) expect(published[i]! - published[i - 1]!).toBeGreaterThanOrEqual(900);
    const last = updates[updates.length - 1]!.update;
    expect(last.kind).toBe('candidates');
    expect(isFinal(last)).toBe(true);
    for (const candidate of standing) expect(figuresOf(last).find((c) => c.id === candidate.id)).toMatchObject({ votesFor: 10, votesAgainst: 0, totalVotes: 10 });
    // Every role in the one update, as each role's call answers it.
    expect((last.data as ElectionCandidatesUpdate).candidates.filter((c) => c.candidateTo === CandidateTo.Moderator)).toEqual(figures((await h.app.inject({ url: '/api/candidates/1' })).json()));
    // Public figures only: nobody's own votes, no voter named, no reader's may.
    for (const candidate of (last.data as ElectionCandidatesUpdate).candidates) expect(candidate).not.toHaveProperty('may');
    const text = JSON.stringify(last);
    for (const voter of voters) expect(text).not.toContain(voter.id);
  });

  it('publishes the candidates again after a candidacy change, and the elections list when the month closes', async () => {
    const newcomer = await h.member({ name: 'Live newcomer' });
    const from = received.length;
    await h.stand(newcomer, CandidateTo.GreatWise);
    await waitFor(() => received.slice(from).some(({ update }) => update.topic === topic && (update.data as ElectionCandidatesUpdate).candidates.some((c) => c.id === newcomer.id)), 5000);

    const beforeClose = received.length;
    h.clock.set('2026-11-30T23:00:01.000Z'); // midnight in Paris on 1 December
    expect(await h.scheduler.tick()).toHaveLength(1);
    await waitFor(() => received.slice(beforeClose).some(({ update }) => update.topic === liveTopics.elections), 5000);
    const update = received.slice(beforeClose).find((each) => each.update.topic === liveTopics.elections)!.update;
    expect(update.kind).toBe('elections');
    // The answer of GET /api/elections: the closed election and the new open month.
    const list = update.data as ElectionList;
    expect(list.elections.map((election) => election.month)).toEqual(['2026-12']);
    expect(list.schedule.candidacyMonth).toBe('2026-12-01');
    expect(list).toEqual((await h.app.inject({ url: '/api/elections' })).json<ElectionList>());
  });
});
