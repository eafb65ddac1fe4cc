/**
 * HTTP contract of the elections service (docs/product.md#calls and #elections), shared by the
 * service and the elections screens. Paths are those the browser calls through the gateway.
 */
import type { CandidateTo } from './index.js';

/** The user fields a candidate carries (a candidate is id, totalVotes, plus user fields). */
export interface CandidateUser {
  id: string;
  userName: string;
  moderator: boolean;
  scribe: boolean;
  /** 'YYYY-MM-01' when standing this month for the role, else null. */
  moderatorCandidateDate: string | null;
  scribeCandidateDate: string | null;
  greatWiseCandidateDate: string | null;
}

/** GET /api/candidates/{type}: one candidate of this month's election for the role. */
export interface Candidate extends CandidateUser {
  candidateTo: CandidateTo;
  /** Sum of the +1 and -1 votes. */
  totalVotes: number;
  votesFor: number;
  votesAgainst: number;
  /** When the candidacy was made (ties go to the earlier one). */
  appliedAt: string;
}

/** A candidate vote (docs/product.md#elections); `vote` is +1 or -1. */
export interface CandidateVote {
  vote: 1 | -1;
  candidateId: string;
  userId: string;
  candidateTo: CandidateTo;
}

/** POST /api/candidates/votes body. Without userId or candidateTo nothing happens (answer []). */
export interface CandidateVoteInput {
  vote: 1 | -1;
  candidateId: string;
  userId: string;
  candidateTo: CandidateTo;
}

/** DELETE /api/candidates/votes body. */
export type CandidateVoteDeletion = Omit<CandidateVoteInput, 'vote'>;

/** When the next election closes, on the server's clock (for the countdown). */
export interface ElectionSchedule {
  serverTime: string;
  /** First day of the month whose candidacies and votes are open, 'YYYY-MM-01'. */
  candidacyMonth: string;
  /** When this month's election closes (the 1st of next month at the configured time, in the elections' time zone). */
  nextElectionAt: string;
  timeZone: string;
  /** Seats per role: the number of officials elected for each. */
  seats: { moderators: number; scribes: number; greatWises: number };
}

export interface ElectionSummary {
  id: string;
  /** Month of office, 'YYYY-MM' (the month that starts when the election closes). */
  month: string;
  /** The month whose candidacies and votes it tallied, 'YYYY-MM-01'. */
  candidacyMonth: string;
  scheduledAt: string;
  closedAt: string;
  /** Citizens who cast at least one vote. */
  voters: number;
  candidates: number;
  elected: { moderators: number; scribes: number; greatWises: number };
}

/** One candidate's figures in a closed election. */
export interface ElectionCandidateResult {
  userId: string;
  userName: string;
  totalVotes: number;
  votesFor: number;
  votesAgainst: number;
  /** 1 = best; ties go to the earlier candidacy. */
  rank: number;
  elected: boolean;
  appliedAt: string;
}

export interface ElectionRoleResult {
  candidateTo: CandidateTo;
  seats: number;
  candidates: ElectionCandidateResult[];
}

/** GET /api/elections/{id} */
export interface ElectionDetail extends ElectionSummary {
  roles: ElectionRoleResult[];
}

/** GET /api/elections */
export interface ElectionList {
  elections: ElectionSummary[];
  schedule: ElectionSchedule;
}

export interface Official {
  id: string;
  userName: string;
  totalVotes: number;
}

/** GET /api/elections/elected: the officials of the last closed election, by role. */
export interface ElectedOfficials {
  election: ElectionSummary | null;
  moderators: Official[];
  scribes: Official[];
  greatWises: Official[];
  schedule: ElectionSchedule;
}

export const ElectionsApi = {
  candidates: 'GET /api/candidates/{type}', // type 1, 2 or 3 -> Candidate[] (this month, best first)
  votesOf: 'GET /api/candidates/votes/{userId}', // the user themself -> CandidateVote[]
  vote: 'POST /api/candidates/votes', // CandidateVoteInput -> CandidateVote[] (the caller's votes); failure: statusMessage 'updateKO'
  deleteVote: 'DELETE /api/candidates/votes', // CandidateVoteDeletion -> CandidateVote[]; failure: 'updateKO'
  elections: 'GET /api/elections', // -> ElectionList (closed elections, newest first)
  next: 'GET /api/elections/next', // -> ElectionSchedule
  elected: 'GET /api/elections/elected', // -> ElectedOfficials
  election: 'GET /api/elections/{id}', // -> ElectionDetail
  openApi: 'GET /api/elections/openapi.json',
} as const;
