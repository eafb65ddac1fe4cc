import type { VoteChoice, VoteCounts } from '@civic/contracts';
import { checkVerified, proposalVoteRefusal, type VoteCommandDeps, type Voter } from './vote-access.js';

/** Casts or replaces the voter's vote on a proposal in its vote; answers the live counts. */
export async function castProposalVote(deps: VoteCommandDeps, voter: Voter, proposalId: string, choice: VoteChoice): Promise<VoteCounts> {
  await checkVerified(voter);
  return (await deps.votes.cast(proposalId, voter.id, choice, deps.clock())) ?? proposalVoteRefusal(deps, voter, proposalId);
}
