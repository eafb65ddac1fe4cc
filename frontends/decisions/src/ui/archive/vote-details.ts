/**
 * The vote details of an archived law, numbered as its adopted text is (unit-tested): an adopted
 * article keeps its number in the text, an article that was not adopted has none (as in the open
 * data), and an original replaced by an amendment names that amendment.
 */
import type { Article, LawDetail } from '@civic/contracts';
import { adoptedArticles } from '../../law-text.js';

/**
 * What became of one text: `adopted` and `rejected` for the text the final vote chose, `replaced`
 * for an original whose amendment was chosen, `notChosen` for an amendment another text beat.
 */
export type TextOutcome = { kind: 'adopted' | 'rejected' | 'notChosen' } | { kind: 'replaced'; by: number };

export interface VotedText {
  text: Article;
  /** 0 for the original, n for the article's amendment n. */
  position: number;
  outcome: TextOutcome;
}

export interface VotedArticle {
  article: Article;
  /** Its number in the adopted text; null when it was not adopted. */
  number: number | null;
  texts: VotedText[];
}

export function voteDetails(law: Pick<LawDetail, 'articles'>): VotedArticle[] {
  const numbers = new Map(adoptedArticles(law).map((entry) => [entry.article.id, entry.number]));
  return law.articles.map((article) => {
    const texts = [article, ...article.amendments];
    const winner = texts.findIndex((text) => text.result?.winner);
    return {
      article,
      number: numbers.get(article.id) ?? null,
      texts: texts.map((text, position) => {
        let outcome: TextOutcome;
        if (position === winner) outcome = { kind: text.result?.adopted ? 'adopted' : 'rejected' };
        else if (position === 0 && winner > 0) outcome = { kind: 'replaced', by: winner };
        else outcome = { kind: 'notChosen' };
        return { text, position, outcome };
      }),
    };
  });
}
