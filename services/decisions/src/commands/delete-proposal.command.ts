import { byModerator, proposalDeleted } from '../domain/proposal-events.js';
import { mayDelete, type Caller } from '../domain/proposal-rules.js';
import { proposalRole } from '../domain/text-versions.js';
import { ProposalRepository } from '../store/proposal.repository.js';
import { visibleProposal } from './proposal-access.js';
import { recordVersion } from './record-version.js';
import { changedMeanwhile, refused, unitOfWork, type CommandDeps } from './unit-of-work.js';

/** Its author withdraws a proposal, or a moderator deletes a signalled one: kept for audit, hidden. */
export async function deleteProposal(deps: CommandDeps, caller: Caller, id: string): Promise<void> {
  const proposal = await visibleProposal(deps, id, caller);
  refused(mayDelete(caller, proposal));
  const now = deps.clock();
  await unitOfWork(deps.db, async (tx, events) => {
    const by = { id: caller.id, byModerator: byModerator(caller.id, proposal.userId) };
    if (!(await new ProposalRepository(tx).markDeleted(proposal.id, by, proposal.state, now))) throw changedMeanwhile();
    events.push(proposalDeleted(proposal, caller.id, now));
    const tombstone = { kind: 'proposal', textId: proposal.id, change: 'deleted', role: proposalRole(caller.id, proposal.userId), editorId: caller.id, reason: null, title: null, body: null } as const;
    await recordVersion(tx, events, tombstone, { documentId: proposal.id, documentTitle: proposal.title, lawId: null }, now);
  });
}
