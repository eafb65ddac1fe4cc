import type { VoteCounts } from '@civic/contracts';
import { ballotRefusal, checkVerified, type VoteCommandDeps, type Voter } from './vote-access.js';

/** Takes back the voter's ballot on an article or amendment during the final vote; answers the live counts. */
export async function withdrawBallot(deps: VoteCommandDeps, voter: Voter, lawId: string, articleId: string): Promise<VoteCounts> {
  await checkVerified(voter);
  return (await deps.articleVotes.withdraw(lawId, articleId, voter.id, deps.clock())) ?? ballotRefusal(deps, voter, lawId, articleId);
}
