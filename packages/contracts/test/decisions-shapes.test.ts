/**
 * The decisions shapes as the wire sees them: request bodies keep the service's validation rules,
 * sources arrive loosely typed so that the service names each wrong field, an article's answer
 * carries its amendments, and every answer about something one acts on carries its reader's `may`.
 */
import Value from 'typebox/value';
import {
  ArticleMaySchema,
  ArticleMoveInputSchema,
  ArticleSchema,
  LawDetailSchema,
  LawLangQuerySchema,
  LawMaySchema,
  LawSummarySchema,
  ProposalInputSchema,
  ProposalMaySchema,
  ProposalSchema,
  SourceCreateInputSchema,
  SourceFieldProblemSchema,
  sourceFieldNames,
  SourceInputSchema,
  SourceMaySchema,
  SourceSchema,
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
    may: { edit: false, liveEdit: true, remove: false, amend: kind === 'article', move: kind === 'article', addSource: false, signalModerator: true, signalScribe: false, pin: false, vote: false },
    amendments,
  });
  expect(Value.Check(ArticleSchema, text('article', [text('amendment', [])]))).toBe(true);
  expect(Value.Check(ArticleSchema, { ...text('article', []), kind: 'note' })).toBe(false);
});

test('every answer about a proposal, a law, a text or a source says what its reader may do, each action a flag', () => {
  const flags = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, false]));
  const shapes = [
    [ProposalMaySchema, ['edit', 'remove', 'resubmit', 'signal', 'pin', 'vote']],
    [LawMaySchema, ['edit', 'remove', 'draft', 'addSource', 'signalModerator', 'signalScribe', 'pin']],
    [ArticleMaySchema, ['edit', 'liveEdit', 'remove', 'amend', 'move', 'addSource', 'signalModerator', 'signalScribe', 'pin', 'vote']],
    [SourceMaySchema, ['edit', 'remove', 'pin']],
  ] as const;
  for (const [schema, keys] of shapes) {
    expect(Object.keys(schema.properties)).toEqual(keys);
    expect(Value.Check(schema, flags([...keys]))).toBe(true);
    expect(Value.Check(schema, flags(keys.slice(1)))).toBe(false);
    expect(Value.Check(schema, { ...flags([...keys]), [keys[0]]: 'yes' })).toBe(false);
  }
  for (const [answer, may] of [
    [ProposalSchema, ProposalMaySchema],
    [LawSummarySchema, LawMaySchema],
    [LawDetailSchema, LawMaySchema],
    [ArticleSchema, ArticleMaySchema],
    [SourceSchema, SourceMaySchema],
  ] as const) {
    expect(answer.required).toContain('may');
    expect(answer.properties.may).toBe(may);
  }
});
