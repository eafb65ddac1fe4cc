import { mayPin, type Caller } from '../domain/proposal-rules.js';
import { ProposalRepository } from '../store/proposal.repository.js';
import { visibleProposal } from './proposal-access.js';
import { refused, type CommandDeps } from './unit-of-work.js';

/** Moderators pin or unpin a visible proposal (no event: pinning only orders lists). */
export async function pinProposal(deps: CommandDeps, caller: Caller, id: string, pin: boolean): Promise<void> {
  const proposal = await visibleProposal(deps, id, caller);
  refused(mayPin(caller, proposal));
  await new ProposalRepository(deps.db).pin(proposal.id, pin);
}
