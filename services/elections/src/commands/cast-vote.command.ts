import type { CandidateVote } from '@civic/contracts';
import type { Voter } from '../domain/vote-rules.js';
import type { CommandDeps } from './unit-of-work.js';
import { changeVote, type VoteTarget } from './vote-access.js';

/** Casts +1 or -1 for a candidate of `month`, replacing the voter's earlier vote for the same candidate and role. */
export function castVote(deps: CommandDeps, voter: () => Promise<Voter | null>, target: VoteTarget & { vote: 1 | -1 }, month: string): Promise<CandidateVote[]> {
  return changeVote(deps, voter, target, month, (candidacies, vote, now) => candidacies.upsertVote({ ...vote, vote: target.vote, at: now }));
}
