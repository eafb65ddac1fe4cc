/**
 * What the phase machine decides for laws, free of I/O but for the event ids: the law born from each
 * selected proposal with its creators drawn, and the archive of a law once its final vote ends.
 */
import { LawArchived, LawCreated, LawCreatorsDrawn, LawSealRefused, type ChainProblem, type EventEnvelope, type SealEntry, type SealOutcome } from '@civic/contracts';
import { newEvent, newPublishedEvent, type PublishedVersions } from '@civic/service-kit';
import { drawCreators } from './creators-draw.js';
import { decideLaw, type Counts, type VotedArticle } from './final-vote.js';
import { sealLaw, type LawSeal } from './text-versions.js';

/** LawArchived carries at most this many voters per event (its contract's maxItems). */
export const VOTERS_PER_EVENT = 1000;

export interface SelectedProposal {
  id: string;
  userId: string;
  title: string;
}

/** The law a selected proposal becomes (same id), its creators drawn with the published seed, and its two events. */
export function lawFromProposal(input: { proposal: SelectedProposal; cycleId: string; seed: string; eligible: readonly string[]; perLaw: number; at: Date }): {
  creators: string[];
  events: EventEnvelope[];
} {
  const { proposal, cycleId, at } = input;
  const creators = drawCreators(input.seed, proposal.id, input.eligible, input.perLaw);
  return {
    creators,
    events: [
      newEvent(LawCreated, { lawId: proposal.id, userId: proposal.userId }, at),
      newEvent(LawCreatorsDrawn, { lawId: proposal.id, cycleId, title: proposal.title, creators }, at),
    ],
  };
}

/** A visible article or amendment as the end of the final vote reads it. */
export interface VotedTextRow extends Counts {
  id: string;
  parentId: string | null;
}

export interface LawArchive {
  state: 'adopted' | 'rejected';
  /** Every text with whether it won (it or its replacing amendment is the final text) and was adopted. */
  texts: { id: string; winner: boolean; adopted: boolean }[];
  /** The seal of the law's texts (docs/text-chain.md#seal): none for a deleted law, one without versions, or one whose chains are broken. */
  seal: LawSeal | null;
  events: EventEnvelope[];
}

/**
 * The end of a law's final vote: the replacement and adoption rules over the texts' counters, the
 * outcome of each text, the seal of the last versions of its live texts (`sealEntries`, in document
 * order) with each article's outcome, and LawArchived once per chunk of at most VOTERS_PER_EVENT
 * voters, in the version this service publishes (none for a deleted law, which is archived as
 * rejected).
 */
export async function archiveLaw(input: {
  law: { id: string; title: string; deleted: boolean };
  cycleId: string;
  texts: readonly VotedTextRow[];
  voterIds: readonly string[];
  sealEntries: readonly SealEntry[];
  /** What verifyChain found wrong in the chains of the sealed texts: any problem refuses the seal. */
  chainProblems: readonly ChainProblem[];
  published: PublishedVersions;
  at: Date;
}): Promise<LawArchive> {
  const { law, texts, voterIds, at } = input;
  const counts = (row: VotedTextRow): Counts => ({ for: row.for, against: row.against, neutral: row.neutral, blank: row.blank });
  const articles: VotedArticle[] = texts
    .filter((row) => row.parentId === null)
    .map((row) => ({
      id: row.id,
      counts: counts(row),
      amendments: texts.filter((amendment) => amendment.parentId === row.id).map((amendment) => ({ id: amendment.id, counts: counts(amendment) })),
    }));
  const outcome = decideLaw(articles);
  const adopted = !law.deleted && outcome.adopted;
  const winners = new Map(outcome.articles.map((entry) => [entry.winnerId, entry.adopted]));
  const outcomes = texts.map((row) => ({ id: row.id, winner: winners.has(row.id), adopted: winners.get(row.id) ?? false }));
  const sealed: SealOutcome[] = outcome.articles.map((article) => ({ articleId: article.articleId, adopted: article.adopted, winnerId: article.winnerId }));
  // A seal vouches for every version before it: over a chain changed in the database it would vouch for the change.
  const broken = law.deleted ? [] : brokenVersions(input.chainProblems);
  const seal = law.deleted || broken.length > 0 ? null : await sealLaw(law.id, at, [...input.sealEntries], sealed);
  const events: EventEnvelope[] = [];
  if (!law.deleted) {
    const chunks = Math.max(1, Math.ceil(voterIds.length / VOTERS_PER_EVENT));
    for (let chunk = 0; chunk < chunks; chunk++) {
      const ids = voterIds.slice(chunk * VOTERS_PER_EVENT, (chunk + 1) * VOTERS_PER_EVENT);
      const payload = { lawId: law.id, cycleId: input.cycleId, title: law.title, adopted, voterIds: [...ids], chunk: chunk + 1, chunks, seal: seal?.hash ?? null };
      events.push(newPublishedEvent(LawArchived, payload, input.published, at));
    }
  }
  if (broken.length > 0) {
    events.push(newEvent(LawSealRefused, { lawId: law.id, cycleId: input.cycleId, title: law.title, problems: broken.slice(0, 100), at: at.toISOString() }, at));
  }
  return { state: adopted ? 'adopted' : 'rejected', texts: outcomes, seal, events };
}

/** The versions a chain check found wrong (changed content or a broken link), as LawSealRefused names them. */
function brokenVersions(problems: readonly ChainProblem[]): { problem: 'version-hash' | 'broken-link'; textId: string; seq: number }[] {
  return problems.flatMap((found) =>
    found.problem === 'version-hash' || found.problem === 'broken-link' ? [{ problem: found.problem, textId: found.textId, seq: found.seq }] : [],
  );
}
