import type { VoteChoice, VoteCounts } from '@civic/contracts';
import { ballotRefusal, checkVerified, type VoteCommandDeps, type Voter } from './vote-access.js';

/** Casts or replaces the voter's ballot on an article or amendment during the final vote; answers the live counts. */
export async function castBallot(deps: VoteCommandDeps, voter: Voter, lawId: string, articleId: string, choice: VoteChoice): Promise<VoteCounts> {
  await checkVerified(voter);
  return (await deps.articleVotes.cast(lawId, articleId, voter.id, choice, deps.clock())) ?? ballotRefusal(deps, voter, lawId, articleId);
}
