import type { CandidateVote } from '@civic/contracts';
import type { Voter } from '../domain/vote-rules.js';
import type { CommandDeps } from './unit-of-work.js';
import { changeVote, type VoteTarget } from './vote-access.js';

/** Takes back the voter's vote for a candidate and role of `month` (its contribution becomes 0). */
export function withdrawVote(deps: CommandDeps, voter: () => Promise<Voter | null>, target: VoteTarget, month: string): Promise<CandidateVote[]> {
  return changeVote(deps, voter, target, month, (candidacies, vote) => candidacies.deleteVote(vote));
}
