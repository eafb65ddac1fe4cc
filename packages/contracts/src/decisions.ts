/**
 * HTTP contract of the decisions service for cycles, proposals and the vote on proposals, shared by
 * the service and the decisions screens. Paths are those the browser calls through the gateway.
 */
import type { DecisionPhase, ProposalCategory, VoteChoice } from './index.js';

/** Every read of a cycle carries the server's clock so the browser shows exact countdowns. */
export interface Countdown {
  serverTime: string;
  /** End of the current phase (ISO), null once archived. */
  phaseEndsAt: string | null;
  /** When the next step happens (end of phase, or the next one-day extension check). */
  nextStepAt: string | null;
}

export interface CycleSummary extends Countdown {
  id: string;
  /** Sequential number shown to people ("Decision 4"). */
  number: number;
  phase: DecisionPhase;
  phaseStartedAt: string;
  /** Days the proposals phase was extended because the start rule was not met. */
  extensions: number;
  proposals: number;
  startRule: { verifiedUsers: number; proposals: number; requiredUsers: number; requiredProposals: number; met: boolean };
}

export interface VoteCounts {
  for: number;
  against: number;
  neutral: number;
  blank: number;
  /** for - against (docs/product.md#vote-on-proposals). */
  score: number;
}

export type ProposalState = 'submitted' | 'in-vote' | 'selected' | 'second-chance' | 'rejected' | 'deleted';

/** GET /api/proposals/quota: when the member may propose again, and whether the open cycle is full. */
export interface ProposalQuota {
  lastProposalAt: string | null;
  /** null when the member may propose now. */
  nextProposalAt: string | null;
  cycleFull: boolean;
}

export interface Proposal {
  id: string;
  cycleId: string;
  title: string;
  description: string;
  category: ProposalCategory;
  state: ProposalState;
  userId: string;
  userName: string;
  createdAt: string;
  updatedAt: string;
  /** docs/product.md#signals: 0 not signalled, 1 signalled to the moderators. */
  moderationStatus: 0 | 1;
  pin: boolean;
  /** Deleted by a moderator: the author can no longer edit, delete or resubmit. */
  deletedByModerator: boolean;
  counts: VoteCounts;
  /** The caller's own vote, when logged in. */
  myVote: VoteChoice | null;
  /** Rank after the vote closed (1 = best), else null. */
  rank: number | null;
}

/** GET /api/decisions/{id}: the cycle with its visible proposals. */
export interface CycleDetail extends Omit<CycleSummary, 'proposals'> {
  proposals: Proposal[];
}

export interface ProposalInput {
  title: string;
  description: string;
  category: ProposalCategory;
}

/** GET /api/proposals */
export interface ProposalList {
  proposals: Proposal[];
  countdown: Countdown;
}

/** GET /api/decisions/voting-on-proposals */
export interface VotingView {
  cycle: CycleSummary | null;
  proposals: Proposal[];
}

/** PUT and DELETE /api/proposals/{id}/vote */
export interface VoteAnswer {
  counts: VoteCounts;
  myVote: VoteChoice | null;
}

/** GET /api/kanban/proposals */
export interface KanbanColumn {
  state: ProposalState;
  proposals: Proposal[];
}

/** GET /api/decisions/settings: the numbers of the process as this deployment runs it (durations in seconds). */
export interface DecisionSettings {
  phaseSeconds: { proposals: number; voting: number; creation: number; finalVote: number };
  extensionSeconds: number;
  startMinimums: { verifiedUsers: number; proposals: number };
  selectedProposals: number;
  secondChanceProposals: number;
  creatorsPerLaw: number;
  maxProposalsPerCycle: number;
  proposalIntervalDays: number;
}

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

export interface Creator {
  userId: string;
  userName: string;
}

export type SourceTargetKind = 'law' | 'article';

/** The fields of a reference (docs/product.md#content-and-fields); type 1-6, frequency 1-5. */
export interface SourceInput {
  type: number;
  title?: string | null;
  author?: string | null;
  publisher?: string | null;
  /** YYYY, YYYY-MM or YYYY-MM-DD */
  publicationDate?: string | null;
  url?: string | null;
  /** YYYY-MM-DD */
  accessDate?: string | null;
  volume?: string | null;
  issue?: string | null;
  /** 55 or 55-75 */
  pages?: string | null;
  periodicalTitle?: string | null;
  articleTitle?: string | null;
  director?: string | null;
  productionCompany?: string | null;
  releaseYear?: number | null;
  description?: string | null;
  frequency?: number | null;
}

/** A validation problem of a source field: `message` is one of the form messages of docs/product.md#form-rules. */
export interface SourceFieldProblem {
  field: keyof SourceInput;
  message: 'required' | 'invalidUrl' | 'invalidDate' | 'invalidNumber' | 'invalidType' | 'invalidPagesFormat' | 'maxLength';
  max?: number;
}

export interface ApaText {
  text: string;
  parts: { text: string; italic: boolean }[];
}

export interface Source extends Required<SourceInput> {
  id: string;
  lawId: string;
  targetKind: SourceTargetKind;
  targetId: string;
  userId: string;
  userName: string;
  pin: boolean;
  /** APA 7 in the reader's language (lang query or Accept-Language). */
  apa: ApaText;
  createdAt: string;
  updatedAt: string;
}

export interface ArticleResult {
  /** This text won: the article kept, or the amendment that replaced it. */
  winner: boolean;
  /** Adopted (for > against) — set on the winning text. */
  adopted: boolean;
}

export interface Article {
  id: string;
  lawId: string;
  kind: 'article' | 'amendment';
  groupId: string | null;
  /** The article an amendment changes; null for an article. */
  parentId: string | null;
  /** Optional title of an amendment; null for articles. */
  title: string | null;
  body: string;
  position: number;
  userId: string;
  userName: string;
  moderationStatus: 0 | 1;
  scribeStatus: 0 | 1;
  pin: boolean;
  counts: VoteCounts;
  myVote: VoteChoice | null;
  /** Once the final vote ended. */
  result: ArticleResult | null;
  sources: Source[];
  createdAt: string;
  updatedAt: string;
  /** The amendments of an article (empty for an amendment). */
  amendments: Article[];
}

export interface LawGroup {
  id: string;
  name: string;
  position: number;
}

export interface LawSummary {
  id: string;
  cycleId: string;
  cycleNumber: number;
  title: string;
  description: string;
  category: ProposalCategory;
  state: LawState;
  userId: string;
  userName: string;
  rank: number;
  moderationStatus: 0 | 1;
  scribeStatus: 0 | 1;
  pin: boolean;
  creators: Creator[];
  /** Visible articles (amendments not counted). */
  articleCount: number;
  /** Distinct voters of the final vote (live during it). */
  voters: number;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
  /** Countdown fields of the law's cycle. */
  serverTime: string;
  phaseEndsAt: string | null;
}

/** GET /api/laws/{id}: articles in final-text order (ungrouped first, then groups in order). */
export interface LawDetail extends LawSummary {
  groups: LawGroup[];
  articles: Article[];
  sources: Source[];
}

/** GET /api/laws/{id}/draw: everything needed to recompute the creators. */
export interface CreatorsDraw {
  lawId: string;
  cycleId: string;
  algorithm: string;
  seed: string;
  perLaw: number;
  eligible: string[];
  creators: Creator[];
  drawnAt: string;
}

export interface LawList {
  laws: LawSummary[];
}

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
