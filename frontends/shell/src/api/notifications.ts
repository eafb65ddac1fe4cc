/**
 * The notification calls (docs/product.md#calls, services/notifications), typed. An alert carries a
 * message key and parameters, which the shell words in the reader's language (notifications/wording.ts).
 */
import { Limits, type DigestUnsubscribed, type FollowList, type FollowPreferences, type FollowState } from '@civic/contracts';
import { apiRequest } from '@civic/frontend-kit/api-client';

export interface Alert {
  id: number;
  userId: string;
  messageKey: string;
  params: Record<string, string | number>;
  /** Shell route of the content concerned, or null. */
  link: string | null;
  viewed: 0 | 1;
  createdAt: string;
}

export interface PageRequest {
  /** Only alerts newer than this id (prepended). */
  getNewsAlertsFromId?: number;
  /** Only alerts older than this id (appended): the keyset cursor. */
  before?: number;
  offset?: number;
  limit?: number;
}

const base = '/api/users/notifications';
const enc = encodeURIComponent;

function query(request: PageRequest): string {
  const search = new URLSearchParams();
  search.set('offset', String(request.offset ?? 0));
  search.set('limit', String(request.limit ?? Limits.notificationPageSize));
  if (request.getNewsAlertsFromId !== undefined) search.set('getNewsAlertsFromId', String(request.getNewsAlertsFromId));
  if (request.before !== undefined) search.set('before', String(request.before));
  return search.toString();
}

export const notificationsApi = {
  list: (userId: string, request: PageRequest = {}, signal?: AbortSignal) =>
    apiRequest<Alert[]>('GET', `${base}/${enc(userId)}?${query(request)}`, { signal }),
  unread: (userId: string, signal?: AbortSignal) => apiRequest<{ count: number }>('GET', `${base}/unread/${enc(userId)}`, { signal }),
  markRead: (id: number) => apiRequest<Alert>('PUT', `${base}/${id}`),
  markAllRead: (userId: string) => apiRequest<{ updated: number; count: number }>('PUT', `${base}/mark-all-as-read/${enc(userId)}`),
  remove: (id: number) => apiRequest<undefined>('DELETE', `${base}/${id}`),
  streamPath: `${base}/stream`,
  /** What the member follows (docs/product.md#following), newest first. */
  follows: (signal?: AbortSignal) => apiRequest<FollowList>('GET', `${base}/follows`, { signal }),
  unfollow: (documentId: string) => apiRequest<FollowState>('DELETE', `${base}/follows/${enc(documentId)}`),
  preferences: (signal?: AbortSignal) => apiRequest<FollowPreferences>('GET', `${base}/preferences`, { signal }),
  savePreferences: (preferences: FollowPreferences) => apiRequest<FollowPreferences>('PUT', `${base}/preferences`, { body: preferences }),
  /** The digest mail's one-click link: no login, the token names the member. */
  unsubscribeDigest: (token: string) => apiRequest<DigestUnsubscribed>('POST', `${base}/digest/unsubscribe`, { body: { token } }),
};
