/**
 * What the home page offers (unit-tested): the actions the running phases open, and the proposals
 * running now, from the answers the decisions service gives (no rule of the service recomputed).
 */
import type { DecisionPhase, Proposal, ProposalList, VotingView } from '@civic/contracts';

export type HomeAction = 'propose' | 'vote' | 'follow' | 'finalVote';

/** The one action each running phase opens, in the order of the process. */
const phaseActions: Partial<Record<DecisionPhase, { action: HomeAction; to: string }>> = {
  proposals: { action: 'propose', to: '/decisions/proposals' },
  voting: { action: 'vote', to: '/decisions/voting-on-proposals' },
  creation: { action: 'follow', to: '/decisions/creations' },
  'final-vote': { action: 'finalVote', to: '/decisions/final-vote' },
};

/**
 * The actions of the running phases, each once (two cycles may share a phase). Unknown phases (the
 * service did not answer, or is still loading) fall back to the two actions always worth offering.
 */
export function homeActions(phases: readonly { phase: DecisionPhase }[] | null | undefined): { action: HomeAction; to: string }[] {
  if (!phases) return [phaseActions.proposals!, phaseActions.voting!];
  const seen = new Set<HomeAction>();
  const actions: { action: HomeAction; to: string }[] = [];
  for (const { phase } of phases) {
    const entry = phaseActions[phase];
    if (entry && !seen.has(entry.action)) {
      seen.add(entry.action);
      actions.push(entry);
    }
  }
  return actions;
}

export interface RunningProposal {
  proposal: Proposal;
  /** Where it stands: still open for proposals, or in the vote on proposals. */
  stage: 'open' | 'voting';
  to: string;
}

/**
 * The proposals running now: those in the vote first (a vote is more urgent than a new idea), then
 * those of the cycle open for proposals, pinned ones first as the lists show them, at most `limit`.
 * Once the vote has closed, its view answers the last result: those proposals no longer run.
 */
export function runningProposals(open: ProposalList | null, voting: VotingView | null, limit = 5): { shown: RunningProposal[]; total: number } {
  const byPin = (a: Proposal, b: Proposal) => Number(b.pin) - Number(a.pin);
  const inVote = voting?.cycle?.phase === 'voting' ? voting.proposals : [];
  const all: RunningProposal[] = [
    ...[...inVote].sort(byPin).map((proposal) => ({ proposal, stage: 'voting' as const, to: '/decisions/voting-on-proposals' })),
    ...[...(open?.proposals ?? [])].sort(byPin).map((proposal) => ({ proposal, stage: 'open' as const, to: '/decisions/proposals' })),
  ];
  const unique = all.filter((entry, index) => all.findIndex((other) => other.proposal.id === entry.proposal.id) === index);
  return { shown: unique.slice(0, limit), total: unique.length };
}
