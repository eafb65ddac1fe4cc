import { AppError, notFound } from '@civic/service-kit';
import { mayVote } from '../domain/content-rules.js';
import { isHidden, mayParticipate, mayVote as mayVoteOnProposal, type Caller } from '../domain/proposal-rules.js';
import type { ArticleVoteRepository } from '../store/article-vote.repository.js';
import { ProposalRepository } from '../store/proposal.repository.js';
import type { VoteRepository } from '../store/vote.repository.js';
import { articleOf, lawOf } from './law-access.js';
import { refused, type CommandDeps } from './unit-of-work.js';

/** Ballots are one SQL statement each on plain pools (the hot path), beside the commands' usual deps. */
export interface VoteCommandDeps extends CommandDeps {
  votes: VoteRepository;
  articleVotes: ArticleVoteRepository;
}

/**
 * The voter as the token says (id, verified claim) and, read only when needed, as this service knows
 * them: the token's verified claim spares a projection read on the hot path; suspension is checked in
 * the vote statement itself.
 */
export interface Voter {
  id: string;
  verified: boolean;
  caller: () => Promise<Caller>;
}

/** Refuses an unverified voter before any statement (the projection may know them verified since the token). */
export async function checkVerified(voter: Voter): Promise<void> {
  if (!voter.verified) refused(mayParticipate(await voter.caller()));
}

/** Why a vote statement on a proposal changed nothing: the voter, the proposal, or the phase. */
export async function proposalVoteRefusal(deps: CommandDeps, voter: Voter, proposalId: string): Promise<never> {
  const caller = await voter.caller();
  refused(mayParticipate(caller));
  const proposal = await new ProposalRepository(deps.db).byId(proposalId, caller.id);
  if (!proposal || isHidden(proposal.state)) throw notFound();
  refused(mayVoteOnProposal(caller, proposal));
  // The rule allowed it, yet the statement changed nothing: the vote closed meanwhile.
  throw new AppError('unauthorizedAction', 403, { reason: 'vote-not-open' });
}

/** Why a ballot of the final vote changed nothing: the voter, the law or text, or the phase. */
export async function ballotRefusal(deps: CommandDeps, voter: Voter, lawId: string, articleId: string): Promise<never> {
  const caller = await voter.caller();
  refused(mayParticipate(caller));
  const law = await lawOf(deps.db, lawId);
  await articleOf(deps.db, law, articleId);
  refused(mayVote(caller, law));
  throw new AppError('unauthorizedAction', 403, { reason: 'vote-not-open' });
}
