/**
 * HTTP contract of the elections service (docs/product.md#calls and #elections), shared by the
 * service and the elections screens. Paths are those the browser calls through the gateway. Each
 * shape is the TypeBox schema the service's routes validate and serialise with; its type is derived
 * from it (docs/architecture.md#inside-a-service).
 */
import Type, { type Static } from 'typebox';
import { CandidateTo } from './enums.js';
import { DateTime, Id, nullable } from './http-schemas.js';

/** 'YYYY-MM-01': the first day of a month. */
const MonthStart = Type.String({ pattern: '^\\d{4}-\\d{2}-01$' });
/** A role stood for: 1 moderator, 2 scribe, 3 great wise (`CandidateTo`). */
const CandidateToSchema = Type.Union([Type.Literal(CandidateTo.Moderator), Type.Literal(CandidateTo.Scribe), Type.Literal(CandidateTo.GreatWise)]);
/** A vote: +1 or -1. */
const VoteValue = Type.Union([Type.Literal(1), Type.Literal(-1)]);
/** A figure per role. */
const RoleCounts = Type.Object({ moderators: Type.Integer(), scribes: Type.Integer(), greatWises: Type.Integer() });
/** A candidate's votes. */
const voteFigures = {
  /** Sum of the +1 and -1 votes. */
  totalVotes: Type.Integer(),
  votesFor: Type.Integer(),
  votesAgainst: Type.Integer(),
};

/** The user fields a candidate carries (a candidate is id, totalVotes, plus user fields). */
export const CandidateUserSchema = Type.Object({
  id: Id,
  userName: Type.String(),
  moderator: Type.Boolean(),
  scribe: Type.Boolean(),
  /** 'YYYY-MM-01' when standing this month for the role, else null. */
  moderatorCandidateDate: nullable(MonthStart),
  scribeCandidateDate: nullable(MonthStart),
  greatWiseCandidateDate: nullable(MonthStart),
});
export type CandidateUser = Static<typeof CandidateUserSchema>;

/** One candidate of this month's election for the role, public figures only (the live updates carry these). */
export const CandidateSchema = Type.Object({
  ...CandidateUserSchema.properties,
  candidateTo: CandidateToSchema,
  ...voteFigures,
  /** When the candidacy was made (ties go to the earlier one). */
  appliedAt: DateTime,
});
export type Candidate = Static<typeof CandidateSchema>;

/**
 * What the caller may do with a candidate now, decided by the rule the action applies
 * (services/elections/src/domain/vote-rules.ts): the screen shows an action only when its flag is
 * true, and never decides it itself. True means the action passes authorization now; the month's
 * election still open and the candidate still standing are checked when it happens (409
 * `electionClosed`, 404 `notACandidate`). A visitor gets every flag false.
 */
export const CandidateMaySchema = Type.Object({
  /**
   * POST /api/candidates/votes (+1 or -1) and DELETE /api/candidates/votes (taking it back): a
   * logged-in member, verified, not suspended, not the candidate themself.
   */
  vote: Type.Boolean(),
});
export type CandidateMay = Static<typeof CandidateMaySchema>;

/**
 * GET /api/candidates/{type}: a candidate as one caller reads it, the public figures and what the
 * caller may do. Live updates carry `Candidate` (figures only): a screen keeps the `may` of its last
 * read for a candidate it shows, and offers nothing on one it has not read.
 */
export const CandidateViewSchema = Type.Object({ ...CandidateSchema.properties, may: CandidateMaySchema });
export type CandidateView = Static<typeof CandidateViewSchema>;

/** GET /api/candidates/{type} path: the role. */
export const CandidatesParamsSchema = Type.Object({ type: Type.Integer({ minimum: 1, maximum: 3, description: '1 moderator, 2 scribe, 3 great wise' }) });
export type CandidatesParams = Static<typeof CandidatesParamsSchema>;

/** A candidate vote (docs/product.md#elections); `vote` is +1 or -1. */
export const CandidateVoteSchema = Type.Object({
  vote: VoteValue,
  candidateId: Id,
  userId: Id,
  candidateTo: CandidateToSchema,
});
export type CandidateVote = Static<typeof CandidateVoteSchema>;

/** The answer of every votes call: the user's votes of this month. */
export const CandidateVoteListSchema = Type.Array(CandidateVoteSchema);

/** GET /api/candidates/votes/{userId} path: the user themself. */
export const CandidateVotesParamsSchema = Type.Object({ userId: Id });
export type CandidateVotesParams = Static<typeof CandidateVotesParamsSchema>;

/** Without userId or candidateTo (absent, null, '' or 0) nothing happens (docs/product.md#user-scoped-routes). */
const voteTarget = {
  candidateId: Id,
  userId: Type.Optional(nullable(Type.String({ maxLength: 64 }))),
  candidateTo: Type.Optional(nullable(Type.Integer({ minimum: 0, maximum: 3 }))),
};

/** POST /api/candidates/votes body. Without userId or candidateTo nothing happens (answer []). */
export const CandidateVoteInputSchema = Type.Object({ vote: VoteValue, ...voteTarget }, { additionalProperties: false });
export type CandidateVoteInput = Static<typeof CandidateVoteInputSchema>;

/** DELETE /api/candidates/votes body. */
export const CandidateVoteDeletionSchema = Type.Object(voteTarget, { additionalProperties: false });
export type CandidateVoteDeletion = Static<typeof CandidateVoteDeletionSchema>;

/** When the next election closes, on the server's clock (for the countdown). */
export const ElectionScheduleSchema = Type.Object({
  serverTime: DateTime,
  /** First day of the month whose candidacies and votes are open, 'YYYY-MM-01'. */
  candidacyMonth: MonthStart,
  /** When this month's election closes (the 1st of next month at the configured time, in the elections' time zone). */
  nextElectionAt: DateTime,
  timeZone: Type.String(),
  /** Seats per role: the number of officials elected for each. */
  seats: RoleCounts,
});
export type ElectionSchedule = Static<typeof ElectionScheduleSchema>;

export const ElectionSummarySchema = Type.Object({
  id: Id,
  /** Month of office, 'YYYY-MM' (the month that starts when the election closes). */
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
  /** The month whose candidacies and votes it tallied, 'YYYY-MM-01'. */
  candidacyMonth: MonthStart,
  scheduledAt: DateTime,
  closedAt: DateTime,
  /** Citizens who cast at least one vote. */
  voters: Type.Integer(),
  candidates: Type.Integer(),
  elected: RoleCounts,
});
export type ElectionSummary = Static<typeof ElectionSummarySchema>;

/** One candidate's figures in a closed election. */
export const ElectionCandidateResultSchema = Type.Object({
  userId: Id,
  userName: Type.String(),
  ...voteFigures,
  /** 1 = best; ties go to the earlier candidacy. */
  rank: Type.Integer(),
  elected: Type.Boolean(),
  appliedAt: DateTime,
});
export type ElectionCandidateResult = Static<typeof ElectionCandidateResultSchema>;

export const ElectionRoleResultSchema = Type.Object({
  candidateTo: CandidateToSchema,
  seats: Type.Integer(),
  candidates: Type.Array(ElectionCandidateResultSchema),
});
export type ElectionRoleResult = Static<typeof ElectionRoleResultSchema>;

/** GET /api/elections/{id} */
export const ElectionDetailSchema = Type.Object({
  ...ElectionSummarySchema.properties,
  roles: Type.Array(ElectionRoleResultSchema),
});
export type ElectionDetail = Static<typeof ElectionDetailSchema>;

/** GET /api/elections/{id} path. Any text: an id that cannot exist is a missing election (404), like an unknown one. */
export const ElectionIdParamsSchema = Type.Object({ id: Type.String({ minLength: 1, description: 'an election id (uuid)' }) });
export type ElectionIdParams = Static<typeof ElectionIdParamsSchema>;

/** GET /api/elections */
export const ElectionListSchema = Type.Object({
  elections: Type.Array(ElectionSummarySchema),
  schedule: ElectionScheduleSchema,
});
export type ElectionList = Static<typeof ElectionListSchema>;

export const OfficialSchema = Type.Object({ id: Id, userName: Type.String(), totalVotes: Type.Integer() });
export type Official = Static<typeof OfficialSchema>;

/** GET /api/elections/elected: the officials of the last closed election, by role. */
export const ElectedOfficialsSchema = Type.Object({
  election: nullable(ElectionSummarySchema),
  moderators: Type.Array(OfficialSchema),
  scribes: Type.Array(OfficialSchema),
  greatWises: Type.Array(OfficialSchema),
  schedule: ElectionScheduleSchema,
});
export type ElectedOfficials = Static<typeof ElectedOfficialsSchema>;

/**
 * PUT /api/elections/clock body, test stacks only (ELECTIONS_CLOCK_CONTROL; not part of the API):
 * move the service's clock to `now`, or forward by `advanceMs`.
 */
export const ElectionClockChangeSchema = Type.Object(
  { now: Type.Optional(DateTime), advanceMs: Type.Optional(Type.Integer({ minimum: 0 })) },
  { additionalProperties: false, minProperties: 1, maxProperties: 1 },
);
export type ElectionClockChange = Static<typeof ElectionClockChangeSchema>;

export const ElectionsApi = {
  candidates: 'GET /api/candidates/{type}', // type 1, 2 or 3 -> CandidateView[] (this month, best first, with the caller's may)
  votesOf: 'GET /api/candidates/votes/{userId}', // the user themself -> CandidateVote[]
  vote: 'POST /api/candidates/votes', // CandidateVoteInput -> CandidateVote[] (the caller's votes); failure: statusMessage 'updateKO'
  deleteVote: 'DELETE /api/candidates/votes', // CandidateVoteDeletion -> CandidateVote[]; failure: 'updateKO'
  elections: 'GET /api/elections', // -> ElectionList (closed elections, newest first)
  next: 'GET /api/elections/next', // -> ElectionSchedule
  elected: 'GET /api/elections/elected', // -> ElectedOfficials
  election: 'GET /api/elections/{id}', // -> ElectionDetail
  openApi: 'GET /api/elections/openapi.json',
} as const;

/**
 * An election that elects no moderator leaves the moderators in place, so the platform is never left
 * without one (the seeded first moderator included): identity keeps their role, and the elections
 * service does not count them as removed. One rule for both services.
 */
export function keepsModerators(elected: { moderators: readonly string[] }): boolean {
  return elected.moderators.length === 0;
}
