import { AppError } from '@civic/service-kit';
import { proposalSubmitted } from '../domain/proposal-events.js';
import { mayResubmit, type Caller } from '../domain/proposal-rules.js';
import { ProposalRepository } from '../store/proposal.repository.js';
import { lockSubmission, visibleProposal, type ProposalCommandDeps } from './proposal-access.js';
import { recordVersion } from './record-version.js';
import { refused, unitOfWork } from './unit-of-work.js';

/** Its author puts a rejected or self-deleted proposal back into the cycle open for proposals, under the same limits. */
export async function resubmitProposal(deps: ProposalCommandDeps, caller: Caller, id: string): Promise<void> {
  const proposal = await visibleProposal(deps, id, caller);
  refused(mayResubmit(caller, proposal));
  const now = deps.clock();
  await unitOfWork(deps.db, async (tx, events) => {
    const cycleId = await lockSubmission(tx, caller.id, now, deps.limits);
    const proposals = new ProposalRepository(tx);
    // The row must still be as mayResubmit judged it (a concurrent resubmission has moved it on).
    const judged = { state: proposal.state, deletedByModerator: proposal.deletedByModerator };
    if (!(await proposals.resubmit(proposal.id, cycleId, judged, now))) throw new AppError('unauthorizedAction', 403);
    await proposals.deleteVotes(proposal.id);
    events.push(proposalSubmitted(proposal.id, caller.id, now));
    // Back after a deletion or a rejection: the text as it stands, again.
    const text = { kind: 'proposal', textId: proposal.id, change: 'edited', role: 'author', editorId: caller.id, reason: null, title: proposal.title, body: proposal.description } as const;
    await recordVersion(tx, events, text, { documentId: proposal.id, documentTitle: proposal.title, lawId: null }, now);
  });
}
