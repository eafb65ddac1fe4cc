/** The home page: the actions the running phases open, and the proposals running now. */
import type { Proposal, ProposalList, VotingView } from '@civic/contracts';
import { homeActions, runningProposals } from '../src/screens/home/home-parts.js';

const proposal = (id: string, pin = false) => ({ id, title: id, pin }) as unknown as Proposal;

describe('homeActions', () => {
  it('offers the action of each running phase once, in the order given', () => {
    expect(homeActions([{ phase: 'proposals' }, { phase: 'creation' }, { phase: 'proposals' }]).map((entry) => entry.action)).toEqual(['propose', 'follow']);
    expect(homeActions([{ phase: 'final-vote' }])).toEqual([{ action: 'finalVote', to: '/decisions/final-vote' }]);
    expect(homeActions([{ phase: 'voting' }])).toEqual([{ action: 'vote', to: '/decisions/voting-on-proposals' }]);
  });

  it('offers nothing for a phase with nothing to do, and the two main actions while the phases are unknown', () => {
    expect(homeActions([{ phase: 'archive' }])).toEqual([]);
    expect(homeActions([])).toEqual([]);
    expect(homeActions(undefined).map((entry) => entry.action)).toEqual(['propose', 'vote']);
    expect(homeActions(null).map((entry) => entry.action)).toEqual(['propose', 'vote']);
  });
});

describe('runningProposals', () => {
  const open = { proposals: [proposal('o1'), proposal('o2', true)] } as unknown as ProposalList;
  const voting = { cycle: { phase: 'voting' }, proposals: [proposal('v1'), proposal('v2')] } as unknown as VotingView;

  it('lists those in the vote first, then the open ones, pinned first in each, with where to act', () => {
    const { shown, total } = runningProposals(open, voting);
    expect(shown.map((entry) => [entry.proposal.id, entry.stage, entry.to])).toEqual([
      ['v1', 'voting', '/decisions/voting-on-proposals'],
      ['v2', 'voting', '/decisions/voting-on-proposals'],
      ['o2', 'open', '/decisions/proposals'],
      ['o1', 'open', '/decisions/proposals'],
    ]);
    expect(total).toBe(4);
  });

  it('keeps at most `limit` and counts them all; a missing answer counts as none', () => {
    expect(runningProposals(open, voting, 3)).toMatchObject({ total: 4 });
    expect(runningProposals(open, voting, 3).shown).toHaveLength(3);
    expect(runningProposals(null, voting).shown.map((entry) => entry.proposal.id)).toEqual(['v1', 'v2']);
    expect(runningProposals(null, null)).toEqual({ shown: [], total: 0 });
  });

  it('leaves out the proposals of a closed vote, which the voting view answers as its last result', () => {
    const closed = { cycle: { phase: 'creation' }, proposals: [proposal('v1'), proposal('v2')] } as unknown as VotingView;
    expect(runningProposals(open, closed).shown.map((entry) => entry.proposal.id)).toEqual(['o2', 'o1']);
    expect(runningProposals(null, closed)).toEqual({ shown: [], total: 0 });
  });
});
