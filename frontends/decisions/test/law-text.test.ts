/**
 * A law's text as the screens show it: the words an amendment changes, the adopted text and the
 * sources it keeps, and the archive's list read a page at a time.
 */
import type { Article, Source } from '@civic/contracts';
import { adoptedArticles, archivedSources, withMorePages, wordDiff } from '../src/law-text.js';

describe('wordDiff', () => {
  const shown = (parts: { kind: string; text: string }[]) => parts.map((part) => (part.kind === 'removed' ? `~~${part.text}~~` : part.kind === 'added' ? `__${part.text}__` : part.text)).join('');

  it('marks the removed and added words of an amendment, spaces outside the marks', () => {
    expect(wordDiff('Les bus sont gratuits le dimanche.', 'Les bus et les trams sont gratuits le dimanche et les jours fériés.')).toEqual([
      { kind: 'same', text: 'Les bus ' },
      { kind: 'added', text: 'et les trams' },
      { kind: 'same', text: ' sont gratuits le dimanche ' },
      { kind: 'added', text: 'et les jours fériés' },
      { kind: 'same', text: '.' },
    ]);
    expect(shown(wordDiff('Une taxe de 1 € finance la mesure.', 'Une taxe de 2 € finance la mesure.'))).toBe('Une taxe de ~~1~~ __2__ € finance la mesure.');
    expect(wordDiff('', 'Nouveau texte')).toEqual([{ kind: 'added', text: 'Nouveau texte' }]);
  });

  it('diffs on word boundaries and keeps the spaces: "Buses ~~and~~ ,", never "Buses~~and~~ ,trams"', () => {
    expect(shown(wordDiff('Buses and trams run free.', 'Buses, trams run free.'))).toBe('Buses ~~and~~ __,__ trams run free.');
    expect(shown(wordDiff('Buses run free.', 'Buses and trams run free.'))).toBe('Buses __and trams__ run free.');
    // No word of the result is glued to another.
    expect(wordDiff('Buses and trams.', 'Buses or trams.').map((part) => part.text).join('')).toBe('Buses and or trams.');
  });

  it('keeps a space between a removed word and the added one, also where the word had none after it', () => {
    const parts = wordDiff('Les bus sont gratuits le dimanche.', 'Les bus sont gratuits le samedi.');
    expect(parts).toEqual([
      { kind: 'same', text: 'Les bus sont gratuits le ' },
      { kind: 'removed', text: 'dimanche' },
      { kind: 'same', text: ' ' },
      { kind: 'added', text: 'samedi' },
      { kind: 'same', text: '.' },
    ]);
    // Read as displayed: the words never run together.
    expect(parts.map((part) => part.text).join('')).toBe('Les bus sont gratuits le dimanche samedi.');
  });
});

describe('archivedSources', () => {
  const source = (id: string) => ({ id }) as unknown as Source;
  const text = (id: string, winner: boolean | null, adopted: boolean, sources: Source[], amendments: Article[] = []) =>
    ({ id, body: id, result: winner === null ? null : { winner, adopted }, sources, amendments }) as unknown as Article;
  it('lists the law’s sources and its adopted text’s, as the PDF does, not those of texts that were not adopted', () => {
    const articles = [
      text('a1', true, true, [source('s-a1')]),
      text('a2', true, false, [source('s-rejected')]),
      text('a3', false, false, [source('s-replaced')], [text('m1', true, true, [source('s-m1')])]),
    ];
    expect(archivedSources({ sources: [source('s-law')], articles }).map((item) => item.id)).toEqual(['s-law', 's-a1', 's-m1']);
  });
});

describe('adoptedArticles', () => {
  const text = (id: string, winner: boolean | null, adopted = false, amendments: Article[] = []) =>
    ({ id, body: id, result: winner === null ? null : { winner, adopted }, amendments }) as unknown as Article;
  it('numbers the winning adopted texts in order', () => {
    const articles = [text('a1', true, true), text('a2', false, false, [text('m1', true, true)]), text('a3', true, false)];
    expect(adoptedArticles({ articles }).map((entry) => [entry.number, entry.text.id])).toEqual([
      [1, 'a1'],
      [2, 'm1'],
    ]);
  });
});

describe('the archive read a page at a time', () => {
  const laws = (...ids: string[]) => ids.map((id) => ({ id }));
  it('appends the later pages after the first, in order', () => {
    expect(withMorePages(laws('a', 'b'), laws('c', 'd')).map((law) => law.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(withMorePages(laws('a'), []).map((law) => law.id)).toEqual(['a']);
  });
  it('shows each law once when the refreshed first page now holds a law of a later page', () => {
    expect(withMorePages(laws('new', 'a', 'b'), laws('b', 'c', 'c')).map((law) => law.id)).toEqual(['new', 'a', 'b', 'c']);
  });
});
