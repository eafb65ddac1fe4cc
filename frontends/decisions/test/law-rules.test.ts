/**
 * The pure rules of the law screens: the actions shown to author, creator, other member, scribe and
 * moderator (the service's rules of SPEC section 6), the words an amendment changes, the adopted
 * text, and the creators draw recomputed in the browser as the service computes it.
 */
import type { Article, LawState, SessionUser } from '@civic/contracts';
import { drawCreators } from '../../../services/decisions/src/domain/creators-draw.js';
import { adoptedArticles, contentPermissions, mayDraft, recomputeDraw, wordDiff } from '../src/law-rules.js';

const user = (id: string, extra: Partial<SessionUser> = {}): SessionUser => ({
  id,
  userName: id,
  email: `${id}@example.org`,
  verified: true,
  moderator: false,
  scribe: false,
  locale: 'en',
  suspendedUntil: null,
  moderatorCandidateDate: null,
  scribeCandidateDate: null,
  greatWiseCandidateDate: null,
  madeProposal: false,
  memberSince: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const people = { author: user('author'), creator: user('creator'), other: user('other'), scribe: user('scribe', { scribe: true }), moderator: user('moderator', { moderator: true }) };
const law = (state: LawState = 'creation') => ({ state, creators: [{ userId: 'author', userName: 'A' }, { userId: 'creator', userName: 'C' }] });
const item = (moderationStatus: 0 | 1 = 0, scribeStatus: 0 | 1 = 0) => ({ userId: 'author', moderationStatus, scribeStatus });
const who = (check: (u: SessionUser) => boolean) => Object.entries(people).filter(([, u]) => check(u)).map(([name]) => name);

describe('what the law screens offer to whom', () => {
  it('drafting: the creators during creation', () => {
    expect(who((u) => mayDraft(law(), u))).toEqual(['author', 'creator']);
    expect(who((u) => mayDraft(law('final-vote'), u))).toEqual([]);
    expect(mayDraft(law(), null)).toBe(false);
  });

  it('edit, delete, signal and pin per SPEC section 6', () => {
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
    expect(wordDiff('Une taxe de 1 € finance la mesure.', 'Une taxe de 2 € finance la mesure.').filter((part) => part.kind !== 'same')).toEqual([
      { kind: 'removed', text: '1 ' },
      { kind: 'added', text: '2 ' },
    ]);
    expect(wordDiff('', 'Nouveau texte')).toEqual([{ kind: 'added', text: 'Nouveau texte' }]);
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
