import { AppError } from '@civic/service-kit';
import { proposalSignalled } from '../domain/proposal-events.js';
import { maySignal, type Caller } from '../domain/proposal-rules.js';
import { ProposalRepository } from '../store/proposal.repository.js';
import { visibleProposal } from './proposal-access.js';
import { refused, unitOfWork, type CommandDeps } from './unit-of-work.js';

/** Any member but the author signals a visible proposal to the moderators, once. */
export async function signalProposal(deps: CommandDeps, caller: Caller, id: string): Promise<void> {
  const proposal = await visibleProposal(deps, id, caller);
  refused(maySignal(caller, proposal));
  const now = deps.clock();
  await unitOfWork(deps.db, async (tx, events) => {
    if (!(await new ProposalRepository(tx).markSignalled(proposal.id, now))) throw new AppError('unauthorizedAction', 403, { reason: 'already-signalled' });
    events.push(proposalSignalled(proposal, caller.id, now));
  });
}
