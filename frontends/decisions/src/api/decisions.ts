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
import { api } from '@civic/frontend-kit/api-client';
import { isDecisionsId, notFoundError } from '../rules.js';
import { id, query } from './paths.js';

export const decisionsApi = {
  cycles: (signal?: AbortSignal) => api<{ cycles: CycleSummary[] }>('GET', '/api/decisions', undefined, signal),
  /** By the id of the address: one that cannot be an id is refused here as the service refuses an unknown one (404). */
  cycle: (cycleId: string, signal?: AbortSignal) =>
    isDecisionsId(cycleId) ? api<CycleDetail>('GET', `/api/decisions/${id(cycleId)}`, undefined, signal) : Promise.reject(notFoundError()),
  proposals: (filter: { cycleId?: string; category?: ProposalCategory; state?: ProposalState }, signal?: AbortSignal) =>
    api<ProposalList>('GET', `/api/proposals${query(filter)}`, undefined, signal),
  quota: (signal?: AbortSignal) => api<ProposalQuota>('GET', '/api/proposals/quota', undefined, signal),
  create: (input: ProposalInput) => api<Proposal>('POST', '/api/proposals', input),
  edit: (proposalId: string, input: ProposalInput) => api<Proposal>('PUT', `/api/proposals/${id(proposalId)}`, input),
  remove: (proposalId: string) => api<void>('DELETE', `/api/proposals/${id(proposalId)}`),
  resubmit: (proposalId: string) => api<Proposal>('POST', `/api/proposals/${id(proposalId)}/resubmit`),
  signal: (proposalId: string) => api<Proposal>('POST', `/api/proposals/${id(proposalId)}/signal`),
  pin: (proposalId: string, pin: boolean) => api<Proposal>('PUT', `/api/proposals/${id(proposalId)}/pin`, { pin }),
  voting: (signal?: AbortSignal) => api<VotingView>('GET', '/api/decisions/voting-on-proposals', undefined, signal),
  vote: (proposalId: string, vote: VoteChoice) => api<VoteAnswer>('PUT', `/api/proposals/${id(proposalId)}/vote`, { vote }),
  deleteVote: (proposalId: string) => api<VoteAnswer>('DELETE', `/api/proposals/${id(proposalId)}/vote`),
  kanban: (signal?: AbortSignal) => api<{ columns: KanbanColumn[] }>('GET', '/api/kanban/proposals', undefined, signal),
};
