/**
 * The close of a cycle's vote on proposals as a decision: where each proposal goes and the events the
 * close implies. Pure but for the event ids.
 */
import { ProposalSecondChance, ProposalSelected, ProposalVoteClosed, type EventEnvelope } from '@civic/contracts';
import { newEvent } from '@civic/service-kit';
import { rankProposals, type Outcome } from './ranking.js';

/** How many proposals a vote selects and gives a second chance, and how many creators each law gets (all from config). */
export interface Selection {
  selected: number;
  secondChance: number;
  creatorsPerLaw: number;
}

export interface ProposalInVote {
  id: string;
  userId: string;
  createdAt: Date;
  for: number;
  against: number;
}

export interface ProposalOutcome {
  id: string;
  rank: number;
  outcome: Outcome;
  /** The cycle the proposal belongs to afterwards: second-chance ones move to the cycle open for proposals, if any. */
  cycleId: string;
}

export interface VoteClose {
  outcomes: ProposalOutcome[];
  events: EventEnvelope[];
}

/**
 * Ranks by score (ties to the earlier proposal), selects the top group, moves the second-chance group
 * into `nextCycleId` (the cycle now open for proposals, or keeps it when none is), rejects the rest,
 * and publishes the draw seed with the three groups, then one event per selected or second-chance
 * proposal for its author.
 */
export function closeVote(input: {
  cycleId: string;
  at: Date;
  seed: string;
  proposals: readonly ProposalInVote[];
  selection: Pick<Selection, 'selected' | 'secondChance'>;
  nextCycleId: string | null;
}): VoteClose {
  const { cycleId, at, seed } = input;
  const ranked = rankProposals(
    input.proposals.map((row) => ({ id: row.id, createdAt: row.createdAt, tally: { for: row.for, against: row.against } })),
    input.selection.selected,
    input.selection.secondChance,
  );
  const authors = new Map(input.proposals.map((row) => [row.id, row.userId]));
  const outcomes = ranked.map(({ id, rank, outcome }) => ({ id, rank, outcome, cycleId: outcome === 'second-chance' && input.nextCycleId ? input.nextCycleId : cycleId }));
  const group = (outcome: Outcome) => ranked.filter((entry) => entry.outcome === outcome).map((entry) => entry.id);
  const events = [
    newEvent(ProposalVoteClosed, { cycleId, closedAt: at.toISOString(), seed, selected: group('selected'), secondChance: group('second-chance'), rejected: group('rejected') }, at),
  ];
  for (const { id, rank, outcome } of ranked) {
    if (outcome === 'rejected') continue;
    const definition = outcome === 'selected' ? ProposalSelected : ProposalSecondChance;
    events.push(newEvent(definition, { proposalId: id, userId: authors.get(id) ?? '', cycleId, rank }, at));
  }
  return { outcomes, events };
}

/**
 * A second-chance proposal moves to the next cycle while it remembers the cycle that voted on it: until
 * its vote in the new cycle closes (which makes both the same), it is shown as having a second chance.
 */
export function carriedWithSecondChance(proposal: { cycleId: string; votedCycleId: string | null }): boolean {
  return proposal.votedCycleId !== null && proposal.votedCycleId !== proposal.cycleId;
}
