import {
  candidateDateField,
  type Candidate,
  type CandidateTo,
  type CandidateVote,
  type ElectedOfficials,
  type ElectionDetail,
  type ElectionList,
  type ElectionSchedule,
  type SessionUser,
} from '@civic/contracts';
import { api } from '@civic/frontend-kit/api-client';
import { candidacyFailure, isElectionId, notFoundError, noUserError } from '../rules.js';

/** The calls of the elections screens (docs/product.md#calls, packages/contracts/src/elections.ts). */
export const electionsApi = {
  candidates: (role: CandidateTo, signal?: AbortSignal) => api<Candidate[]>('GET', `/api/candidates/${role}`, undefined, signal),
  votesOf: (userId: string, signal?: AbortSignal) => api<CandidateVote[]>('GET', `/api/candidates/votes/${encodeURIComponent(userId)}`, undefined, signal),
  vote: (input: { vote: 1 | -1; candidateId: string; userId: string; candidateTo: CandidateTo }) => api<CandidateVote[]>('POST', '/api/candidates/votes', input),
  deleteVote: (input: { candidateId: string; userId: string; candidateTo: CandidateTo }) => api<CandidateVote[]>('DELETE', '/api/candidates/votes', input),
  elections: (signal?: AbortSignal) => api<ElectionList>('GET', '/api/elections', undefined, signal),
  /** An id that cannot be one is not found without asking (however long it is). */
  election: (id: string, signal?: AbortSignal) =>
    isElectionId(id) ? api<ElectionDetail>('GET', `/api/elections/${encodeURIComponent(id)}`, undefined, signal) : Promise.reject(notFoundError()),
  elected: (signal?: AbortSignal) => api<ElectedOfficials>('GET', '/api/elections/elected', undefined, signal),
  next: (signal?: AbortSignal) => api<ElectionSchedule>('GET', '/api/elections/next', undefined, signal),
  /**
   * Stand (the month's first day) or withdraw (null) through identity's PUT /api/users/{id}. Without a
   * user (none known, or the session is gone) it fails with 'No user' (docs/product.md#user-scoped-routes).
   */
  setCandidacy: (user: SessionUser | null | undefined, role: CandidateTo, date: string | null): Promise<SessionUser> =>
    user
      ? api<SessionUser>('PUT', `/api/users/${encodeURIComponent(user.id)}`, { [candidateDateField[role]]: date }).catch((error: unknown) => {
          throw candidacyFailure(error);
        })
      : Promise.reject(noUserError()),
};
