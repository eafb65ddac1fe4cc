import type { ProposalState, PublicProposal } from '@civic/contracts';
import { AppError, notFound, type SqlExecutor } from '@civic/service-kit';
import { cycleFull, isHidden, nextSubmissionAt, type Caller } from '../domain/proposal-rules.js';
import { CycleRepository } from '../store/cycle.repository.js';
import { ProposalRepository } from '../store/proposal.repository.js';
import type { CommandDeps } from './unit-of-work.js';

/** How often a member may propose and how many visible proposals a cycle holds (from config). */
export interface ProposalLimits {
  intervalMs: number;
  maxPerCycle: number;
}

export interface ProposalCommandDeps extends CommandDeps {
  limits: ProposalLimits;
}

/** Hidden proposals are seen only by their author and moderators (a visitor is null). */
export const hiddenFrom = (proposal: { state: ProposalState; userId: string }, viewer: Pick<Caller, 'id' | 'moderator'> | null): boolean =>
  isHidden(proposal.state) && viewer?.id !== proposal.userId && !viewer?.moderator;

/** The proposal as the caller may see it: hidden ones only to their author and moderators, else 404. */
export async function visibleProposal(deps: CommandDeps, id: string, caller: Caller): Promise<PublicProposal> {
  const proposal = await new ProposalRepository(deps.db).byId(id, caller.id);
  if (!proposal) throw notFound();
  if (hiddenFrom(proposal, caller)) throw notFound();
  return proposal;
}

/**
 * Locks the cycle open for proposals and the author, then checks the limits: one submission per
 * interval (429 with retryAt), a maximum of visible proposals per cycle (409 with max). Answers the cycle.
 */
export async function lockSubmission(tx: SqlExecutor, userId: string, now: Date, limits: ProposalLimits): Promise<string> {
  const cycleId = await new CycleRepository(tx).lockOpenForProposals();
  if (!cycleId) throw new AppError('unauthorizedAction', 403, { reason: 'no-cycle-open-for-proposals' });
  const proposals = new ProposalRepository(tx);
  await proposals.lockAuthor(userId);
  const retryAt = nextSubmissionAt(await proposals.lastSubmittedAt(userId), now, limits.intervalMs);
  if (retryAt) throw new AppError('onlyOneProposal', 429, { retryAt: retryAt.toISOString() });
  // The cycle is full until the next one opens: "come back later".
  if (cycleFull(await proposals.visibleInCycle(cycleId), limits.maxPerCycle)) throw new AppError('tooManyProposals', 409, { max: limits.maxPerCycle });
  return cycleId;
}
