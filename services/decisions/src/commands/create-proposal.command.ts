import { randomUUID } from 'node:crypto';
import type { ProposalInput } from '@civic/contracts';
import { proposalSubmitted } from '../domain/proposal-events.js';
import { mayParticipate, type Caller } from '../domain/proposal-rules.js';
import { ProposalRepository } from '../store/proposal.repository.js';
import { lockSubmission, type ProposalCommandDeps } from './proposal-access.js';
import { recordVersion } from './record-version.js';
import { refused, unitOfWork } from './unit-of-work.js';

/** Submits a proposal in the cycle open for proposals, under the limits; answers its id. */
export async function createProposal(deps: ProposalCommandDeps, caller: Caller, input: ProposalInput): Promise<string> {
  refused(mayParticipate(caller));
  const now = deps.clock();
  return unitOfWork(deps.db, async (tx, events) => {
    const cycleId = await lockSubmission(tx, caller.id, now, deps.limits);
    const id = randomUUID();
    await new ProposalRepository(tx).insert({ ...input, id, cycleId, userId: caller.id, now });
    events.push(proposalSubmitted(id, caller.id, now));
    const text = { kind: 'proposal', textId: id, change: 'created', role: 'author', editorId: caller.id, reason: null, title: input.title, body: input.description } as const;
    await recordVersion(tx, events, text, { documentId: id, documentTitle: input.title, lawId: null }, now);
    return id;
  });
}
