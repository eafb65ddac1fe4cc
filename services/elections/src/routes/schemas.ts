import Type from 'typebox';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });
const Id = Type.String({ format: 'uuid' });
const MonthStart = Type.String({ pattern: '^\\d{4}-\\d{2}-01$' });
const Role = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether `text` can be the id of a stored row (any other text names nothing that exists). */
export const isUuid = (text: string): boolean => uuidPattern.test(text);

/** Any text: an id that cannot exist is a missing election (404), like an unknown one. */
export const ElectionIdParams = Type.Object({ id: Type.String({ minLength: 1, description: 'an election id (uuid)' }) });
export const TypeParams = Type.Object({ type: Type.Integer({ minimum: 1, maximum: 3, description: '1 moderator, 2 scribe, 3 great wise' }) });
export const UserIdParams = Type.Object({ userId: Id });

/** Without userId or candidateTo (absent, null, '' or 0) nothing happens (docs/product.md#user-scoped-routes). */
const voteTarget = {
  candidateId: Id,
  userId: Type.Optional(nullable(Type.String({ maxLength: 64 }))),
  candidateTo: Type.Optional(nullable(Type.Integer({ minimum: 0, maximum: 3 }))),
};
export const VoteBody = Type.Object({ vote: Type.Union([Type.Literal(1), Type.Literal(-1)]), ...voteTarget }, { additionalProperties: false });
export const VoteDeletionBody = Type.Object(voteTarget, { additionalProperties: false });

export const CandidateSchema = Type.Object({
  id: Id,
  userName: Type.String(),
  moderator: Type.Boolean(),
  scribe: Type.Boolean(),
  moderatorCandidateDate: nullable(MonthStart),
  scribeCandidateDate: nullable(MonthStart),
  greatWiseCandidateDate: nullable(MonthStart),
  candidateTo: Role,
  totalVotes: Type.Integer(),
  votesFor: Type.Integer(),
  votesAgainst: Type.Integer(),
  appliedAt: DateTime,
});

export const CandidateVoteSchema = Type.Object({
  vote: Type.Union([Type.Literal(1), Type.Literal(-1)]),
  candidateId: Id,
  userId: Id,
  candidateTo: Role,
});
export const VoteListSchema = Type.Array(CandidateVoteSchema);

const Counts = Type.Object({ moderators: Type.Integer(), scribes: Type.Integer(), greatWises: Type.Integer() });

export const ScheduleSchema = Type.Object({
  serverTime: DateTime,
  candidacyMonth: MonthStart,
  nextElectionAt: DateTime,
  timeZone: Type.String(),
  seats: Counts,
});

export const ElectionSummarySchema = Type.Object({
  id: Id,
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
  candidacyMonth: MonthStart,
  scheduledAt: DateTime,
  closedAt: DateTime,
  voters: Type.Integer(),
  candidates: Type.Integer(),
  elected: Counts,
});

export const ElectionDetailSchema = Type.Object({
  ...ElectionSummarySchema.properties,
  roles: Type.Array(
    Type.Object({
      candidateTo: Role,
      seats: Type.Integer(),
      candidates: Type.Array(
        Type.Object({
          userId: Id,
          userName: Type.String(),
          totalVotes: Type.Integer(),
          votesFor: Type.Integer(),
          votesAgainst: Type.Integer(),
          rank: Type.Integer(),
          elected: Type.Boolean(),
          appliedAt: DateTime,
        }),
      ),
    }),
  ),
});

export const ElectionListSchema = Type.Object({ elections: Type.Array(ElectionSummarySchema), schedule: ScheduleSchema });

const OfficialSchema = Type.Object({ id: Id, userName: Type.String(), totalVotes: Type.Integer() });
export const ElectedSchema = Type.Object({
  election: nullable(ElectionSummarySchema),
  moderators: Type.Array(OfficialSchema),
  scribes: Type.Array(OfficialSchema),
  greatWises: Type.Array(OfficialSchema),
  schedule: ScheduleSchema,
});

export const ClockBody = Type.Object(
  { now: Type.Optional(DateTime), advanceMs: Type.Optional(Type.Integer({ minimum: 0 })) },
  { additionalProperties: false, minProperties: 1, maxProperties: 1 },
);

export const ErrorSchema = Type.Object({ statusCode: Type.Integer(), statusMessage: Type.String(), data: Type.Optional(Type.Unknown()) });

/** The error answers a route may give, for the OpenAPI document. */
export function errors(...statuses: number[]): Record<number, typeof ErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorSchema]));
}
