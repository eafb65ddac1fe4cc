/** The search calls of the decisions service (packages/contracts/src/proposal-search.ts). */
import type { ProposalList, SimilarAnswer } from '@civic/contracts';
import { apiRequest } from '@civic/frontend-kit/api-client';
import { query } from './paths.js';
import { readPaths } from './read-paths.js';

export const searchApi = {
  /** The proposals of the cycle open for proposals with these words (best match first) and in this category. */
  proposals: (filter: Parameters<typeof readPaths.proposals>[0], signal?: AbortSignal) => apiRequest<ProposalList>('GET', readPaths.proposals(filter), { signal }),
  /** Proposals of the current cycle and archived laws resembling `q`, without the proposal being edited. */
  similar: (q: string, exclude: string | undefined, signal?: AbortSignal) => apiRequest<SimilarAnswer>('GET', `/api/proposals/similar${query({ q, exclude })}`, { signal }),
};
