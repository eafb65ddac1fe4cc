import Type from 'typebox';
import { decisionPhases, Limits, proposalCategories, voteChoices } from '@civic/contracts';

const literals = <const T extends readonly string[]>(values: T) => Type.Enum([...values] as T[number][]);
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const proposalStates = ['submitted', 'in-vote', 'selected', 'second-chance', 'rejected', 'deleted'] as const;

export const Phase = literals(decisionPhases);
export const Category = literals(proposalCategories);
export const Choice = literals(voteChoices);
export const State = literals(proposalStates);
const DateTime = Type.String({ format: 'date-time' });
const Id = Type.String({ format: 'uuid' });

export const IdParams = Type.Object({ id: Id });

/** Title and description: the bounds of docs/architecture.md, and not only spaces. */
export const ProposalInputSchema = Type.Object(
  {
    title: Type.String({ minLength: Limits.proposalTitle.min, maxLength: Limits.proposalTitle.max, pattern: '\\S' }),
    description: Type.String({ minLength: Limits.proposalDescription.min, maxLength: Limits.proposalDescription.max, pattern: '\\S' }),
    category: Category,
  },
  { additionalProperties: false },
);

export const VoteBody = Type.Object({ vote: Choice }, { additionalProperties: false });
export const PinBody = Type.Object({ pin: Type.Boolean() }, { additionalProperties: false });

/** GET /api/proposals/quota: when the caller may propose again, told before they fill the form. */
export const ProposalQuotaSchema = Type.Object({
  lastProposalAt: nullable(DateTime),
  /** null when the caller may propose now (as far as their own quota goes). */
  nextProposalAt: nullable(DateTime),
  /** The cycle open for proposals holds its maximum: nobody proposes until the next cycle. */
  cycleFull: Type.Boolean(),
});

export const CountdownSchema = Type.Object({
  serverTime: DateTime,
  phaseEndsAt: nullable(DateTime),
  nextStepAt: nullable(DateTime),
});

export const VoteCountsSchema = Type.Object({
  for: Type.Integer(),
  against: Type.Integer(),
  neutral: Type.Integer(),
  blank: Type.Integer(),
  score: Type.Integer(),
});

export const ProposalSchema = Type.Object({
  id: Id,
  cycleId: Id,
  title: Type.String(),
  description: Type.String(),
  category: Category,
  state: State,
  userId: Id,
  userName: Type.String(),
  createdAt: DateTime,
  updatedAt: DateTime,
  moderationStatus: Type.Union([Type.Literal(0), Type.Literal(1)]),
  pin: Type.Boolean(),
  deletedByModerator: Type.Boolean(),
  counts: VoteCountsSchema,
  myVote: nullable(Choice),
  rank: nullable(Type.Integer()),
});

const cycleFields = {
  ...CountdownSchema.properties,
  id: Id,
  number: Type.Integer(),
  phase: Phase,
  phaseStartedAt: DateTime,
  extensions: Type.Integer(),
  startRule: Type.Object({
    verifiedUsers: Type.Integer(),
    proposals: Type.Integer(),
    requiredUsers: Type.Integer(),
    requiredProposals: Type.Integer(),
    met: Type.Boolean(),
  }),
};

export const CycleSummarySchema = Type.Object({ ...cycleFields, proposals: Type.Integer() });
export const CycleDetailSchema = Type.Object({ ...cycleFields, proposals: Type.Array(ProposalSchema) });

export const ProposalListSchema = Type.Object({ proposals: Type.Array(ProposalSchema), countdown: CountdownSchema });
export const VotingViewSchema = Type.Object({ cycle: nullable(CycleSummarySchema), proposals: Type.Array(ProposalSchema) });
export const VoteAnswerSchema = Type.Object({ counts: VoteCountsSchema, myVote: nullable(Choice) });
export const KanbanSchema = Type.Object({ columns: Type.Array(Type.Object({ state: State, proposals: Type.Array(ProposalSchema) })) });

export const ProposalQuery = Type.Object(
  { cycleId: Type.Optional(Id), category: Type.Optional(Category), state: Type.Optional(State) },
  { additionalProperties: false },
);

export const ErrorSchema = Type.Object({ statusCode: Type.Integer(), statusMessage: Type.String(), data: Type.Optional(Type.Unknown()) });

/** The error answers a route may give, for the OpenAPI document. */
export function errors(...statuses: number[]): Record<number, typeof ErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorSchema]));
}
