/**
 * The pure rules of the law screens: the actions shown to author, creator, other member, scribe and
 * moderator (the service's rules of docs/product.md#roles-and-permissions), the words an amendment changes, the adopted
 * text, and the creators draw recomputed in the browser as the service computes it.
 */
import type { Article, LawState, SessionUser, Source } from '@civic/contracts';
import { drawCreators } from '../../../services/decisions/src/domain/creators-draw.js';
import { adoptedArticles, archivedSources, contentPermissions, mayDraft, recomputeDraw, withMorePages, wordDiff } from '../src/law-rules.js';
import { withFrenchOrdinal } from '../src/dates.js';
import { sessionUser } from '../../../packages/frontend-kit/test/support/session-user.js';

const people = { author: sessionUser('author'), creator: sessionUser('creator'), other: sessionUser('other'), scribe: sessionUser('scribe', { scribe: true }), moderator: sessionUser('moderator', { moderator: true }) };
const law = (state: LawState = 'creation') => ({ state, creators: [{ userId: 'author', userName: 'A' }, { userId: 'creator', userName: 'C' }] });
const item = (moderationStatus: 0 | 1 = 0, scribeStatus: 0 | 1 = 0) => ({ userId: 'author', moderationStatus, scribeStatus });
const who = (check: (u: SessionUser) => boolean) => Object.entries(people).filter(([, u]) => check(u)).map(([name]) => name);

describe('what the law screens offer to whom', () => {
  it('drafting: the creators during creation', () => {
    expect(who((u) => mayDraft(law(), u))).toEqual(['author', 'creator']);
    expect(who((u) => mayDraft(law('final-vote'), u))).toEqual([]);
    expect(mayDraft(law(), null)).toBe(false);
  });

  it('edit, delete, signal and pin', () => {
    expect(who((u) => contentPermissions(item(), law(), u).edit)).toEqual(['author']);
    expect(who((u) => contentPermissions(item(1, 1), law(), u).edit)).toEqual(['author', 'scribe', 'moderator']);
    expect(who((u) => contentPermissions(item(1), law('final-vote'), u).remove)).toEqual(['moderator']);
    expect(who((u) => contentPermissions(item(), law(), u).signalScribe)).toEqual(['author']);
    expect(who((u) => contentPermissions(item(), law(), u).signalModerator)).toEqual(['creator', 'other', 'scribe', 'moderator']);
    expect(who((u) => contentPermissions(item(), law(), u).pin)).toEqual(['moderator']);
  });
});

describe('wordDiff', () => {
  it('marks the removed and added words of an amendment', () => {
    expect(wordDiff('Les bus sont gratuits le dimanche.', 'Les bus et les trams sont gratuits le dimanche et les jours fériés.')).toEqual([
      { kind: 'same', text: 'Les bus ' },
      { kind: 'added', text: 'et les trams ' },
      { kind: 'same', text: 'sont gratuits le dimanche ' },
      { kind: 'added', text: 'et les jours fériés' },
      { kind: 'same', text: '.' },
    ]);
    expect(wordDiff('Une taxe de 1 € finance la mesure.', 'Une taxe de 2 € finance la mesure.')).toEqual([
      { kind: 'same', text: 'Une taxe de ' },
      { kind: 'removed', text: '1' },
      { kind: 'same', text: ' ' },
      { kind: 'added', text: '2 ' },
      { kind: 'same', text: '€ finance la mesure.' },
    ]);
    expect(wordDiff('', 'Nouveau texte')).toEqual([{ kind: 'added', text: 'Nouveau texte' }]);
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

describe('withFrenchOrdinal', () => {
  it('writes the first day of a month "1er" in French only', () => {
    expect(withFrenchOrdinal('1 mars 2026', 'fr')).toBe('1er mars 2026');
    expect(withFrenchOrdinal('mardi 1 décembre 2026 à 17:42', 'fr')).toBe('mardi 1er décembre 2026 à 17:42');
    expect(withFrenchOrdinal('1 déc. 2026, 17:42', 'fr')).toBe('1er déc. 2026, 17:42');
    expect(withFrenchOrdinal('11 mars 2026', 'fr')).toBe('11 mars 2026');
    expect(withFrenchOrdinal('21 mars 2026', 'fr')).toBe('21 mars 2026');
    expect(withFrenchOrdinal('à 1 h', 'fr')).toBe('à 1 h');
    expect(withFrenchOrdinal('1 March 2026', 'en')).toBe('1 March 2026');
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

describe('recomputeDraw', () => {
  it('gives the service’s creators from the same seed and list', async () => {
    const eligible = Array.from({ length: 25 }, (_, i) => `00000000-0000-4000-8000-${String(i * 7).padStart(12, '0')}`);
    for (const seed of ['a1b2', 'f'.repeat(64), 'seed']) {
      expect(await recomputeDraw(seed, 'AAAAAAAA-0000-4000-8000-000000000001', eligible, 5)).toEqual(drawCreators(seed, 'aaaaaaaa-0000-4000-8000-000000000001', eligible, 5));
    }
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
