import type { ProposalEditInput } from '@civic/contracts';
import { proposalEdited } from '../domain/proposal-events.js';
import { editSettlesSignal, mayEdit, type Caller } from '../domain/proposal-rules.js';
import { proposalRole } from '../domain/text-versions.js';
import { ProposalRepository } from '../store/proposal.repository.js';
import { visibleProposal } from './proposal-access.js';
import { reasonOf, recordVersion } from './record-version.js';
import { changedMeanwhile, refused, unitOfWork, type CommandDeps } from './unit-of-work.js';

/**
 * Its author edits a proposal before its vote, or a moderator a signalled one, saying why (which
 * settles the signal); the state checked must still hold.
 */
export async function editProposal(deps: CommandDeps, caller: Caller, id: string, input: ProposalEditInput): Promise<void> {
  const proposal = await visibleProposal(deps, id, caller);
  refused(mayEdit(caller, proposal));
  const role = proposalRole(caller.id, proposal.userId);
  const reason = reasonOf(role, input.reason);
  const now = deps.clock();
  await unitOfWork(deps.db, async (tx, events) => {
    if (!(await new ProposalRepository(tx).update(proposal.id, input, proposal.state, now, editSettlesSignal(caller.id, proposal)))) throw changedMeanwhile();
    events.push(proposalEdited(proposal, caller.id, now));
    const text = { kind: 'proposal', textId: proposal.id, change: 'edited', role, editorId: caller.id, reason, title: input.title, body: input.description } as const;
    await recordVersion(tx, events, text, { documentId: proposal.id, documentTitle: input.title, lawId: null }, now);
  });
}
