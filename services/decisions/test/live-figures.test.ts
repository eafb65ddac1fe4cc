import type { Proposal } from '@civic/contracts';
import { countsOf, cycleProposalsData, RECENT_CARD_MS } from '../src/domain/live-figures.js';

const card = (id: string, updatedAt: string, myVote: Proposal['myVote'] = null): Proposal => ({
  id,
  cycleId: 'c',
  title: `Proposal ${id}`,
  description: 'Text',
  category: 'transport',
  state: 'in-vote',
  userId: 'u',
  userName: 'Author',
  createdAt: updatedAt,
  updatedAt,
  moderationStatus: 0,
  pin: false,
  deletedByModerator: false,
  counts: countsOf({ for: 3, against: 1, neutral: 0, blank: 2 }),
  myVote,
  rank: null,
});

describe('cycleProposalsData', () => {
  it('carries every proposal as figures and only the recently changed ones as whole cards, never with a vote of their own', () => {
    const now = new Date('2026-03-01T08:00:10.000Z');
    const data = cycleProposalsData('c', [card('old', '2026-03-01T07:59:59.000Z'), card('edge', new Date(now.getTime() - RECENT_CARD_MS).toISOString(), 'for'), card('new', '2026-03-01T08:00:09.000Z')], now);
    expect(data.cycleId).toBe('c');
    expect(data.proposals.map((each) => each.id)).toEqual(['old', 'edge', 'new']);
    expect(data.proposals[0]).toEqual({ id: 'old', state: 'in-vote', counts: { for: 3, against: 1, neutral: 0, blank: 2, score: 2 }, updatedAt: '2026-03-01T07:59:59.000Z' });
    expect(data.recent.map((each) => each.id)).toEqual(['edge', 'new']);
    expect(data.recent.every((each) => each.myVote === null)).toBe(true);
  });
});
