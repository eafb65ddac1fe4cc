import { liveTopics, type CycleList, type CycleProposalsData, type LawChangedData, type LawDetail, type LawVotesData, type LiveUpdate, type Proposal, type VoteChoice } from '@civic/contracts';
import { recordLiveUpdates, waitFor } from '@civic/test-kit';
import { DAY, proposalInput, startHarness, type Harness, type Member } from './support/harness.js';

/**
 * Decisions' live topics (docs/live.md#decisions-topics) against real PostgreSQL and NATS: what a
 * command changed is pushed on NATS core as the topic's whole public figures, at most once per second
 * per topic however many votes arrive; a phase change pushes the cycles list at once.
 */
let h: Harness;
let members: Member[];
let received: { update: LiveUpdate; at: number }[];
let subscription: { unsubscribe(): void };

type Injected = { statusCode: number; json<T = unknown>(): T };
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Member, payload?: unknown): Promise<Injected> =>
  h.app.inject({ method, url, headers: who?.headers, payload: payload as object }) as unknown as Promise<Injected>;

const updatesOf = (topic: string, from: number) => received.slice(from).filter(({ update }) => update.topic === topic);
const withoutServerTime = (list: CycleList) => list.cycles.map(({ serverTime: _serverTime, ...cycle }) => cycle);

/** A tick that must push `phases`: the pushed list is the answer of GET /api/decisions. */
async function expectPhasesPushed(advanceMs: number): Promise<CycleList> {
  const from = received.length;
  h.clock.advance(advanceMs);
  expect((await h.scheduler.tick()).length).toBeGreaterThan(0);
  await waitFor(() => updatesOf(liveTopics.phases, from).length > 0, 5000);
  const [pushed, ...more] = updatesOf(liveTopics.phases, from);
  expect(more).toHaveLength(0);
  expect(pushed!.update.kind).toBe('phases');
  const list = pushed!.update.data as CycleList;
  expect(withoutServerTime(list)).toEqual(withoutServerTime((await call('GET', '/api/decisions')).json<CycleList>()));
  return list;
}

let cycleId: string;
let proposal: Proposal;

beforeAll(async () => {
  h = await startHarness({ CREATORS_PER_LAW: '2', LIVE_VOTERS_CACHE_MS: '0' });
  const live = await recordLiveUpdates(h.bus);
  received = live.received;
  subscription = live;
  members = await Promise.all(Array.from({ length: 5 }, (_, i) => h.member({ name: `Live member ${i}` })));
}, 60_000);

afterAll(async () => {
  subscription?.unsubscribe();
  await h?.close();
});

describe("decisions' live topics", () => {
  it('pushes phases when a new cycle opens, with exactly the cycles list', async () => {
    const list = await expectPhasesPushed(0);
    const open = list.cycles.find((cycle) => cycle.phase === 'proposals');
    expect(open).toBeDefined();
    cycleId = open!.id;
  });

  it("pushes a new proposal's public card in its cycle's update, without anyone's own vote or permitted actions", async () => {
    const from = received.length;
    proposal = (await call('POST', '/api/proposals', members[0], proposalInput('Free buses on Sundays'))).json<Proposal>();
    expect(proposal.id).toBeDefined();
    const topic = liveTopics.cycle(cycleId);
    await waitFor(() => updatesOf(topic, from).some(({ update }) => (update.data as CycleProposalsData).recent.some((card) => card.id === proposal.id)), 5000);
    const update = updatesOf(topic, from).at(-1)!.update;
    expect(update.kind).toBe('proposals');
    const data = update.data as CycleProposalsData;
    expect(data.cycleId).toBe(cycleId);
    // The author's own permitted actions stay out of the public card too.
    const { may: _authorMay, ...publicCard } = proposal;
    expect(data.recent.find((card) => card.id === proposal.id)).toEqual({ ...publicCard, myVote: null });
    expect(data.recent.some((card) => 'may' in card)).toBe(false);
    expect(data.proposals).toEqual([{ id: proposal.id, state: 'submitted', counts: proposal.counts, updatedAt: proposal.updatedAt }]);
    // A card older than the recent window travels as figures only.
    await call('POST', '/api/proposals', members[1], proposalInput('School gardens', 'education'));
    h.clock.advance(11_000);
    const later = received.length;
    await call('POST', '/api/proposals', members[2], proposalInput('Night trains', 'transport'));
    await waitFor(() => updatesOf(topic, later).some(({ update }) => (update.data as CycleProposalsData).proposals.length === 3), 5000);
    const last = updatesOf(topic, later).at(-1)!.update.data as CycleProposalsData;
    expect(last.recent.map((card) => card.title)).toEqual(['Night trains']);
  });

  it("pushes the phases at the vote's opening, then the cycle's counts after votes, never a voter's own vote", async () => {
    await expectPhasesPushed(14 * DAY);
    const from = received.length;
    for (const [index, voter] of members.entries()) expect((await call('PUT', `/api/proposals/${proposal.id}/vote`, voter, { vote: index < 4 ? 'for' : 'against' })).statusCode).toBe(200);
    const topic = liveTopics.cycle(cycleId);
    const countsOf = (update: LiveUpdate) => (update.data as CycleProposalsData).proposals.find((each) => each.id === proposal.id)?.counts;
    await waitFor(() => updatesOf(topic, from).some(({ update }) => countsOf(update)?.for === 4 && countsOf(update)?.against === 1), 5000);
    const last = updatesOf(topic, from).at(-1)!.update;
    expect(countsOf(last)).toEqual({ for: 4, against: 1, neutral: 0, blank: 0, score: 3 });
    expect((last.data as CycleProposalsData).proposals.every((each) => each.state === 'in-vote')).toBe(true);
    const text = JSON.stringify(last);
    expect(text).not.toMatch(/"myVote":"/);
    // The author is named on their card; no voter is.
    for (const voter of members.slice(1)) expect(text).not.toContain(voter.id);
  });

  it('pushes law-changed while a law is drafted, and at most one law-votes update a second for 100 fast ballots, the last with the final counts', async () => {
    await expectPhasesPushed(7 * DAY); // the vote closes: creation
    const law = (await call('GET', `/api/laws/${proposal.id}`)).json<LawDetail>();
    const creator = members.find((member) => member.id === law.creators[0]!.userId)!;
    const topic = liveTopics.law(law.id);
    let from = received.length;
    const articleIds: string[] = [];
    for (const body of ['Buses are free on Sundays.', 'A parking tax pays for them.']) {
      const created = await call('POST', `/api/laws/${law.id}/articles`, creator, { body });
      expect(created.statusCode).toBe(201);
      articleIds.push(created.json<{ id: string }>().id);
    }
    await waitFor(() => updatesOf(topic, from).length > 0, 5000);
    expect(updatesOf(topic, from)[0]!.update).toMatchObject({ kind: 'law-changed', data: { lawId: law.id } satisfies Partial<LawChangedData> });

    await expectPhasesPushed(14 * DAY); // the final vote opens
    from = received.length;
    const started = Date.now();
    const choices: VoteChoice[] = ['for', 'against', 'neutral', 'blank'];
    // 100 ballots at once: each member changes their ballot on each article ten times.
    const ballots = members.flatMap((member, m) => articleIds.flatMap((articleId, a) => Array.from({ length: 10 }, (_, i) => ({ member, articleId, vote: choices[(m + a + i) % 4]! }))));
    expect(ballots).toHaveLength(100);
    for (let i = 0; i < ballots.length; i += 20) {
      const answers = await Promise.all(ballots.slice(i, i + 20).map(({ member, articleId, vote }) => call('PUT', `/api/laws/${law.id}/articles/${articleId}/vote`, member, { vote })));
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    }
    const expected = (await call('GET', `/api/laws/${law.id}`)).json<LawDetail>();
    const expectedTexts = expected.articles.flatMap((article) => [article, ...article.amendments]).map(({ id, counts }) => ({ id, counts }));
    const isFinal = (update: LiveUpdate) => update.kind === 'law-votes' && JSON.stringify((update.data as LawVotesData).texts) === JSON.stringify(expectedTexts);
    await waitFor(() => updatesOf(topic, from).some(({ update }) => isFinal(update)), 5000);
    const updates = updatesOf(topic, from);
    const elapsed = Date.now() - started;
    expect(updates.length).toBeLessThanOrEqual(Math.ceil(elapsed / 1000) + 1);
    // Spaced on the publisher's clock: arrival times also carry this machine's scheduling jitter.
    const published = updates.map(({ update }) => Date.parse(update.at));
    for (let i = 1; i < published.length; i++) expect(published[i]! - published[i - 1]!).toBeGreaterThanOrEqual(900);
    const last = updates.at(-1)!.update;
    expect(isFinal(last)).toBe(true);
    expect((last.data as LawVotesData).voters).toBe(5);
    expect(expectedTexts.reduce((sum, text) => sum + text.counts.for + text.counts.against + text.counts.neutral + text.counts.blank, 0)).toBe(10);
    const text = JSON.stringify(last);
    expect(text).not.toContain('myVote');
    for (const member of members) expect(text).not.toContain(member.id);
  });
});
