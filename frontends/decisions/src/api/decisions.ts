/** The calls of DecisionsApi (packages/contracts/src/decisions.ts), typed by its answers. */
import type {
  CycleDetail,
  CycleSummary,
  KanbanColumn,
  Proposal,
  ProposalCategory,
  ProposalInput,
  ProposalList,
  ProposalState,
  VoteAnswer,
  VoteChoice,
  VotingView,
} from '@civic/contracts';
import { api } from '@civic/frontend-kit/api-client';

const id = (value: string) => encodeURIComponent(value);

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const decisionsApi = {
  cycles: (signal?: AbortSignal) => api<{ cycles: CycleSummary[] }>('GET', '/api/decisions', undefined, signal),
  cycle: (cycleId: string, signal?: AbortSignal) => api<CycleDetail>('GET', `/api/decisions/${id(cycleId)}`, undefined, signal),
  proposals: (filter: { cycleId?: string; category?: ProposalCategory; state?: ProposalState }, signal?: AbortSignal) =>
    api<ProposalList>('GET', `/api/proposals${query(filter)}`, undefined, signal),
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
