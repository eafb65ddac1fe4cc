import type { ProposalInput } from '@civic/contracts';
import { proposalEdited } from '../domain/proposal-events.js';
import { mayEdit, type Caller } from '../domain/proposal-rules.js';
import { ProposalRepository } from '../store/proposal.repository.js';
import { visibleProposal } from './proposal-access.js';
import { changedMeanwhile, refused, unitOfWork, type CommandDeps } from './unit-of-work.js';

/** Its author edits a proposal before its vote, or a moderator a signalled one; the state checked must still hold. */
export async function editProposal(deps: CommandDeps, caller: Caller, id: string, input: ProposalInput): Promise<void> {
  const proposal = await visibleProposal(deps, id, caller);
  refused(mayEdit(caller, proposal));
  const now = deps.clock();
  await unitOfWork(deps.db, async (tx, events) => {
    if (!(await new ProposalRepository(tx).update(proposal.id, input, proposal.state, now))) throw changedMeanwhile();
    events.push(proposalEdited(proposal, caller.id, now));
  });
}
