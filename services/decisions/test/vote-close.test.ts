// The close of the vote on proposals as a pure decision: where each proposal goes, and which events
// the close implies, in which order.
import { carriedWithSecondChance, closeVote, type ProposalInVote } from '../src/domain/vote-close.js';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const cycleId = uuid(100);
const nextCycleId = uuid(101);
const at = new Date('2026-03-22T08:00:00.000Z');
const proposal = (n: number, votesFor: number, against = 0): ProposalInVote => ({
  id: uuid(n),
  userId: uuid(n + 50),
  createdAt: new Date(at.getTime() - (10 - n) * 60_000),
  for: votesFor,
  against,
});

describe('closing the vote on proposals', () => {
  const proposals = [proposal(1, 2), proposal(2, 5), proposal(3, 1, 3), proposal(4, 4)];

  it('selects the best scores, gives the next ones a second chance in the cycle open for proposals, rejects the rest', () => {
    const { outcomes } = closeVote({ cycleId, at, seed: 'abc', proposals, selection: { selected: 1, secondChance: 2 }, nextCycleId });
    expect(outcomes).toEqual([
      { id: uuid(2), rank: 1, outcome: 'selected', cycleId },
      { id: uuid(4), rank: 2, outcome: 'second-chance', cycleId: nextCycleId },
      { id: uuid(1), rank: 3, outcome: 'second-chance', cycleId: nextCycleId },
      { id: uuid(3), rank: 4, outcome: 'rejected', cycleId },
    ]);
  });

  it('keeps second-chance proposals in their cycle when no cycle is open for proposals', () => {
    const { outcomes } = closeVote({ cycleId, at, seed: 'abc', proposals, selection: { selected: 1, secondChance: 1 }, nextCycleId: null });
    expect(outcomes.find((entry) => entry.outcome === 'second-chance')?.cycleId).toBe(cycleId);
  });

  it('publishes the seed with the three groups first, then one event per selected or second-chance proposal for its author, none for the rejected', () => {
    const { events } = closeVote({ cycleId, at, seed: 'f00d', proposals, selection: { selected: 1, secondChance: 1 }, nextCycleId });
    expect(events.map((event) => [event.subject, event.payload])).toEqual([
      [
        'decisions.proposal-vote.closed',
        { cycleId, closedAt: at.toISOString(), seed: 'f00d', selected: [uuid(2)], secondChance: [uuid(4)], rejected: [uuid(1), uuid(3)] },
      ],
      ['decisions.proposal.selected', { proposalId: uuid(2), userId: uuid(52), cycleId, rank: 1 }],
      ['decisions.proposal.second-chance', { proposalId: uuid(4), userId: uuid(54), cycleId, rank: 2 }],
    ]);
    expect(events.every((event) => event.occurredAt === at.toISOString())).toBe(true);
  });

  it('closes an empty vote with one event and nothing to move', () => {
    const close = closeVote({ cycleId, at, seed: 'f00d', proposals: [], selection: { selected: 3, secondChance: 3 }, nextCycleId });
    expect(close.outcomes).toEqual([]);
    expect(close.events.map((event) => event.payload)).toEqual([{ cycleId, closedAt: at.toISOString(), seed: 'f00d', selected: [], secondChance: [], rejected: [] }]);
  });
});

describe('a proposal carried with a second chance', () => {
  const here = 'cycle-2';
  it('is marked while it belongs to another cycle than the one that voted on it', () => {
    expect(carriedWithSecondChance({ cycleId: here, votedCycleId: 'cycle-1' })).toBe(true);
  });
  it('is not marked before any vote, nor once its vote in this cycle closed', () => {
    expect(carriedWithSecondChance({ cycleId: here, votedCycleId: null })).toBe(false);
    expect(carriedWithSecondChance({ cycleId: here, votedCycleId: here })).toBe(false);
  });
});
