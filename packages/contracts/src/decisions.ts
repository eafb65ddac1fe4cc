/**
 * HTTP contract of the decisions service for cycles, proposals and the vote on proposals, laws and
 * their content, sources and the final vote, shared by the service and the decisions screens. Paths
 * are those the browser calls through the gateway. Each request and answer shape is the TypeBox
 * schema the service's routes validate and serialise with; its type is derived from it
 * (docs/architecture.md#inside-a-service).
 * Longer than most files on purpose: it is a list of independent shapes, one per call, read by
 * looking one up, and keeping a service's whole contract in one file is the package's rule.
 */
import Type, { type Static } from 'typebox';
import { decisionPhases, proposalCategories, voteChoices } from './enums.js';
import { DateTime, Id, literals, nullable } from './http-schemas.js';
import { ARTICLE_BODY_MAX, Limits, SearchLimits } from './limits.js';
import { EditReasonSchema, LawSealSchema } from './text-history.js';

// Building blocks of the shapes below.
const Phase = literals(decisionPhases);
const Category = literals(proposalCategories);
const Choice = literals(voteChoices);
/** docs/product.md#signals: 0 not signalled, 1 signalled. */
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
const NullableText = nullable(Type.String());
const Direction = Type.Enum(['up', 'down']);
/** Title and description of a proposal or a law: the bounds of docs/product.md#limits, and not only spaces. */
const titleAndDescription = {
  title: Type.String({ minLength: Limits.proposalTitle.min, maxLength: Limits.proposalTitle.max, pattern: '\\S' }),
  description: Type.String({ minLength: Limits.proposalDescription.min, maxLength: Limits.proposalDescription.max, pattern: '\\S' }),
};

/** `{id}` in the path: a cycle, a proposal, a law or a source. */
export const DecisionsIdParamsSchema = Type.Object({ id: Id });
export type DecisionsIdParams = Static<typeof DecisionsIdParamsSchema>;

/** PUT .../pin (moderators). */
export const DecisionsPinInputSchema = Type.Object({ pin: Type.Boolean() }, { additionalProperties: false });
export type DecisionsPinInput = Static<typeof DecisionsPinInputSchema>;

/** PUT .../vote: a ballot on a proposal, an article or an amendment. */
export const VoteChoiceInputSchema = Type.Object({ vote: Choice }, { additionalProperties: false });
export type VoteChoiceInput = Static<typeof VoteChoiceInputSchema>;

/** Every read of a cycle carries the server's clock so the browser shows exact countdowns. */
export const CountdownSchema = Type.Object({
  serverTime: DateTime,
  /** End of the current phase (ISO), null once archived. */
  phaseEndsAt: nullable(DateTime),
  /** When the next step happens (end of phase, or the next one-day extension check). */
  nextStepAt: nullable(DateTime),
});
export type Countdown = Static<typeof CountdownSchema>;

const cycleFields = {
  ...CountdownSchema.properties,
  id: Id,
  /** Sequential number shown to people ("Decision 4"). */
  number: Type.Integer(),
  phase: Phase,
  phaseStartedAt: DateTime,
  /** Days the proposals phase was extended because the start rule was not met. */
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
export type CycleSummary = Static<typeof CycleSummarySchema>;

/** GET /api/decisions: the current cycles (one per phase) and the latest archived ones, newest first. */
export const CycleListSchema = Type.Object({ cycles: Type.Array(CycleSummarySchema) });
export type CycleList = Static<typeof CycleListSchema>;

const StartRuleCounts = Type.Object({ verifiedUsers: Type.Integer(), proposals: Type.Integer() });
/** GET /api/decisions/start-rule: progress towards the start rule of the cycle open for proposals. */
export const StartRuleStatusSchema = Type.Object({
  registeredUsers: Type.Integer(),
  progress: StartRuleCounts,
  required: StartRuleCounts,
  missing: StartRuleCounts,
  met: Type.Boolean(),
});
export type StartRuleStatus = Static<typeof StartRuleStatusSchema>;

export const VoteCountsSchema = Type.Object({
  for: Type.Integer(),
  against: Type.Integer(),
  neutral: Type.Integer(),
  blank: Type.Integer(),
  /** for - against (docs/product.md#vote-on-proposals). */
  score: Type.Integer(),
});
export type VoteCounts = Static<typeof VoteCountsSchema>;

export const proposalStates = ['submitted', 'in-vote', 'selected', 'second-chance', 'rejected', 'deleted'] as const;
export type ProposalState = (typeof proposalStates)[number];
const State = literals(proposalStates);

/** GET /api/proposals/quota: when the member may propose again, told before they fill the form. */
export const ProposalQuotaSchema = Type.Object({
  lastProposalAt: nullable(DateTime),
  /** null when the member may propose now (as far as their own quota goes). */
  nextProposalAt: nullable(DateTime),
  /** The cycle open for proposals holds its maximum: nobody proposes until the next cycle. */
  cycleFull: Type.Boolean(),
});
export type ProposalQuota = Static<typeof ProposalQuotaSchema>;

/**
 * What the caller may do with a proposal now, each flag decided by the rule its action applies
 * (docs/product.md#roles-and-permissions): a screen shows an action only when its flag is true, and
 * never decides it itself. True means the action passes authorization now; its input, the member's
 * quota and the cycle open for proposals are still checked when it happens. A visitor gets every flag
 * false: a screen that invites a visitor to log in to act (signal, vote) does so on its own.
 */
export const ProposalMaySchema = Type.Object({
  /** PUT /api/proposals/{id}: its author while submitted or second-chance, a moderator once signalled. */
  edit: Type.Boolean(),
  /** DELETE /api/proposals/{id}: its author unless selected, a moderator once signalled. */
  remove: Type.Boolean(),
  /** POST /api/proposals/{id}/resubmit: its author, rejected or withdrawn by themselves, verified and not suspended. */
  resubmit: Type.Boolean(),
  /** POST /api/proposals/{id}/signal: any member but its author, while not signalled. */
  signal: Type.Boolean(),
  /** PUT /api/proposals/{id}/pin: moderators. */
  pin: Type.Boolean(),
  /** PUT and DELETE /api/proposals/{id}/vote: a verified member, not suspended, while it is in its vote. */
  vote: Type.Boolean(),
});
export type ProposalMay = Static<typeof ProposalMaySchema>;

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
  /** docs/product.md#signals: 0 not signalled, 1 signalled to the moderators. */
  moderationStatus: Flag,
  pin: Type.Boolean(),
  /** Deleted by a moderator: the author can no longer edit, delete or resubmit. */
  deletedByModerator: Type.Boolean(),
  counts: VoteCountsSchema,
  /** The caller's own vote, when logged in. */
  myVote: nullable(Choice),
  /** Rank after the vote closed (1 = best), else null. */
  rank: nullable(Type.Integer()),
  /** Carried over from an earlier cycle's vote with a second chance, until its vote in this cycle closes. */
  secondChance: Type.Boolean(),
  /** What the caller may do with it. */
  may: ProposalMaySchema,
});
export type Proposal = Static<typeof ProposalSchema>;
/** A proposal as anyone sees it: without a reader's permitted actions (the live updates carry these). */
export type PublicProposal = Omit<Proposal, 'may'>;

/** GET /api/decisions/{id}: the cycle with its visible proposals. */
export const CycleDetailSchema = Type.Object({ ...cycleFields, proposals: Type.Array(ProposalSchema) });
export type CycleDetail = Static<typeof CycleDetailSchema>;

/** POST and PUT /api/proposals: title and description not only spaces. */
export const ProposalInputSchema = Type.Object({ ...titleAndDescription, category: Category }, { additionalProperties: false });
export type ProposalInput = Static<typeof ProposalInputSchema>;

/**
 * PUT /api/proposals/{id}: the proposal, and why, required when a moderator edits
 * (docs/product.md#version-history); the author's own edit keeps no reason.
 */
export const ProposalEditInputSchema = Type.Object(
  { ...titleAndDescription, category: Category, reason: Type.Optional(EditReasonSchema) },
  { additionalProperties: false },
);
export type ProposalEditInput = Static<typeof ProposalEditInputSchema>;

/** GET /api/proposals query: by default the cycle open for proposals. */
export const ProposalQuerySchema = Type.Object(
  {
    cycleId: Type.Optional(Id),
    category: Type.Optional(Category),
    state: Type.Optional(State),
    /** Words searched in titles and descriptions, best match first (docs/product.md#search). */
    q: Type.Optional(Type.String({ minLength: SearchLimits.listQuery.min, maxLength: SearchLimits.listQuery.max })),
  },
  { additionalProperties: false },
);
export type ProposalQuery = Static<typeof ProposalQuerySchema>;

/** GET /api/proposals */
export const ProposalListSchema = Type.Object({ proposals: Type.Array(ProposalSchema), countdown: CountdownSchema });
export type ProposalList = Static<typeof ProposalListSchema>;

/** GET /api/decisions/voting-on-proposals */
export const VotingViewSchema = Type.Object({ cycle: nullable(CycleSummarySchema), proposals: Type.Array(ProposalSchema) });
export type VotingView = Static<typeof VotingViewSchema>;

/** PUT and DELETE /api/proposals/{id}/vote, and on articles */
export const VoteAnswerSchema = Type.Object({ counts: VoteCountsSchema, myVote: nullable(Choice) });
export type VoteAnswer = Static<typeof VoteAnswerSchema>;

/** A column of GET /api/kanban/proposals */
export const KanbanColumnSchema = Type.Object({ state: State, proposals: Type.Array(ProposalSchema) });
export type KanbanColumn = Static<typeof KanbanColumnSchema>;

/** GET /api/kanban/proposals */
export const ProposalKanbanSchema = Type.Object({ columns: Type.Array(KanbanColumnSchema) });
export type ProposalKanban = Static<typeof ProposalKanbanSchema>;

const Seconds = Type.Integer({ minimum: 1 });
const Count = Type.Integer({ minimum: 0 });
/** GET /api/decisions/settings: the numbers of the process as this deployment runs it (durations in seconds). */
export const DecisionSettingsSchema = Type.Object({
  phaseSeconds: Type.Object({ proposals: Seconds, voting: Seconds, creation: Seconds, finalVote: Seconds }),
  extensionSeconds: Seconds,
  startMinimums: Type.Object({ verifiedUsers: Count, proposals: Count }),
  selectedProposals: Count,
  secondChanceProposals: Count,
  creatorsPerLaw: Count,
  maxProposalsPerCycle: Count,
  proposalIntervalDays: Type.Number({ minimum: 0 }),
});
export type DecisionSettings = Static<typeof DecisionSettingsSchema>;

/**
 * PUT /api/decisions/phase-end body, test stacks only (DECISIONS_PHASE_CONTROL; not part of the API):
 * end the cycle's current phase now, so that a browser test need not wait out a phase.
 */
export const DecisionPhaseEndSchema = Type.Object({ cycleId: Id }, { additionalProperties: false });
export type DecisionPhaseEnd = Static<typeof DecisionPhaseEndSchema>;

export const DecisionsApi = {
  cycles: 'GET /api/decisions', // -> { cycles: CycleSummary[] } (current cycles, newest first) & Countdown fields per cycle
  cycle: 'GET /api/decisions/{id}', // -> CycleDetail
  startRule: 'GET /api/decisions/start-rule', // existing
  settings: 'GET /api/decisions/settings', // -> DecisionSettings (public)
  proposals: 'GET /api/proposals?cycleId&category&state', // -> { proposals: Proposal[], countdown: Countdown } (default: the cycle in the proposals phase)
  proposal: 'GET /api/proposals/{id}', // -> Proposal
  createProposal: 'POST /api/proposals', // ProposalInput -> 201 Proposal ('Only one proposal per user, come back later' 429, 'Too many proposals, come back later' 409 when the cycle is full, 'Suspension error' 403)
  proposalQuota: 'GET /api/proposals/quota', // members -> ProposalQuota
  editProposal: 'PUT /api/proposals/{id}', // ProposalInput -> Proposal (owner, or moderator when moderationStatus is 1)
  deleteProposal: 'DELETE /api/proposals/{id}', // -> 204 (owner, or moderator when moderationStatus is 1)
  resubmitProposal: 'POST /api/proposals/{id}/resubmit', // owner: a proposal not selected moves into the open proposals phase -> Proposal
  signalProposal: 'POST /api/proposals/{id}/signal', // any logged-in user but the author, when moderationStatus is 0 -> Proposal
  pinProposal: 'PUT /api/proposals/{id}/pin', // moderators: { pin: boolean } -> Proposal
  voting: 'GET /api/decisions/voting-on-proposals', // -> { cycle: CycleSummary | null, proposals: Proposal[] } (the cycle in the voting phase; after close, ranks)
  vote: 'PUT /api/proposals/{id}/vote', // { vote: 'for'|'against'|'neutral'|'blank' } -> { counts: VoteCounts, myVote } (voting phase, verified, not suspended)
  deleteVote: 'DELETE /api/proposals/{id}/vote', // -> { counts: VoteCounts, myVote: null }
  kanbanProposals: 'GET /api/kanban/proposals', // -> { columns: { state: ProposalState, proposals: Proposal[] }[] }
  openApi: 'GET /api/decisions/openapi.json',
} as const;

// --- Laws: creation, final vote, archive (issue 5) --------------------------------------------------

/** creation -> final-vote -> adopted | rejected (the archive). */
export const lawStates = ['creation', 'final-vote', 'adopted', 'rejected'] as const;
export type LawState = (typeof lawStates)[number];
const LawStateSchema = literals(lawStates);

export const AMENDMENT_TITLE_MAX = 256;
export const GROUP_NAME_MAX = 120;

/** `{id, groupId}` in the path: a group of a law. */
export const LawGroupParamsSchema = Type.Object({ id: Id, groupId: Id });
export type LawGroupParams = Static<typeof LawGroupParamsSchema>;

/** `{id, articleId}` in the path: an article or amendment of a law. */
export const LawArticleParamsSchema = Type.Object({ id: Id, articleId: Id });
export type LawArticleParams = Static<typeof LawArticleParamsSchema>;

/** `?lang`: the reader's language of APA references and PDFs (else the locale cookie or Accept-Language). */
export const LawLangQuerySchema = Type.Object({ lang: Type.Optional(Type.Enum(['en', 'fr'])) }, { additionalProperties: false });
export type LawLangQuery = Static<typeof LawLangQuerySchema>;

/**
 * GET /api/laws query: search by title (q) and category, filter by state or cycle; `before` is the
 * previous page's `nextBefore`, to read the laws after it in the same order.
 */
export const LawQuerySchema = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 256 })),
    category: Type.Optional(Category),
    state: Type.Optional(LawStateSchema),
    cycleId: Type.Optional(Id),
    before: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type LawQuery = Static<typeof LawQuerySchema>;

/** PUT /api/laws/{id}: title and description not only spaces; `reason` required from a scribe or moderator (docs/product.md#version-history). */
export const LawInputSchema = Type.Object({ ...titleAndDescription, reason: Type.Optional(EditReasonSchema) }, { additionalProperties: false });
export type LawInput = Static<typeof LawInputSchema>;

/** POST /api/laws/{id}/groups and PUT .../groups/{groupId}. */
export const LawGroupInputSchema = Type.Object({ name: Type.String({ minLength: 1, maxLength: GROUP_NAME_MAX, pattern: '\\S' }) }, { additionalProperties: false });
export type LawGroupInput = Static<typeof LawGroupInputSchema>;

/** POST .../groups/{groupId}/move. */
export const LawGroupMoveInputSchema = Type.Object({ direction: Direction }, { additionalProperties: false });
export type LawGroupMoveInput = Static<typeof LawGroupMoveInputSchema>;

/** POST .../articles/{articleId}/move: up or down inside its group, or into another group (null for none). */
export const ArticleMoveInputSchema = Type.Object(
  { direction: Type.Optional(Direction), groupId: Type.Optional(nullable(Id)) },
  { additionalProperties: false, minProperties: 1 },
);
export type ArticleMoveInput = Static<typeof ArticleMoveInputSchema>;

const ArticleBody = Type.String({ minLength: 1, maxLength: ARTICLE_BODY_MAX, pattern: '\\S' });

/** POST /api/laws/{id}/articles. */
export const ArticleInputSchema = Type.Object({ body: ArticleBody, groupId: Type.Optional(nullable(Id)) }, { additionalProperties: false });
export type ArticleInput = Static<typeof ArticleInputSchema>;

/**
 * POST .../articles/{articleId}/amendments, and PUT .../articles/{articleId} (an article ignores the
 * title; an edit by a scribe or moderator needs `reason`, docs/product.md#version-history).
 */
export const AmendmentInputSchema = Type.Object(
  { title: Type.Optional(nullable(Type.String({ maxLength: AMENDMENT_TITLE_MAX }))), body: ArticleBody, reason: Type.Optional(EditReasonSchema) },
  { additionalProperties: false },
);
export type AmendmentInput = Static<typeof AmendmentInputSchema>;

/**
 * PUT .../articles/{articleId}: an amendment's input, and the text the editor started from
 * (`baseBody`, and `baseTitle` for an amendment). When another save changed the text in between, the
 * edit is refused (409 editConflict) with the saved text, so nobody's words are overwritten unseen.
 * The words themselves are compared, not a time: two saves in one millisecond still conflict. Without
 * a base the save wins (an older client).
 */
export const ArticleEditInputSchema = Type.Object(
  {
    ...AmendmentInputSchema.properties,
    baseBody: Type.Optional(Type.String({ maxLength: ARTICLE_BODY_MAX })),
    baseTitle: Type.Optional(nullable(Type.String({ maxLength: AMENDMENT_TITLE_MAX }))),
  },
  { additionalProperties: false },
);
export type ArticleEditInput = Static<typeof ArticleEditInputSchema>;
/** The `data` of a 409 editConflict: the version saved meanwhile. */
export interface EditConflictData {
  reason: 'edit-conflict';
  current: { title: string | null; body: string };
}

/** POST .../signal on a law or an article: to the moderators, or by its author to the scribes. */
export const LawSignalInputSchema = Type.Object({ to: Type.Enum(['moderator', 'scribe']) }, { additionalProperties: false });
export type LawSignalInput = Static<typeof LawSignalInputSchema>;

export const CreatorSchema = Type.Object({ userId: Id, userName: Type.String() });
export type Creator = Static<typeof CreatorSchema>;

const SourceTargetKindSchema = Type.Enum(['law', 'article']);
export type SourceTargetKind = Static<typeof SourceTargetKindSchema>;

/** The fields of a reference (docs/product.md#content-and-fields); type 1-6, frequency 1-5. */
const SourceFieldsSchema = Type.Object({
  type: Type.Integer(),
  title: NullableText,
  author: NullableText,
  publisher: NullableText,
  /** YYYY, YYYY-MM or YYYY-MM-DD */
  publicationDate: NullableText,
  url: NullableText,
  /** YYYY-MM-DD */
  accessDate: NullableText,
  volume: NullableText,
  issue: NullableText,
  /** 55 or 55-75 */
  pages: NullableText,
  periodicalTitle: NullableText,
  articleTitle: NullableText,
  director: NullableText,
  productionCompany: NullableText,
  releaseYear: nullable(Type.Integer()),
  description: NullableText,
  frequency: nullable(Type.Integer()),
});
type SourceFieldName = keyof typeof SourceFieldsSchema.properties;
/** The names of a reference's fields, in the order the service names their problems. */
export const sourceFieldNames = Object.keys(SourceFieldsSchema.properties) as SourceFieldName[];

/** Sent fields arrive loosely typed so that the answer names the form message of each wrong field (SourceFieldProblem). */
const LooseField = Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Null()]));
const sourceInputFields = Object.fromEntries(sourceFieldNames.map((name) => [name, LooseField])) as Record<SourceFieldName, typeof LooseField>;

/** PUT /api/sources/{id}: the fields of the reference. */
export const SourceInputSchema = Type.Object(sourceInputFields, { additionalProperties: false });
export type SourceInput = Static<typeof SourceInputSchema>;

/** POST /api/sources: the fields and what the source is attached to. */
export const SourceCreateInputSchema = Type.Object({ ...sourceInputFields, targetKind: SourceTargetKindSchema, targetId: Id }, { additionalProperties: false });
export type SourceCreateInput = Static<typeof SourceCreateInputSchema>;

/** A validation problem of a source field: `message` is one of the form messages of docs/product.md#form-rules. */
export const SourceFieldProblemSchema = Type.Object({
  field: literals(sourceFieldNames),
  message: Type.Enum(['required', 'invalidUrl', 'invalidDate', 'invalidNumber', 'invalidType', 'invalidPagesFormat', 'maxLength']),
  max: Type.Optional(Type.Integer()),
});
export type SourceFieldProblem = Static<typeof SourceFieldProblemSchema>;

export const ApaTextSchema = Type.Object({ text: Type.String(), parts: Type.Array(Type.Object({ text: Type.String(), italic: Type.Boolean() })) });
export type ApaText = Static<typeof ApaTextSchema>;

/**
 * What the caller may do with a source now, as ProposalMaySchema says of a proposal (a visitor: all
 * false; the fields are still checked when it happens).
 */
export const SourceMaySchema = Type.Object({
  /** PUT /api/sources/{id}: a moderator while its law is not archived, or whoever may edit the item it is attached to. */
  edit: Type.Boolean(),
  /** DELETE /api/sources/{id}: as edit. */
  remove: Type.Boolean(),
  /** PUT /api/sources/{id}/pin: moderators. */
  pin: Type.Boolean(),
});
export type SourceMay = Static<typeof SourceMaySchema>;

/** GET /api/sources/{id}: a reference with every field (null when not given). */
export const SourceSchema = Type.Object({
  id: Id,
  lawId: Id,
  targetKind: SourceTargetKindSchema,
  targetId: Id,
  userId: Id,
  userName: Type.String(),
  pin: Type.Boolean(),
  ...SourceFieldsSchema.properties,
  /** APA 7 in the reader's language (lang query or Accept-Language). */
  apa: ApaTextSchema,
  createdAt: DateTime,
  updatedAt: DateTime,
  /** What the caller may do with it. */
  may: SourceMaySchema,
});
export type Source = Static<typeof SourceSchema>;

export const ArticleResultSchema = Type.Object({
  /** This text won: the article kept, or the amendment that replaced it. */
  winner: Type.Boolean(),
  /** Adopted (for > against) — set on the winning text. */
  adopted: Type.Boolean(),
});
export type ArticleResult = Static<typeof ArticleResultSchema>;

/**
 * What the caller may do with an article or an amendment now, as ProposalMaySchema says of a
 * proposal (a visitor: all false; the input is still checked when it happens).
 */
export const ArticleMaySchema = Type.Object({
  /** PUT .../articles/{articleId}: its author, a moderator once signalled, a scribe once signalled to the scribes; during creation. */
  edit: Type.Boolean(),
  /**
   * Live co-drafting of its text (docs/co-drafting.md, `draft:join` on the page's socket): the law's
   * creators, verified and not suspended, while the law is in creation. The page offers live editing
   * to them and the reasoned edit (`edit`) to scribes and moderators.
   */
  liveEdit: Type.Boolean(),
  /** DELETE .../articles/{articleId}: its author during creation, a moderator once signalled (creation or final vote). */
  remove: Type.Boolean(),
  /** POST .../articles/{articleId}/amendments: the law's creators during creation, on an article (never on an amendment). */
  amend: Type.Boolean(),
  /** POST .../articles/{articleId}/move: the law's creators during creation, an article (never an amendment). */
  move: Type.Boolean(),
  /** POST /api/sources naming it: whoever may edit it. */
  addSource: Type.Boolean(),
  /** POST .../articles/{articleId}/signal `{ to: 'moderator' }`: any member but its author, while not signalled; not once archived. */
  signalModerator: Type.Boolean(),
  /** POST .../articles/{articleId}/signal `{ to: 'scribe' }`: its author who is not a scribe, while not signalled to the scribes; not once archived. */
  signalScribe: Type.Boolean(),
  /** PUT .../articles/{articleId}/pin: moderators. */
  pin: Type.Boolean(),
  /** PUT and DELETE .../articles/{articleId}/vote: a verified member, not suspended, during the law's final vote. */
  vote: Type.Boolean(),
});
export type ArticleMay = Static<typeof ArticleMaySchema>;

const ArticleFieldsSchema = Type.Object({
  id: Id,
  lawId: Id,
  kind: Type.Enum(['article', 'amendment']),
  groupId: nullable(Id),
  /** The article an amendment changes; null for an article. */
  parentId: nullable(Id),
  /** Optional title of an amendment; null for articles. */
  title: NullableText,
  body: Type.String(),
  position: Type.Integer(),
  userId: Id,
  userName: Type.String(),
  moderationStatus: Flag,
  scribeStatus: Flag,
  pin: Type.Boolean(),
  counts: VoteCountsSchema,
  myVote: nullable(Choice),
  /** Once the final vote ended. */
  result: nullable(ArticleResultSchema),
  sources: Type.Array(SourceSchema),
  createdAt: DateTime,
  updatedAt: DateTime,
  /** What the caller may do with it. */
  may: ArticleMaySchema,
});
/** An amendment inside its article: an article's fields; its own list of amendments is always empty. */
const AmendmentSchema = Type.Object({ ...ArticleFieldsSchema.properties, amendments: Type.Array(Type.Object({})) });
/** GET /api/laws/{id}/articles/{articleId}: an article with its amendments, or one amendment. */
export const ArticleSchema = Type.Object({ ...ArticleFieldsSchema.properties, amendments: Type.Array(AmendmentSchema) });
/** ArticleSchema's type, with amendments typed as articles (an amendment's own list is empty). */
export type Article = Static<typeof ArticleFieldsSchema> & {
  /** The amendments of an article (empty for an amendment). */
  amendments: Article[];
};

export const LawGroupSchema = Type.Object({ id: Id, name: Type.String(), position: Type.Integer() });
export type LawGroup = Static<typeof LawGroupSchema>;

/**
 * What the caller may do with a law now, as ProposalMaySchema says of a proposal (a visitor: all
 * false; the input is still checked when it happens). Its articles and amendments carry their own.
 */
export const LawMaySchema = Type.Object({
  /** PUT /api/laws/{id}: its author, a moderator once signalled, a scribe once signalled to the scribes; during creation. */
  edit: Type.Boolean(),
  /** DELETE /api/laws/{id}: its author during creation, a moderator once signalled (creation or final vote). */
  remove: Type.Boolean(),
  /**
   * Drafting: POST .../groups, PUT, DELETE and POST .../move of a group, POST .../articles (and the
   * amendments and moves its articles' `amend` and `move` say): the law's creators during creation,
   * verified and not suspended.
   */
  draft: Type.Boolean(),
  /** POST /api/sources naming the law: whoever may edit it, and its creators during creation. */
  addSource: Type.Boolean(),
  /** POST /api/laws/{id}/signal `{ to: 'moderator' }`: any member but its author, while not signalled; not once archived. */
  signalModerator: Type.Boolean(),
  /** POST /api/laws/{id}/signal `{ to: 'scribe' }`: its author who is not a scribe, while not signalled to the scribes; not once archived. */
  signalScribe: Type.Boolean(),
  /** PUT /api/laws/{id}/pin: moderators. */
  pin: Type.Boolean(),
});
export type LawMay = Static<typeof LawMaySchema>;

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
  /** Visible articles (amendments not counted). */
  articleCount: Type.Integer(),
  /** Distinct voters of the final vote (live during it). */
  voters: Type.Integer(),
  createdAt: DateTime,
  updatedAt: DateTime,
  archivedAt: nullable(DateTime),
  /** Countdown fields of the law's cycle. */
  serverTime: DateTime,
  phaseEndsAt: nullable(DateTime),
  /** What the caller may do with it. */
  may: LawMaySchema,
};
export const LawSummarySchema = Type.Object(lawFields);
export type LawSummary = Static<typeof LawSummarySchema>;

/** GET /api/laws/{id}: articles in final-text order (ungrouped first, then groups in order). */
export const LawDetailSchema = Type.Object({
  ...lawFields,
  articles: Type.Array(ArticleSchema),
  groups: Type.Array(LawGroupSchema),
  sources: Type.Array(SourceSchema),
  /** The seal of its texts at the close of the final vote (docs/text-chain.md#seal), null before. */
  seal: nullable(LawSealSchema),
});
/** LawDetailSchema's type, with its articles typed as Article. */
export type LawDetail = Omit<Static<typeof LawDetailSchema>, 'articles'> & { articles: Article[] };

/** GET /api/laws/{id}/draw: everything needed to recompute the creators. */
export const CreatorsDrawSchema = Type.Object({
  lawId: Id,
  cycleId: Id,
  algorithm: Type.String(),
  seed: Type.String(),
  perLaw: Type.Integer(),
  eligible: Type.Array(Id),
  creators: Type.Array(CreatorSchema),
  drawnAt: DateTime,
});
export type CreatorsDraw = Static<typeof CreatorsDrawSchema>;

/** GET /api/laws: one page; `nextBefore` reads the next one, null after the last. */
export const LawListSchema = Type.Object({ laws: Type.Array(LawSummarySchema), nextBefore: nullable(Id) });
export type LawList = Static<typeof LawListSchema>;

/** GET /api/kanban/laws */
export const LawKanbanSchema = Type.Object({ columns: Type.Array(Type.Object({ state: LawStateSchema, laws: Type.Array(LawSummarySchema) })) });
export type LawKanban = Static<typeof LawKanbanSchema>;

/** GET /api/laws/{id}/open-data: a JSON document of its own (the final text with every count), served as built. */
export const LawOpenDataSchema = Type.Object({}, { additionalProperties: true });

export const LawsApi = {
  laws: 'GET /api/laws?q&category&state&cycleId', // -> LawList (archive search by title and category)
  law: 'GET /api/laws/{id}?lang', // -> LawDetail
  draw: 'GET /api/laws/{id}/draw', // -> CreatorsDraw
  pdf: 'GET /api/laws/{id}/pdf?lang', // -> application/pdf (archived laws)
  openData: 'GET /api/laws/{id}/open-data', // -> JSON with vote counts
  editLaw: 'PUT /api/laws/{id}', // { title, description }
  deleteLaw: 'DELETE /api/laws/{id}',
  signalLaw: 'POST /api/laws/{id}/signal', // { to: 'moderator' | 'scribe' }
  pinLaw: 'PUT /api/laws/{id}/pin', // { pin }
  addGroup: 'POST /api/laws/{id}/groups', // { name } -> LawDetail
  renameGroup: 'PUT /api/laws/{id}/groups/{groupId}', // { name } -> LawDetail
  deleteGroup: 'DELETE /api/laws/{id}/groups/{groupId}', // -> LawDetail (its articles become ungrouped)
  moveGroup: 'POST /api/laws/{id}/groups/{groupId}/move', // { direction: 'up' | 'down' } -> LawDetail
  addArticle: 'POST /api/laws/{id}/articles', // { body, groupId? } -> 201 Article
  addAmendment: 'POST /api/laws/{id}/articles/{articleId}/amendments', // { title?, body } -> 201 Article
  editArticle: 'PUT /api/laws/{id}/articles/{articleId}', // { title?, body } -> Article
  deleteArticle: 'DELETE /api/laws/{id}/articles/{articleId}', // -> 204
  moveArticle: 'POST /api/laws/{id}/articles/{articleId}/move', // { direction?: 'up'|'down', groupId?: uuid|null } -> LawDetail
  signalArticle: 'POST /api/laws/{id}/articles/{articleId}/signal', // { to } -> Article
  pinArticle: 'PUT /api/laws/{id}/articles/{articleId}/pin', // { pin } -> Article
  voteArticle: 'PUT /api/laws/{id}/articles/{articleId}/vote', // { vote } -> VoteAnswer
  deleteArticleVote: 'DELETE /api/laws/{id}/articles/{articleId}/vote', // -> VoteAnswer
  addSource: 'POST /api/sources', // { targetKind, targetId, ...SourceInput } -> 201 Source; 400 data.problems: SourceFieldProblem[]
  source: 'GET /api/sources/{id}?lang', // -> Source
  editSource: 'PUT /api/sources/{id}', // SourceInput -> Source
  deleteSource: 'DELETE /api/sources/{id}', // -> 204
  pinSource: 'PUT /api/sources/{id}/pin', // { pin } (moderators) -> Source
  kanbanLaws: 'GET /api/kanban/laws', // -> { columns: { state: LawState, laws: LawSummary[] }[] }
} as const;
