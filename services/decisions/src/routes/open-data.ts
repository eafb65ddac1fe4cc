import { SEAL_ALGORITHM, TEXT_CHAIN_ALGORITHM, type ChainVersion } from '@civic/contracts';
import type { ArticleRecord, LawDetailRecord } from '../domain/permitted-actions.js';
import type { LawSeal } from '../domain/text-versions.js';
import { adoptedText } from '../pdf/law-pdf.js';

/**
 * The open data of an archived law: its final text with every count, and what anyone needs to check
 * it against its seal (docs/text-chain.md#verifying): every version of each sealed text, and the seal.
 */
export function openData(law: LawDetailRecord, sealed: { seal: LawSeal | null; versions: readonly ChainVersion[] }) {
  const groups = new Map(law.groups.map((group) => [group.id, group.name]));
  const text = adoptedText(law);
  const numbers = new Map(text.map((entry) => [entry.article.id, entry.number]));
  const counts = (article: ArticleRecord) => ({ for: article.counts.for, against: article.counts.against, neutral: article.counts.neutral, blank: article.counts.blank });
  const source = (s: LawDetailRecord['sources'][number]) => {
    const { userName: _name, apa, ...fields } = s;
    return { ...fields, apa: apa.text };
  };
  return {
    id: law.id,
    title: law.title,
    description: law.description,
    category: law.category,
    state: law.state,
    adopted: law.state === 'adopted',
    cycle: { id: law.cycleId, number: law.cycleNumber },
    archivedAt: law.archivedAt,
    voters: law.voters,
    creators: law.creators,
    groups: law.groups.map((group) => ({ id: group.id, name: group.name, position: group.position })),
    articles: law.articles.map((article) => {
      const winner = [article, ...article.amendments].find((item) => item.result?.winner) ?? article;
      return {
        id: article.id,
        number: numbers.get(article.id) ?? null,
        group: article.groupId ? (groups.get(article.groupId) ?? null) : null,
        body: article.body,
        counts: counts(article),
        adopted: winner.result?.adopted ?? false,
        replacedBy: winner.id === article.id ? null : winner.id,
        finalText: winner.body,
        sources: article.sources.map(source),
        amendments: article.amendments.map((amendment) => ({
          id: amendment.id,
          title: amendment.title,
          body: amendment.body,
          counts: counts(amendment),
          winner: amendment.result?.winner ?? false,
          sources: amendment.sources.map(source),
        })),
      };
    }),
    sources: law.sources.map(source),
    chain: { algorithm: TEXT_CHAIN_ALGORITHM, texts: chainTexts(sealed.seal, sealed.versions) },
    seal: sealed.seal ? { algorithm: SEAL_ALGORITHM, ...sealed.seal } : null,
  };
}

/** The chains of the sealed texts in the seal's order; a text's kind is that of its last version. */
function chainTexts(seal: LawSeal | null, versions: readonly ChainVersion[]) {
  return (seal?.entries ?? []).map((entry) => {
    const chain = versions.filter((version) => version.textId === entry.textId).sort((a, b) => a.seq - b.seq);
    return { kind: chain.at(-1)?.kind ?? entry.kind, textId: entry.textId, versions: chain };
  });
}
