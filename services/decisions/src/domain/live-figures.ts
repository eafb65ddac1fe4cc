/**
 * What decisions pushes on its live topics (docs/live.md#decisions-topics): each update carries the
 * whole public figures of its topic (shapes in packages/contracts/src/live.ts), so the latest replaces what a page shows. Never a member's own
 * vote or permissions: those come from the member's own reads.
 */
import type { CycleProposalsData, PublicProposal, VoteCounts } from '@civic/contracts';
import { scoreOf, type Tally } from './ranking.js';

/** Cards changed this recently travel whole in a cycle's update (a few updates after the change). */
export const RECENT_CARD_MS = 10_000;

export const countsOf = (tally: Tally): VoteCounts => ({ ...tally, score: scoreOf(tally) });

/** The cycle's update from its visible proposals read for no one (myVote null): figures for all, cards for the recent ones. */
export function cycleProposalsData(cycleId: string, proposals: readonly PublicProposal[], now: Date, recentMs = RECENT_CARD_MS): CycleProposalsData {
  const since = now.getTime() - recentMs;
  return {
    cycleId,
    proposals: proposals.map((proposal) => ({ id: proposal.id, state: proposal.state, counts: proposal.counts, updatedAt: proposal.updatedAt })),
    recent: proposals.filter((proposal) => Date.parse(proposal.updatedAt) >= since).map((proposal) => ({ ...proposal, myVote: null })),
  };
}
