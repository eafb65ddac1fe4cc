import {
  candidateDateField,
  type CandidateTo,
  type CandidateView,
  type CandidateVote,
  type ElectedOfficials,
  type ElectionDetail,
  type ElectionList,
  type ElectionSchedule,
  type SessionUser,
} from '@civic/contracts';
import { apiRequest } from '@civic/frontend-kit/api-client';
import { candidacyFailure, isElectionId, notFoundError, noUserError } from '../rules.js';

/** The calls of the elections screens (docs/product.md#calls, packages/contracts/src/elections.ts). */
export const electionsApi = {
  candidates: (role: CandidateTo, signal?: AbortSignal) => apiRequest<CandidateView[]>('GET', `/api/candidates/${role}`, { signal }),
  votesOf: (userId: string, signal?: AbortSignal) => apiRequest<CandidateVote[]>('GET', `/api/candidates/votes/${encodeURIComponent(userId)}`, { signal }),
  vote: (input: { vote: 1 | -1; candidateId: string; userId: string; candidateTo: CandidateTo }) => apiRequest<CandidateVote[]>('POST', '/api/candidates/votes', { body: input }),
  deleteVote: (input: { candidateId: string; userId: string; candidateTo: CandidateTo }) => apiRequest<CandidateVote[]>('DELETE', '/api/candidates/votes', { body: input }),
  elections: (signal?: AbortSignal) => apiRequest<ElectionList>('GET', '/api/elections', { signal }),
  /** An id that cannot be one is not found without asking (however long it is). */
  election: (id: string, signal?: AbortSignal) =>
    isElectionId(id) ? apiRequest<ElectionDetail>('GET', `/api/elections/${encodeURIComponent(id)}`, { signal }) : Promise.reject(notFoundError()),
  elected: (signal?: AbortSignal) => apiRequest<ElectedOfficials>('GET', '/api/elections/elected', { signal }),
  next: (signal?: AbortSignal) => apiRequest<ElectionSchedule>('GET', '/api/elections/next', { signal }),
  /**
   * Stand (the month's first day) or withdraw (null) through identity's PUT /api/users/{id}. Without a
   * user (none known, or the session is gone) it fails with 'No user' (docs/product.md#user-scoped-routes).
   */
  setCandidacy: (user: SessionUser | null | undefined, role: CandidateTo, date: string | null): Promise<SessionUser> =>
    user
      ? apiRequest<SessionUser>('PUT', `/api/users/${encodeURIComponent(user.id)}`, { body: { [candidateDateField[role]]: date } }).catch((error: unknown) => {
          throw candidacyFailure(error);
        })
      : Promise.reject(noUserError()),
};
