/** The decisions and elections reads the member's to-do page is made of (through the gateway). */
import {
  CandidateTo,
  type Candidate,
  type CandidateVote,
  type ElectedOfficials,
  type ElectionSchedule,
  type LawDetail,
  type LawList,
  type VotingView,
} from '@civic/contracts';
import { apiRequest } from '@civic/frontend-kit/api-client';

const get = <T>(path: string, signal?: AbortSignal) => apiRequest<T>('GET', path, { signal });

export const todoApi = {
  votingOnProposals: (signal?: AbortSignal) => get<VotingView>('/api/decisions/voting-on-proposals', signal),
  laws: (state: 'creation' | 'final-vote', signal?: AbortSignal) => get<LawList>(`/api/laws?state=${state}`, signal),
  law: (id: string, signal?: AbortSignal) => get<LawDetail>(`/api/laws/${encodeURIComponent(id)}`, signal),
  candidates: (role: CandidateTo, signal?: AbortSignal) => get<Candidate[]>(`/api/candidates/${role}`, signal),
  votesOf: (userId: string, signal?: AbortSignal) => get<CandidateVote[]>(`/api/candidates/votes/${encodeURIComponent(userId)}`, signal),
  electionSchedule: (signal?: AbortSignal) => get<ElectionSchedule>('/api/elections/next', signal),
  elected: (signal?: AbortSignal) => get<ElectedOfficials>('/api/elections/elected', signal),
};

export const electionRoles = [CandidateTo.Moderator, CandidateTo.Scribe, CandidateTo.GreatWise] as const;
