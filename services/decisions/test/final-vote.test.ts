import { voteChoices, type VoteChoice } from '@civic/contracts';
import { choiceIndex, countChoices, countsAt, decideArticle, decideLaw, replacingAmendment, tallyBallots, type Counts, type VotedArticle } from '../src/domain/final-vote.js';

const c = (f: number, a = 0, n = 0, b = 0): Counts => ({ for: f, against: a, neutral: n, blank: b });
const article = (counts: Counts, ...amendments: Counts[]): VotedArticle => ({
  id: 'article',
  counts,
  amendments: amendments.map((item, index) => ({ id: `amendment-${index + 1}`, counts: item })),
});

describe('the final vote rules', () => {
  it('keeps the article when there is no amendment', () => {
    expect(decideArticle(article(c(3, 1)))).toEqual({ articleId: 'article', winnerId: 'article', replaced: false, adopted: true, counts: c(3, 1) });
  });

  it('replaces the article with an amendment that has strictly more "for" votes than the article', () => {
    expect(replacingAmendment(article(c(3), c(4)))?.id).toBe('amendment-1');
    expect(decideArticle(article(c(3, 0), c(4, 1)))).toMatchObject({ winnerId: 'amendment-1', replaced: true, adopted: true });
  });

  it('keeps the article on a tie between the article and its best amendment', () => {
    expect(replacingAmendment(article(c(4), c(4)))).toBeNull();
    expect(decideArticle(article(c(4, 5), c(4, 0)))).toMatchObject({ winnerId: 'article', replaced: false, adopted: false });
  });

  it('needs more "for" votes than every other amendment: two amendments tied at the top replace nothing', () => {
    expect(replacingAmendment(article(c(2), c(5), c(5)))).toBeNull();
    expect(replacingAmendment(article(c(2), c(5), c(6), c(1)))?.id).toBe('amendment-2');
    expect(replacingAmendment(article(c(2), c(6), c(5), c(6)))).toBeNull();
    expect(replacingAmendment(article(c(7), c(6), c(5)))).toBeNull();
  });

  it('counts only "for" votes for the replacement, whatever the other choices', () => {
    expect(replacingAmendment(article(c(3, 0, 9, 9), c(4, 9, 0, 0)))?.id).toBe('amendment-1');
  });

  it('adopts the winning text only when for > against (a tie rejects it)', () => {
    expect(decideArticle(article(c(3, 3))).adopted).toBe(false);
    expect(decideArticle(article(c(3, 2))).adopted).toBe(true);
    // The amendment wins but is rejected: the article is not adopted either.
    expect(decideArticle(article(c(1, 0), c(2, 5)))).toMatchObject({ winnerId: 'amendment-1', adopted: false });
  });

  it('adopts a law with at least one adopted article, else rejects it', () => {
    expect(decideLaw([article(c(1, 2)), { ...article(c(2, 1)), id: 'second' }]).adopted).toBe(true);
    expect(decideLaw([article(c(1, 2)), { ...article(c(1, 1)), id: 'second' }]).adopted).toBe(false);
    expect(decideLaw([]).adopted).toBe(false);
  });
});

describe('the ballot tally', () => {
  it('counts ballots per text and choice, equal to a plain count', () => {
    const texts = 5;
    const ballots = 10_000;
    const textIndex = new Int32Array(ballots);
    const choice = new Uint8Array(ballots);
    const plain: VoteChoice[][] = Array.from({ length: texts }, () => []);
    let state = 7;
    for (let i = 0; i < ballots; i++) {
      state = (state * 1103515245 + 12345) % 2147483648;
      textIndex[i] = state % texts;
      const chosen = voteChoices[(state >> 8) % 4]!;
      choice[i] = choiceIndex[chosen];
      plain[textIndex[i]!]!.push(chosen);
    }
    const counts = tallyBallots(textIndex, choice, texts);
    for (let t = 0; t < texts; t++) expect(countsAt(counts, t)).toEqual(countChoices(plain[t]!));
  });

  it('refuses inconsistent input', () => {
    expect(() => tallyBallots(new Int32Array(2), new Uint8Array(1), 1)).toThrow(RangeError);
    expect(() => tallyBallots(new Int32Array(1), new Uint8Array([4]), 1)).toThrow(RangeError);
  });
});
