/**
 * An archived law's vote details are numbered as its adopted text: an article that was not adopted
 * has no number and does not shift the next ones, and a replaced original names its amendment.
 */
import type { Article } from '@civic/contracts';
import { voteDetails } from '../src/ui/archive/vote-details.js';

const text = (id: string, winner: boolean | null, adopted = false, amendments: Article[] = []) =>
  ({ id, body: id, result: winner === null ? null : { winner, adopted }, amendments }) as unknown as Article;

describe('voteDetails', () => {
  const articles = [
    text('a1', true, true),
    // Rejected: not in the text, so the next adopted article is Article 2, in the text and here.
    text('a2', true, false),
    text('a3', false, false, [text('m1', false), text('m2', true, true)]),
    text('a4', false, false, [text('m3', true, false)]),
  ];

  it('gives each article its number in the adopted text, none to one not adopted', () => {
    expect(voteDetails({ articles }).map((entry) => [entry.article.id, entry.number])).toEqual([
      ['a1', 1],
      ['a2', null],
      ['a3', 2],
      ['a4', null],
    ]);
  });

  it('says what became of each text: the original replaced by its winning amendment, by number', () => {
    expect(voteDetails({ articles }).map((entry) => entry.texts.map((voted) => [voted.text.id, voted.position, voted.outcome]))).toEqual([
      [['a1', 0, { kind: 'adopted' }]],
      [['a2', 0, { kind: 'rejected' }]],
      [
        ['a3', 0, { kind: 'replaced', by: 2 }],
        ['m1', 1, { kind: 'notChosen' }],
        ['m2', 2, { kind: 'adopted' }],
      ],
      // The amendment won the choice, then the article was rejected: the original still gave way to it.
      [
        ['a4', 0, { kind: 'replaced', by: 1 }],
        ['m3', 1, { kind: 'rejected' }],
      ],
    ]);
  });

  it('leaves texts of an article without a result unjudged', () => {
    expect(voteDetails({ articles: [text('a1', null, false, [text('m1', null)])] })[0]).toMatchObject({
      number: null,
      texts: [{ outcome: { kind: 'notChosen' } }, { outcome: { kind: 'notChosen' } }],
    });
  });
});
