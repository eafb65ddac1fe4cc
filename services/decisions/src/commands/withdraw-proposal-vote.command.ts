import type { VoteCounts } from '@civic/contracts';
import { checkVerified, proposalVoteRefusal, type VoteCommandDeps, type Voter } from './vote-access.js';

/** Takes back the voter's vote on a proposal in its vote; answers the live counts. */
export async function withdrawProposalVote(deps: VoteCommandDeps, voter: Voter, proposalId: string): Promise<VoteCounts> {
  await checkVerified(voter);
  return (await deps.votes.withdraw(proposalId, voter.id, deps.clock())) ?? proposalVoteRefusal(deps, voter, proposalId);
}
