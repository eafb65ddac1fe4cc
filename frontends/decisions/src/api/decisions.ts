/** The calls of DecisionsApi (packages/contracts/src/decisions.ts), typed by its answers. */
import type {
  CycleDetail,
  CycleSummary,
  KanbanColumn,
  Proposal,
  ProposalCategory,
  ProposalInput,
  ProposalList,
  ProposalQuota,
  ProposalState,
  VoteAnswer,
  VoteChoice,
  VotingView,
} from '@civic/contracts';
import { apiRequest } from '@civic/frontend-kit/api-client';
import { isDecisionsId, notFoundError } from '../not-found.js';
import { id, query } from './paths.js';
import { readPaths } from './read-paths.js';

export const decisionsApi = {
  cycles: (signal?: AbortSignal) => apiRequest<{ cycles: CycleSummary[] }>('GET', readPaths.cycles, { signal }),
  /** By the id of the address: one that cannot be an id is refused here as the service refuses an unknown one (404). */
  cycle: (cycleId: string, signal?: AbortSignal) =>
    isDecisionsId(cycleId) ? apiRequest<CycleDetail>('GET', `/api/decisions/${id(cycleId)}`, { signal }) : Promise.reject(notFoundError()),
  proposals: (filter: { cycleId?: string; category?: ProposalCategory; state?: ProposalState }, signal?: AbortSignal) =>
    apiRequest<ProposalList>('GET', `/api/proposals${query(filter)}`, { signal }),
  quota: (signal?: AbortSignal) => apiRequest<ProposalQuota>('GET', '/api/proposals/quota', { signal }),
  create: (input: ProposalInput) => apiRequest<Proposal>('POST', '/api/proposals', { body: input }),
  edit: (proposalId: string, input: ProposalInput) => apiRequest<Proposal>('PUT', `/api/proposals/${id(proposalId)}`, { body: input }),
  remove: (proposalId: string) => apiRequest<void>('DELETE', `/api/proposals/${id(proposalId)}`),
  resubmit: (proposalId: string) => apiRequest<Proposal>('POST', `/api/proposals/${id(proposalId)}/resubmit`),
  signal: (proposalId: string) => apiRequest<Proposal>('POST', `/api/proposals/${id(proposalId)}/signal`),
  pin: (proposalId: string, pin: boolean) => apiRequest<Proposal>('PUT', `/api/proposals/${id(proposalId)}/pin`, { body: { pin } }),
  voting: (signal?: AbortSignal) => apiRequest<VotingView>('GET', '/api/decisions/voting-on-proposals', { signal }),
  vote: (proposalId: string, vote: VoteChoice) => apiRequest<VoteAnswer>('PUT', `/api/proposals/${id(proposalId)}/vote`, { body: { vote } }),
  deleteVote: (proposalId: string) => apiRequest<VoteAnswer>('DELETE', `/api/proposals/${id(proposalId)}/vote`),
  kanban: (signal?: AbortSignal) => apiRequest<{ columns: KanbanColumn[] }>('GET', '/api/kanban/proposals', { signal }),
};
