/** How the decision screens merge pushed figures (docs/live.md#decisions-topics). */
import type { Article, CycleProposalsData, LawDetail, Proposal, PublicProposal, VoteCounts } from '@civic/contracts';
import { startRuleWith, withCycleProposals, withLawVotes } from '../src/ui/live.js';

const counts = (forVotes: number, against = 0): VoteCounts => ({ for: forVotes, against, neutral: 0, blank: 0, score: forVotes - against });

const card = (id: string, cycleId: string, extra: Partial<Proposal> = {}): Proposal => ({
  id,
  cycleId,
  title: `Proposal ${id}`,
  description: 'Text',
  category: 'transport',
  state: 'in-vote',
  userId: 'author',
  userName: 'Author',
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
  moderationStatus: 0,
  pin: false,
  deletedByModerator: false,
  counts: counts(0),
  myVote: null,
  rank: null,
  may: { edit: false, remove: false, resubmit: false, signal: false, pin: false, vote: false },
  ...extra,
});

describe('withCycleProposals', () => {
  const shown = [card('a', 'c1', { myVote: 'for', counts: counts(1) }), card('b', 'c1'), card('other', 'c2', { counts: counts(7) })];

  it("takes the cycle's counts and edited cards, keeps the reader's own vote, drops the gone, leaves other cycles alone", () => {
    const pushed: CycleProposalsData = {
      cycleId: 'c1',
      proposals: [
        { id: 'a', state: 'in-vote', counts: counts(5, 2), updatedAt: '2026-03-01T08:00:00.000Z' },
        { id: 'new', state: 'in-vote', counts: counts(0), updatedAt: '2026-03-01T09:00:00.000Z' },
      ],
      recent: [card('a', 'c1', { title: 'Edited', counts: counts(4) }), card('new', 'c1', { title: 'New one' })],
    };
    const merged = withCycleProposals(shown, pushed, () => true);
    expect(merged.map((proposal) => proposal.id)).toEqual(['a', 'other', 'new']);
    expect(merged[0]).toMatchObject({ title: 'Edited', myVote: 'for', counts: counts(5, 2) });
    expect(merged[1]).toBe(shown[2]);
    expect(merged[2]).toMatchObject({ title: 'New one', myVote: null });
  });

  it("keeps the reader's own permitted actions on a shown card, and offers none on a pushed new one", () => {
    const mine = { ...card('a', 'c1'), may: { edit: true, remove: true, resubmit: false, signal: false, pin: false, vote: true } } as Proposal;
    // A pushed card is public: it carries no reader's `may`.
    const publicCard = (id: string, extra: Partial<Proposal> = {}): PublicProposal => {
      const { may: _may, ...rest } = card(id, 'c1', extra);
      return rest;
    };
    const pushed: CycleProposalsData = {
      cycleId: 'c1',
      proposals: [
        { id: 'a', state: 'in-vote', counts: counts(2), updatedAt: '2026-03-01T08:00:00.000Z' },
        { id: 'new', state: 'in-vote', counts: counts(0), updatedAt: '2026-03-01T09:00:00.000Z' },
      ],
      recent: [publicCard('a', { title: 'Edited' }), publicCard('new')],
    };
    const [kept, added] = withCycleProposals([mine], pushed, () => true);
    expect(kept).toMatchObject({ title: 'Edited', may: mine.may });
    expect(added!.may).toEqual({ edit: false, remove: false, resubmit: false, signal: false, pin: false, vote: false });
  });

  it("adds a new card only when the list's filter accepts it, and never one the figures no longer hold", () => {
    const pushed: CycleProposalsData = {
      cycleId: 'c1',
      proposals: [
        { id: 'a', state: 'in-vote', counts: counts(1), updatedAt: '2026-03-01T08:00:00.000Z' },
        { id: 'b', state: 'in-vote', counts: counts(0), updatedAt: '2026-03-01T08:00:00.000Z' },
        { id: 'health', state: 'in-vote', counts: counts(0), updatedAt: '2026-03-01T09:00:00.000Z' },
      ],
      recent: [card('health', 'c1', { category: 'health' }), card('deleted', 'c1')],
    };
    const merged = withCycleProposals(shown, pushed, (proposal, added) => !added || proposal.category === 'transport');
    expect(merged.map((proposal) => proposal.id)).toEqual(['a', 'b', 'other']);
    expect(withCycleProposals(shown, pushed, () => true).map((proposal) => proposal.id)).toEqual(['a', 'b', 'other', 'health']);
  });
});

describe('withLawVotes', () => {
  const text = (id: string, amendments: Article[] = []) => ({ id, counts: counts(0), myVote: 'against', amendments }) as unknown as Article;
  const law = { id: 'law', voters: 1, articles: [text('a1', [text('m1')]), text('a2')] } as unknown as LawDetail;

  it("sets every text's counts and the voters, keeping the reader's own votes; another law's update changes nothing", () => {
    const merged = withLawVotes(law, { lawId: 'law', voters: 9, texts: [{ id: 'a1', counts: counts(3) }, { id: 'm1', counts: counts(6, 1) }] });
    expect(merged.voters).toBe(9);
    expect(merged.articles[0]).toMatchObject({ counts: counts(3), myVote: 'against' });
    expect(merged.articles[0]!.amendments[0]).toMatchObject({ counts: counts(6, 1), myVote: 'against' });
    expect(merged.articles[1]!.counts).toEqual(counts(0));
    expect(withLawVotes(law, { lawId: 'another', voters: 9, texts: [] })).toBe(law);
  });
});

describe('startRuleWith', () => {
  it('counts the pushed proposals towards the start rule', () => {
    const rule = { verifiedUsers: 3, proposals: 1, requiredUsers: 2, requiredProposals: 2, met: false };
    expect(startRuleWith(rule, 2)).toEqual({ ...rule, proposals: 2, met: true });
    expect(startRuleWith({ ...rule, verifiedUsers: 1 }, 5).met).toBe(false);
  });
});
