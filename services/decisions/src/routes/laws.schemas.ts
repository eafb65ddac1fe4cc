import Type from 'typebox';
import { lawStates, Limits } from '@civic/contracts';
import { sourceFieldNames } from '../domain/sources.js';
import { Category, Choice, VoteCountsSchema } from './schemas.js';

const literals = <const T extends readonly string[]>(values: T) => Type.Enum([...values] as T[number][]);
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });
const Id = Type.String({ format: 'uuid' });
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);

export const ARTICLE_BODY_MAX = 5000;
export const AMENDMENT_TITLE_MAX = 256;
export const GROUP_NAME_MAX = 120;

export const LawStateSchema = literals(lawStates);
export const LangQuery = Type.Object({ lang: Type.Optional(Type.Enum(['en', 'fr'])) }, { additionalProperties: false });
export const LawIdParams = Type.Object({ id: Id });
export const GroupParams = Type.Object({ id: Id, groupId: Id });
export const ArticleParams = Type.Object({ id: Id, articleId: Id });

export const LawQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 256 })),
    category: Type.Optional(Category),
    state: Type.Optional(LawStateSchema),
    cycleId: Type.Optional(Id),
  },
  { additionalProperties: false },
);

export const LawInput = Type.Object(
  {
    title: Type.String({ minLength: Limits.proposalTitle.min, maxLength: Limits.proposalTitle.max, pattern: '\\S' }),
    description: Type.String({ minLength: Limits.proposalDescription.min, maxLength: Limits.proposalDescription.max, pattern: '\\S' }),
  },
  { additionalProperties: false },
);
export const GroupInput = Type.Object({ name: Type.String({ minLength: 1, maxLength: GROUP_NAME_MAX, pattern: '\\S' }) }, { additionalProperties: false });
export const DirectionInput = Type.Object({ direction: Type.Enum(['up', 'down']) }, { additionalProperties: false });
export const ArticleMoveInput = Type.Object(
  { direction: Type.Optional(Type.Enum(['up', 'down'])), groupId: Type.Optional(nullable(Id)) },
  { additionalProperties: false, minProperties: 1 },
);
const Body = Type.String({ minLength: 1, maxLength: ARTICLE_BODY_MAX, pattern: '\\S' });
export const ArticleInput = Type.Object({ body: Body, groupId: Type.Optional(nullable(Id)) }, { additionalProperties: false });
export const AmendmentInput = Type.Object({ title: Type.Optional(nullable(Type.String({ maxLength: AMENDMENT_TITLE_MAX }))), body: Body }, { additionalProperties: false });
export const ArticleEditInput = AmendmentInput;
export const SignalInput = Type.Object({ to: Type.Enum(['moderator', 'scribe']) }, { additionalProperties: false });

/** Source fields arrive loosely typed so that the answer names the spec's message for each field. */
const Loose = Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Null()]);
const sourceProperties = Object.fromEntries(sourceFieldNames.map((name) => [name, Type.Optional(Loose)])) as Record<(typeof sourceFieldNames)[number], ReturnType<typeof Type.Optional<typeof Loose>>>;
export const SourceEditInput = Type.Object(sourceProperties, { additionalProperties: false });
export const SourceCreateInput = Type.Object(
  { ...sourceProperties, targetKind: Type.Enum(['law', 'article']), targetId: Id },
  { additionalProperties: false },
);

const ApaSchema = Type.Object({ text: Type.String(), parts: Type.Array(Type.Object({ text: Type.String(), italic: Type.Boolean() })) });
const nullableText = nullable(Type.String());
export const SourceSchema = Type.Object({
  id: Id,
  lawId: Id,
  targetKind: Type.Enum(['law', 'article']),
  targetId: Id,
  userId: Id,
  userName: Type.String(),
  pin: Type.Boolean(),
  type: Type.Integer(),
  title: nullableText,
  author: nullableText,
  publisher: nullableText,
  publicationDate: nullableText,
  url: nullableText,
  accessDate: nullableText,
  volume: nullableText,
  issue: nullableText,
  pages: nullableText,
  periodicalTitle: nullableText,
  articleTitle: nullableText,
  director: nullableText,
  productionCompany: nullableText,
  releaseYear: nullable(Type.Integer()),
  description: nullableText,
  frequency: nullable(Type.Integer()),
  apa: ApaSchema,
  createdAt: DateTime,
  updatedAt: DateTime,
});

const articleFields = {
  id: Id,
  lawId: Id,
  kind: Type.Enum(['article', 'amendment']),
  groupId: nullable(Id),
  parentId: nullable(Id),
  title: nullableText,
  body: Type.String(),
  position: Type.Integer(),
  userId: Id,
  userName: Type.String(),
  moderationStatus: Flag,
  scribeStatus: Flag,
  pin: Type.Boolean(),
  counts: VoteCountsSchema,
  myVote: nullable(Choice),
  result: nullable(Type.Object({ winner: Type.Boolean(), adopted: Type.Boolean() })),
  sources: Type.Array(SourceSchema),
  createdAt: DateTime,
  updatedAt: DateTime,
};
const AmendmentSchema = Type.Object({ ...articleFields, amendments: Type.Array(Type.Object({})) });
export const ArticleSchema = Type.Object({ ...articleFields, amendments: Type.Array(AmendmentSchema) });

const CreatorSchema = Type.Object({ userId: Id, userName: Type.String() });
const lawFields = {
  id: Id,
  cycleId: Id,
  cycleNumber: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  category: Category,
  state: LawStateSchema,
  userId: Id,
  userName: Type.String(),
  rank: Type.Integer(),
  moderationStatus: Flag,
  scribeStatus: Flag,
  pin: Type.Boolean(),
  creators: Type.Array(CreatorSchema),
  articleCount: Type.Integer(),
  voters: Type.Integer(),
  createdAt: DateTime,
  updatedAt: DateTime,
  archivedAt: nullable(DateTime),
  serverTime: DateTime,
  phaseEndsAt: nullable(DateTime),
};
export const LawSummarySchema = Type.Object(lawFields);
export const LawDetailSchema = Type.Object({
  ...lawFields,
  articles: Type.Array(ArticleSchema),
  groups: Type.Array(Type.Object({ id: Id, name: Type.String(), position: Type.Integer() })),
  sources: Type.Array(SourceSchema),
});
export const LawListSchema = Type.Object({ laws: Type.Array(LawSummarySchema) });
export const DrawSchema = Type.Object({
  lawId: Id,
  cycleId: Id,
  algorithm: Type.String(),
  seed: Type.String(),
  perLaw: Type.Integer(),
  eligible: Type.Array(Id),
  creators: Type.Array(CreatorSchema),
  drawnAt: DateTime,
});
export const LawKanbanSchema = Type.Object({ columns: Type.Array(Type.Object({ state: LawStateSchema, laws: Type.Array(LawSummarySchema) })) });
export const OpenDataSchema = Type.Object({}, { additionalProperties: true });
