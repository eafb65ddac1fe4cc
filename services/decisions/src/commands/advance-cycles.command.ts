import { randomBytes, randomUUID } from 'node:crypto';
import { verifyChain, type EventEnvelope } from '@civic/contracts';
import type { PublishedVersions, SqlExecutor } from '@civic/service-kit';
import { drawEligible } from '../domain/creators-draw.js';
import { dueTransitions, type EngineSettings, type Transition } from '../domain/cycle-engine.js';
import { transitionEvent } from '../domain/cycle-events.js';
import { archiveLaw, lawFromProposal } from '../domain/law-lifecycle.js';
import { closeVote, type Selection } from '../domain/vote-close.js';
import { CycleRepository } from '../store/cycle.repository.js';
import { LawLifecycleRepository } from '../store/law-lifecycle.repository.js';
import { ProposalRepository } from '../store/proposal.repository.js';
import { TextVersionRepository } from '../store/text-version.repository.js';
import { recordVersion } from './record-version.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

export interface AdvanceCyclesDeps extends CommandDeps {
  settings: EngineSettings;
  selection: Selection;
  /** The version written of events that have several (PUBLISH_EVENT_VERSIONS); by default the oldest. */
  published?: PublishedVersions;
}

/**
 * Applies the transitions of the phase machine due now, in one transaction that first takes the
 * engine's advisory lock, then reads the cycles afresh: two replicas advancing at once apply each
 * transition (and write its events) exactly once, the second finding nothing left to do. Answers the
 * transitions applied.
 */
export async function advanceCycles(deps: AdvanceCyclesDeps): Promise<Transition[]> {
  return unitOfWork(
    deps.db,
    async (tx, events) => {
      const cycles = new CycleRepository(tx);
      await cycles.lockEngine();
      const now = deps.clock();
      const live = await cycles.lockLive();
      const verifiedUsers = await cycles.verifiedUsers();
      const proposals = await cycles.openProposalCounts();
      const highestNumber = await cycles.maxNumber();
      const transitions = dueTransitions(live, now, { verifiedUsers, proposalsIn: (id) => proposals.get(id) ?? 0, highestNumber }, deps.settings);
      for (const transition of transitions) await apply(tx, transition, deps.selection, deps.published ?? new Map(), events);
      return transitions;
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
}

async function apply(tx: SqlExecutor, transition: Transition, selection: Selection, published: PublishedVersions, events: EventEnvelope[]): Promise<void> {
  const cycles = new CycleRepository(tx);
  switch (transition.kind) {
    case 'open': {
      const id = randomUUID();
      await cycles.insertOpen({ id, number: transition.number, at: transition.at, phaseEndsAt: transition.phaseEndsAt });
      events.push(transitionEvent(transition, id));
      return;
    }
    case 'extend':
      await cycles.extend(transition.cycleId, transition.until);
      events.push(transitionEvent(transition, transition.cycleId));
      return;
    case 'advance': {
      const laws = new LawLifecycleRepository(tx);
      if (transition.from === 'proposals') await new ProposalRepository(tx).openVote(transition.cycleId);
      if (transition.from === 'voting') await closeVoteAndDraw(tx, transition.cycleId, transition.at, selection, events);
      if (transition.from === 'creation') await laws.enterFinalVote(transition.cycleId, transition.at);
      if (transition.from === 'final-vote') await archiveLaws(tx, transition.cycleId, transition.at, published, events);
      await cycles.setPhase(transition.cycleId, transition.to, transition.at, transition.phaseEndsAt);
      events.push(transitionEvent(transition, transition.cycleId));
      return;
    }
  }
}

/**
 * Closes the vote (ranks, selects, gives a second chance, rejects the rest), stores and publishes the
 * draw seed, then the cycle enters creation: each selected proposal becomes a law with its creators
 * drawn with the seed just published, continuing its proposal's version history.
 */
async function closeVoteAndDraw(tx: SqlExecutor, cycleId: string, at: Date, selection: Selection, events: EventEnvelope[]): Promise<void> {
  const cycles = new CycleRepository(tx);
  const proposals = new ProposalRepository(tx);
  const laws = new LawLifecycleRepository(tx);
  const inVote = await proposals.lockInVote(cycleId);
  const nextCycleId = await cycles.openForProposalsExcept(cycleId);
  const seed = randomBytes(32).toString('hex');
  const close = closeVote({ cycleId, at, seed, proposals: inVote, selection, nextCycleId });
  for (const outcome of close.outcomes) await proposals.storeVoteOutcome({ ...outcome, votedCycleId: cycleId }, at);
  await cycles.storeVoteClose(cycleId, seed, at);
  events.push(...close.events);

  const eligible = drawEligible(await laws.cycleVoters(cycleId), at);
  await laws.insertDraw({ cycleId, seed, eligible, at, perLaw: selection.creatorsPerLaw });
  for (const proposal of await laws.selectedProposals(cycleId)) {
    const law = lawFromProposal({ proposal, cycleId, seed, eligible, perLaw: selection.creatorsPerLaw, at });
    await laws.insertLaw({ ...proposal, cycleId, at });
    await laws.insertCreators(proposal.id, law.creators);
    events.push(...law.events);
    const text = { kind: 'law', textId: proposal.id, change: 'created', role: 'author', editorId: proposal.userId, reason: null, title: proposal.title, body: proposal.description } as const;
    await recordVersion(tx, events, text, { documentId: proposal.id, documentTitle: proposal.title, lawId: proposal.id }, at);
  }
}

/**
 * Ends the final vote of the cycle's laws, once: the outcome of each visible text is stored (the
 * counts stay frozen with it), each law is archived as adopted or rejected with its voter count, and
 * the last versions of its texts are sealed with the outcome (docs/text-chain.md#seal) once their
 * chains verify; a broken chain leaves the law unsealed and LawSealRefused tells the moderators.
 */
async function archiveLaws(tx: SqlExecutor, cycleId: string, at: Date, published: PublishedVersions, events: EventEnvelope[]): Promise<void> {
  const laws = new LawLifecycleRepository(tx);
  const versions = new TextVersionRepository(tx);
  for (const law of await laws.lockUnarchived(cycleId)) {
    const texts = await laws.votedTexts(law.id);
    const voterIds = await laws.voterIds(law.id);
    const sealEntries = law.deleted ? [] : await versions.sealEntries(law.id);
    // Every chain the seal covers is verified first, whole: a version changed in the database refuses the seal.
    const chainProblems = sealEntries.length === 0 ? [] : await verifyChain(await versions.chains(sealEntries.map((entry) => entry.textId)));
    const archive = await archiveLaw({ law, cycleId, texts, voterIds, sealEntries, chainProblems, published, at });
    for (const text of archive.texts) await laws.storeTextOutcome(text.id, text.winner, text.adopted);
    if (archive.seal) await versions.insertSeal(archive.seal);
    await laws.storeArchive(law.id, archive.state, at, voterIds.length);
    events.push(...archive.events);
  }
}
