/** Following a proposal or a law (docs/product.md#following): the calls of the notifications service the remote needs. */
import type { FollowState } from '@civic/contracts';
import { apiRequest } from '@civic/frontend-kit/api-client';
import { id } from './paths.js';

const follows = '/api/users/notifications/follows';

export const followsApi = {
  /** Whether the session user follows the document (a visitor is refused: 401). */
  state: (documentId: string, signal?: AbortSignal) => apiRequest<FollowState>('GET', `${follows}/${id(documentId)}`, { signal }),
  follow: (documentId: string) => apiRequest<FollowState>('PUT', `${follows}/${id(documentId)}`),
  unfollow: (documentId: string) => apiRequest<FollowState>('DELETE', `${follows}/${id(documentId)}`),
};
