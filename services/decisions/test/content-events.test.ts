// When a change to a law's content counts as moderation, and which events each change implies.
import { articleCreated, contentDeleted, contentEdited, contentSignalled, sourceChanged, type ContentRef } from '../src/domain/content-events.js';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const author = uuid(1);
const moderator = uuid(2);
const scribe = uuid(3);
const article: ContentRef = { kind: 'article', id: uuid(10), lawId: uuid(20), userId: author };
const at = new Date('2026-03-10T08:00:00.000Z');

describe('moderation events of laws, articles, amendments and sources', () => {
  it('an author’s own edit is no moderation; a moderator’s or a scribe’s is, with their role', () => {
    expect(contentEdited(article, { id: author, as: 'author' }, at)).toEqual([]);
    expect(contentEdited(article, { id: moderator, as: 'moderator' }, at).map((event) => [event.subject, event.payload])).toEqual([
      ['decisions.content.moderated', { kind: 'article', contentId: uuid(10), lawId: uuid(20), userId: author, editorId: moderator, role: 'moderator', action: 'edited' }],
    ]);
    expect(contentEdited({ ...article, kind: 'law', id: uuid(20) }, { id: scribe, as: 'scribe' }, at)[0]?.payload).toMatchObject({ kind: 'law', role: 'scribe', editorId: scribe });
  });

  it('a deletion is moderation only when a moderator makes it', () => {
    expect(contentDeleted(article, { id: author, as: 'author' }, at)).toEqual([]);
    expect(contentDeleted({ ...article, kind: 'amendment' }, { id: moderator, as: 'moderator' }, at)[0]?.payload).toEqual({
      kind: 'amendment',
      contentId: uuid(10),
      lawId: uuid(20),
      userId: author,
      editorId: moderator,
      role: 'moderator',
      action: 'deleted',
    });
  });

  it('changing a source is moderation when a moderator changes someone else’s, not their own, and never for a non-moderator', () => {
    const source = { id: uuid(30), lawId: uuid(20), userId: author };
    expect(sourceChanged(source, { id: moderator, moderator: true }, 'deleted', at).map((event) => event.payload)).toEqual([
      { kind: 'source', contentId: uuid(30), lawId: uuid(20), userId: author, editorId: moderator, role: 'moderator', action: 'deleted' },
    ]);
    expect(sourceChanged({ ...source, userId: moderator }, { id: moderator, moderator: true }, 'edited', at)).toEqual([]);
    expect(sourceChanged(source, { id: scribe, moderator: false }, 'edited', at)).toEqual([]);
  });

  it('a signal names who signalled and to whom; a new article names its author', () => {
    expect(contentSignalled(article, 'scribe', author, at)).toMatchObject({
      subject: 'decisions.content.signalled',
      payload: { kind: 'article', contentId: uuid(10), lawId: uuid(20), userId: author, signalledBy: author, to: 'scribe' },
    });
    expect(articleCreated(uuid(11), author, at)).toMatchObject({ subject: 'decisions.article.created', payload: { articleId: uuid(11), userId: author }, occurredAt: at.toISOString() });
  });
});
