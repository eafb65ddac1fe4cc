import { ErrorMessages, UserSuspended, type CycleDetail, type CycleSummary, type KanbanColumn, type Proposal, type VoteAnswer, type VotingView } from '@civic/contracts';
import { waitFor } from '@civic/test-kit';
import { DAY, outboxSubjects, proposalInput, startHarness, type Harness, type Member } from './support/harness.js';

let h: Harness;
const members: Member[] = [];

beforeAll(async () => {
  // Small numbers: 1 selected, 1 second chance; the start rule needs 2 verified users and 3 proposals.
  h = await startHarness({ SELECTED_PROPOSALS: '1', SECOND_CHANCE_PROPOSALS: '1', START_MIN_PROPOSALS: '3' });
  for (let i = 0; i < 5; i++) members.push(await h.member({ name: `Member ${i}` }));
});

afterAll(async () => {
  await h.close();
});

const cycles = async () => (await h.app.inject({ url: '/api/decisions' })).json<{ cycles: CycleSummary[] }>().cycles;
const vote = (id: string, member: Member, choice: string) => h.app.inject({ method: 'PUT', url: `/api/proposals/${id}/vote`, headers: member.headers, payload: { vote: choice } });
const subjects = async (subject: string) => (await outboxSubjects(h.db)).filter((s) => s === subject).length;

/** Counters equal to the vote rows, for every proposal. */
async function expectCountersMatchRows(): Promise<void> {
  const proposals = await h.db.proposal.findMany({ include: { votes: true } });
  for (const proposal of proposals) {
    const tally = (choice: string) => proposal.votes.filter((v) => v.choice === choice).length;
    expect([proposal.votesFor, proposal.votesAgainst, proposal.votesNeutral, proposal.votesBlank]).toEqual([tally('for'), tally('against'), tally('neutral'), tally('blank')]);
  }
}

let first: CycleSummary;
const ids: Record<string, string> = {};

describe('the cycle engine with a fake clock', () => {
  it('opens the first cycle with its countdown fields and publishes CyclePhaseChanged', async () => {
    expect(await cycles()).toEqual([]);
    const applied = await h.scheduler.tick();
    expect(applied.map((t) => t.kind)).toEqual(['open']);
    expect(await h.scheduler.tick()).toEqual([]);
    [first] = (await cycles()) as [CycleSummary];
    expect(first).toMatchObject({
      number: 1,
      phase: 'proposals',
      serverTime: h.clock.now().toISOString(),
      phaseEndsAt: new Date(h.clock.now().getTime() + 14 * DAY).toISOString(),
      nextStepAt: new Date(h.clock.now().getTime() + 14 * DAY).toISOString(),
      extensions: 0,
      proposals: 0,
      startRule: { verifiedUsers: 5, proposals: 0, requiredUsers: 2, requiredProposals: 3, met: false },
    });
    expect(await subjects('decisions.cycle.phase-changed')).toBe(1);
  });

  it('extends the proposals phase by one day while there are too few proposals, publishing CycleExtended', async () => {
    for (const [index, title] of ['Alpha plan', 'Beta plan'].entries()) {
      const response = await h.app.inject({ method: 'POST', url: '/api/proposals', headers: members[index]!.headers, payload: proposalInput(title) });
      ids[title] = response.json<Proposal>().id;
    }
    h.clock.advance(14 * DAY);
    expect((await h.scheduler.tick()).map((t) => t.kind)).toEqual(['extend']);
    const [cycle] = await cycles();
    expect(cycle).toMatchObject({ phase: 'proposals', extensions: 1, nextStepAt: new Date(h.clock.now().getTime() + DAY).toISOString() });
    expect(await subjects('decisions.cycle.extended')).toBe(1);
  });

  it('moves to the vote once the rule is met at the next step, and opens a new cycle; two replicas ticking at once apply it once', async () => {
    h.clock.advance(60_000);
    const response = await h.app.inject({ method: 'POST', url: '/api/proposals', headers: members[2]!.headers, payload: proposalInput('Gamma plan') });
    ids['Gamma plan'] = response.json<Proposal>().id;
    h.clock.advance(DAY);
    const replica = await h.replica();
    const [mine, theirs] = await Promise.all([h.scheduler.tick(), replica.scheduler.tick()]);
    expect([...mine, ...theirs].map((t) => t.kind).sort()).toEqual(['advance', 'open']);
    expect(await subjects('decisions.cycle.phase-changed')).toBe(3);
    const list = await cycles();
    expect(list.map((c) => [c.number, c.phase])).toEqual([
      [2, 'proposals'],
      [1, 'voting'],
    ]);
    expect(list[1]!.phaseEndsAt).toBe(new Date(h.clock.now().getTime() + 7 * DAY).toISOString());
  });

  it('takes votes: replace, withdraw, live counts, and refuses visitors, unverified and suspended members and bad input', async () => {
    const alpha = ids['Alpha plan']!;
    const [a, b, c, , e] = members as [Member, Member, Member, Member, Member];
    expect((await vote(alpha, a, 'for')).json<VoteAnswer>()).toEqual({ counts: { for: 1, against: 0, neutral: 0, blank: 0, score: 1 }, myVote: 'for' });
    expect((await vote(alpha, a, 'against')).json<VoteAnswer>().counts).toEqual({ for: 0, against: 1, neutral: 0, blank: 0, score: -1 });
    expect((await vote(alpha, b, 'neutral')).json<VoteAnswer>().counts).toMatchObject({ against: 1, neutral: 1 });
    const withdrawn = await h.app.inject({ method: 'DELETE', url: `/api/proposals/${alpha}/vote`, headers: b.headers });
    expect(withdrawn.json<VoteAnswer>()).toEqual({ counts: { for: 0, against: 1, neutral: 0, blank: 0, score: -1 }, myVote: null });

    const before = await h.db.proposalVote.count();
    const error = (response: { statusCode: number; json(): unknown }, status: number, message: string) => {
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ statusCode: status, statusMessage: message });
    };
    error(await h.app.inject({ method: 'PUT', url: `/api/proposals/${alpha}/vote`, payload: { vote: 'for' } }), 401, ErrorMessages.unauthorized);
    const unverified = await h.member({ verified: false });
    error(await vote(alpha, unverified, 'for'), 403, ErrorMessages.unauthorizedAction);
    error(await vote(alpha, c, 'maybe'), 400, ErrorMessages.badRequest);
    error(await vote(alpha, c, ['for'] as unknown as string), 400, ErrorMessages.badRequest);
    error(await h.app.inject({ method: 'PUT', url: `/api/proposals/${alpha}/vote`, headers: c.headers, payload: {} }), 400, ErrorMessages.missingRequiredFields);
    await h.publish(UserSuspended, { userId: e.id, until: new Date(h.clock.now().getTime() + DAY).toISOString() });
    await waitFor(async () => (await h.db.citizen.findUnique({ where: { userId: e.id } }))?.suspendedUntil != null);
    error(await vote(alpha, e, 'for'), 403, ErrorMessages.suspensionError);
    error(await h.app.inject({ method: 'DELETE', url: `/api/proposals/${alpha}/vote`, headers: e.headers }), 403, ErrorMessages.suspensionError);
    expect(await h.db.proposalVote.count()).toBe(before);

    // The voting view: the cycle in its vote, its proposals with counts and the caller's vote.
    const view = (await h.app.inject({ url: '/api/decisions/voting-on-proposals', headers: a.headers })).json<VotingView>();
    expect(view.cycle).toMatchObject({ number: 1, phase: 'voting' });
    expect(view.proposals.find((p) => p.id === alpha)).toMatchObject({ state: 'in-vote', myVote: 'against', counts: { against: 1, score: -1 } });
  });

  it('leaves exactly one vote when one member votes 20 times at once, and keeps counters equal to the rows under load', async () => {
    const beta = ids['Beta plan']!;
    const voter = members[3]!;
    const choices = ['for', 'against', 'neutral', 'blank'];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => vote(beta, voter, choices[i % 4]!)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await h.db.proposalVote.count({ where: { proposalId: beta, userId: voter.id } })).toBe(1);
    const row = await h.db.proposal.findUniqueOrThrow({ where: { id: beta } });
    expect(row.votesFor + row.votesAgainst + row.votesNeutral + row.votesBlank).toBe(1);

    // Many members, mixed casts and withdrawals in parallel on two proposals.
    const gamma = ids['Gamma plan']!;
    await Promise.all(
      members.slice(0, 4).flatMap((member, i) => [
        vote(gamma, member, 'for'),
        vote(beta, member, choices[i]!),
        h.app.inject({ method: 'DELETE', url: `/api/proposals/${beta}/vote`, headers: member.headers }),
        vote(gamma, member, i % 2 === 0 ? 'for' : 'against'),
      ]),
    );
    await expectCountersMatchRows();
    // Make the ranking certain: Gamma 3 for, Beta 2 for, Alpha -1.
    for (const member of members.slice(0, 3)) await vote(gamma, member, 'for');
    for (const member of members.slice(0, 2)) await vote(beta, member, 'for');
    await h.app.inject({ method: 'DELETE', url: `/api/proposals/${beta}/vote`, headers: members[3]!.headers });
    await h.app.inject({ method: 'DELETE', url: `/api/proposals/${gamma}/vote`, headers: members[3]!.headers });
    await expectCountersMatchRows();
  });

  it('closes the vote: ranks, selects, carries the second chance into the next cycle, rejects the rest, publishes the seed', async () => {
    const [next] = await cycles();
    h.clock.advance(7 * DAY);
    expect((await h.scheduler.tick()).map((t) => t.kind)).toEqual(['advance']);
    const closed = await h.db.cycle.findUniqueOrThrow({ where: { id: first.id } });
    expect(closed.phase).toBe('creation');
    expect(closed.seed).toMatch(/^[0-9a-f]{64}$/);
    const gamma = await h.db.proposal.findUniqueOrThrow({ where: { id: ids['Gamma plan']! } });
    const beta = await h.db.proposal.findUniqueOrThrow({ where: { id: ids['Beta plan']! } });
    const alpha = await h.db.proposal.findUniqueOrThrow({ where: { id: ids['Alpha plan']! } });
    expect([gamma.state, gamma.rank, gamma.cycleId]).toEqual(['selected', 1, first.id]);
    expect([beta.state, beta.rank, beta.cycleId]).toEqual(['second-chance', 2, next!.id]);
    expect([alpha.state, alpha.rank]).toEqual(['rejected', 3]);

    const events = await h.db.outboxEvent.findMany({ where: { subject: { in: ['decisions.proposal-vote.closed', 'decisions.proposal.selected', 'decisions.proposal.second-chance'] } }, orderBy: { seq: 'asc' } });
    expect(events.map((e) => e.subject)).toEqual(['decisions.proposal-vote.closed', 'decisions.proposal.selected', 'decisions.proposal.second-chance']);
    expect(events[0]!.payload).toEqual({
      cycleId: first.id,
      closedAt: h.clock.now().toISOString(),
      seed: closed.seed,
      selected: [gamma.id],
      secondChance: [beta.id],
      rejected: [alpha.id],
    });

    // The result: the voting view falls back to the closed vote, ranked; the rejected one is hidden.
    const view = (await h.app.inject({ url: '/api/decisions/voting-on-proposals' })).json<VotingView>();
    expect(view.cycle).toMatchObject({ id: first.id, phase: 'creation' });
    expect(view.proposals.map((p) => [p.title, p.rank])).toEqual([
      ['Gamma plan', 1],
      ['Beta plan', 2],
    ]);
    expect(view.proposals.find((p) => p.title === 'Gamma plan')!.secondChance).toBe(false);
    const detail = (await h.app.inject({ url: `/api/decisions/${first.id}` })).json<CycleDetail>();
    expect(detail.proposals.map((p) => p.rank)).toEqual([1, 2]);
    // The second chance is in the next cycle's list, and on the board.
    const nextList = (await h.app.inject({ url: '/api/proposals' })).json<{ proposals: Proposal[] }>();
    expect(nextList.proposals.map((p) => [p.title, p.state, p.secondChance])).toEqual([['Beta plan', 'second-chance', true]]);
    const board = (await h.app.inject({ url: '/api/kanban/proposals' })).json<{ columns: KanbanColumn[] }>();
    expect(board.columns.map((c) => [c.state, c.proposals.map((p) => p.title)])).toEqual([
      ['submitted', []],
      ['second-chance', ['Beta plan']],
      ['in-vote', []],
      ['selected', ['Gamma plan']],
    ]);
  });

  it('puts the second-chance proposal into the next vote with a fresh count', async () => {
    h.clock.advance(60_000);
    expect((await h.app.inject({ method: 'POST', url: '/api/proposals', headers: members[3]!.headers, payload: proposalInput('Delta plan') })).statusCode).toBe(201);
    h.clock.advance(7 * DAY); // cycle 2's deadline: with Beta and Delta it is one proposal short
    const transitions = await h.scheduler.tick();
    expect(transitions).toEqual([expect.objectContaining({ kind: 'extend', proposals: 2 })]);
    expect((await h.app.inject({ method: 'POST', url: '/api/proposals', headers: members[4]!.headers, payload: proposalInput('Epsilon plan') })).statusCode).toBe(201);
    h.clock.advance(DAY);
    expect((await h.scheduler.tick()).map((t) => t.kind).sort()).toEqual(['advance', 'open']);
    const view = (await h.app.inject({ url: '/api/decisions/voting-on-proposals' })).json<VotingView>();
    expect(view.cycle).toMatchObject({ number: 2, phase: 'voting' });
    // Beta is still marked as having its second chance while this vote runs.
    expect(view.proposals.map((p) => [p.title, p.state, p.counts.score, p.secondChance]).sort()).toEqual([
      ['Beta plan', 'in-vote', 0, true],
      ['Delta plan', 'in-vote', 0, false],
      ['Epsilon plan', 'in-vote', 0, false],
    ]);
    expect(await h.db.proposalVote.count({ where: { proposalId: ids['Beta plan']! } })).toBe(0);
  });

  it('catches up once after an outage: a fresh replica moves each overdue cycle one step, then nothing', async () => {
    h.clock.advance(100 * DAY);
    const restarted = await h.replica();
    const transitions = await restarted.scheduler.tick();
    // Later phases first: cycle 1 leaves creation, so cycle 2 may enter it; cycle 3 has no proposal yet and is extended.
    const byKind = transitions.map((t) => (t.kind === 'advance' ? `${t.from}->${t.to}` : t.kind));
    expect(byKind).toEqual(['creation->final-vote', 'voting->creation', 'extend']);
    expect(await restarted.scheduler.tick()).toEqual([]);
    expect(await h.scheduler.tick()).toEqual([]);
  });

  it('publishes every outbox event to JetStream exactly once', async () => {
    const total = await h.db.outboxEvent.count();
    await waitFor(async () => (await h.db.outboxEvent.count({ where: { sentAt: null } })) === 0);
    const info = await h.bus.jsm.streams.info(h.bus.streamName('decisions'));
    expect(info.state.messages).toBe(total);
  });
});
