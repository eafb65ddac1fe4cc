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
  /** for - against (ARCHITECTURE section 8). */
  score: number;
}

export type ProposalState = 'submitted' | 'in-vote' | 'selected' | 'second-chance' | 'rejected' | 'deleted';

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
  /** SPEC section 4: 0 not signalled, 1 signalled to the moderators. */
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

export const DecisionsApi = {
  cycles: 'GET /api/decisions', // -> { cycles: CycleSummary[] } (current cycles, newest first) & Countdown fields per cycle
  cycle: 'GET /api/decisions/{id}', // -> CycleDetail
  startRule: 'GET /api/decisions/start-rule', // existing
  proposals: 'GET /api/proposals?cycleId&category&state', // -> { proposals: Proposal[], countdown: Countdown } (default: the cycle in the proposals phase)
  proposal: 'GET /api/proposals/{id}', // -> Proposal
  createProposal: 'POST /api/proposals', // ProposalInput -> 201 Proposal ('Only one proposal per user, come back later' 429, 'Maximum number of proposals reached' 409, 'Suspension error' 403)
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
