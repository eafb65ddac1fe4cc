/**
 * The final vote (docs/product.md), free of I/O: every article and every amendment gets
 * for / against / neutral / blank votes; an amendment replaces its article only with strictly more
 * "for" votes than the article and than every other amendment of that article; the winning text is
 * adopted when for > against; a law with at least one adopted article is adopted, else rejected.
 */
import { voteChoices, type VoteChoice } from '@civic/contracts';

export interface Counts {
  for: number;
  against: number;
  neutral: number;
  blank: number;
}

export const zeroCounts = (): Counts => ({ for: 0, against: 0, neutral: 0, blank: 0 });

export interface VotedText {
  id: string;
  counts: Counts;
}

export interface VotedArticle extends VotedText {
  amendments: readonly VotedText[];
}

export interface ArticleOutcome {
  articleId: string;
  /** The text that stands for the article: the article itself or the amendment that replaced it. */
  winnerId: string;
  replaced: boolean;
  adopted: boolean;
  counts: Counts;
}

export interface LawOutcome {
  adopted: boolean;
  articles: ArticleOutcome[];
}

/**
 * The amendment that replaces the article, or null: its "for" count must be strictly greater than
 * the article's and than each other amendment's (two amendments tied at the top replace nothing).
 */
export function replacingAmendment(article: VotedArticle): VotedText | null {
  let best: VotedText | null = null;
  let tied = false;
  for (const amendment of article.amendments) {
    if (!best || amendment.counts.for > best.counts.for) {
      best = amendment;
      tied = false;
    } else if (amendment.counts.for === best.counts.for) {
      tied = true;
    }
  }
  if (!best || tied || best.counts.for <= article.counts.for) return null;
  return best;
}

export const isAdopted = (counts: Counts): boolean => counts.for > counts.against;

export function decideArticle(article: VotedArticle): ArticleOutcome {
  const amendment = replacingAmendment(article);
  const winner = amendment ?? article;
  return { articleId: article.id, winnerId: winner.id, replaced: amendment !== null, adopted: isAdopted(winner.counts), counts: winner.counts };
}

export function decideLaw(articles: readonly VotedArticle[]): LawOutcome {
  const outcomes = articles.map(decideArticle);
  return { adopted: outcomes.some((outcome) => outcome.adopted), articles: outcomes };
}

export const choiceIndex: Record<VoteChoice, number> = { for: 0, against: 1, neutral: 2, blank: 3 };

/**
 * Counts ballots given as two parallel arrays (the voted text's index and the choice's index 0-3)
 * into one flat array of 4 counts per text. One pass, no allocation per ballot: a final vote of a
 * million ballots is tallied in a few milliseconds (bench/final-vote-tally.mjs).
 */
export function tallyBallots(textIndex: Int32Array, choice: Uint8Array, texts: number): Int32Array {
  if (textIndex.length !== choice.length) throw new RangeError('tallyBallots: arrays of different lengths');
  const counts = new Int32Array(texts * 4);
  for (let i = 0; i < textIndex.length; i++) {
    const c = choice[i]!;
    if (c > 3) throw new RangeError(`tallyBallots: bad choice ${c}`);
    counts[textIndex[i]! * 4 + c]! += 1;
  }
  return counts;
}

export function countsAt(counts: Int32Array, index: number): Counts {
  const base = index * 4;
  return { for: counts[base]!, against: counts[base + 1]!, neutral: counts[base + 2]!, blank: counts[base + 3]! };
}

/** Counts of one text from its ballots as choices (the reference the fast tally is tested against). */
export function countChoices(choices: Iterable<VoteChoice>): Counts {
  const counts = zeroCounts();
  for (const choice of choices) if (voteChoices.includes(choice)) counts[choice] += 1;
  return counts;
}
