/**
 * The decisions shapes as the wire sees them: request bodies keep the service's validation rules,
 * sources arrive loosely typed so that the service names each wrong field, and an article's answer
 * carries its amendments.
 */
import Value from 'typebox/value';
import {
  ArticleMoveInputSchema,
  ArticleSchema,
  LawLangQuerySchema,
  ProposalInputSchema,
  SourceCreateInputSchema,
  SourceFieldProblemSchema,
  sourceFieldNames,
  SourceInputSchema,
  type Article,
} from '@civic/contracts';

const id = '0b6c8c2e-3f5e-4b8e-9a36-5a3c9f0a1d11';
const at = '2026-11-26T12:00:00.000Z';

test('a proposal needs a title and description of real text, and nothing else', () => {
  const input = { title: 'Bike lanes', description: 'Everywhere.', category: 'transport' };
  expect(Value.Check(ProposalInputSchema, input)).toBe(true);
  expect(Value.Check(ProposalInputSchema, { ...input, title: '   ' })).toBe(false);
  expect(Value.Check(ProposalInputSchema, { ...input, title: 'ab' })).toBe(false);
  expect(Value.Check(ProposalInputSchema, { ...input, category: 'weather' })).toBe(false);
  expect(Value.Check(ProposalInputSchema, { ...input, pin: true })).toBe(false);
});

test('a source accepts any value of its fields so that the service names the problem, and only its fields', () => {
  expect(Value.Check(SourceInputSchema, { type: 1, title: 'Du contrat social', releaseYear: 'soon', frequency: null })).toBe(true);
  expect(Value.Check(SourceInputSchema, { type: 1, isbn: '978' })).toBe(false);
  expect(Value.Check(SourceInputSchema, { title: 'x'.repeat(2001) })).toBe(false);
  expect(Value.Check(SourceCreateInputSchema, { targetKind: 'article', targetId: id, type: 6, title: 'A note' })).toBe(true);
  expect(Value.Check(SourceCreateInputSchema, { targetKind: 'cycle', targetId: id })).toBe(false);
  expect(Object.keys(SourceInputSchema.properties)).toEqual([...sourceFieldNames]);
  for (const field of sourceFieldNames) expect(Value.Check(SourceFieldProblemSchema, { field, message: 'required' })).toBe(true);
});

test('a move names a direction, a group, or both', () => {
  expect(Value.Check(ArticleMoveInputSchema, { direction: 'up' })).toBe(true);
  expect(Value.Check(ArticleMoveInputSchema, { groupId: null })).toBe(true);
  expect(Value.Check(ArticleMoveInputSchema, {})).toBe(false);
  expect(Value.Check(LawLangQuerySchema, { lang: 'de' })).toBe(false);
});

test('an article answer carries its amendments, each an article of its own', () => {
  const text = (kind: Article['kind'], amendments: Article[]): Article => ({
    id,
    lawId: id,
    kind,
    groupId: null,
    parentId: kind === 'amendment' ? id : null,
    title: null,
    body: 'Text.',
    position: 0,
    userId: id,
    userName: 'Author',
    moderationStatus: 0,
    scribeStatus: 0,
    pin: false,
    counts: { for: 1, against: 0, neutral: 0, blank: 0, score: 1 },
    myVote: null,
    result: { winner: true, adopted: true },
    sources: [],
    createdAt: at,
    updatedAt: at,
    amendments,
  });
  expect(Value.Check(ArticleSchema, text('article', [text('amendment', [])]))).toBe(true);
  expect(Value.Check(ArticleSchema, { ...text('article', []), kind: 'note' })).toBe(false);
});
