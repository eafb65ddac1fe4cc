/** Following a proposal or a law (docs/product.md#following): the calls of the notifications service the remote needs. */
import { followListMaxSize, type FollowList, type FollowState } from '@civic/contracts';
import { apiRequest } from '@civic/frontend-kit/api-client';
import { id } from './paths.js';

const follows = '/api/users/notifications/follows';

export const followsApi = {
  /** What the session user follows, newest first (at most followListMaxSize). */
  list: (signal?: AbortSignal) => apiRequest<FollowList>('GET', follows, { signal }),
  /** Whether the session user follows the document (a visitor is refused: 401). */
  state: (documentId: string, signal?: AbortSignal) => apiRequest<FollowState>('GET', `${follows}/${id(documentId)}`, { signal }),
  follow: (documentId: string) => apiRequest<FollowState>('PUT', `${follows}/${id(documentId)}`),
  unfollow: (documentId: string) => apiRequest<FollowState>('DELETE', `${follows}/${id(documentId)}`),
};

/**
 * How long the list of what a member follows answers the buttons before it is asked again: long
 * enough for the buttons a screen mounts together, short enough that a change made in the settings
 * shows on the next screen.
 */
export const FOLLOWED_LIST_MAX_AGE_MS = 5_000;

let followed: { userId: string; at: number; screen: string | undefined; ids: Promise<Set<string> | null> } | null = null;

/**
 * The ids the member follows, asked once for every Follow button of a screen (a board of 100
 * proposals makes one call, not 100); null when the list is full (the buttons ask one by one) or
 * could not be read. `screen` names the visit of a screen (the location's key): a card pushed later
 * to the same open screen (docs/live.md) reuses the list, however old, since this screen's own
 * buttons keep it in step; another screen asks again once the list is old.
 */
export function followedIds(userId: string, now = Date.now(), screen?: string): Promise<Set<string> | null> {
  const reusable = followed && followed.userId === userId && (now - followed.at <= FOLLOWED_LIST_MAX_AGE_MS || (screen !== undefined && followed.screen === screen));
  if (!followed || !reusable) {
    const ids = followsApi.list().then(
      (answer) => (answer.follows.length >= followListMaxSize ? null : new Set(answer.follows.map((follow) => follow.documentId))),
      () => null,
    );
    followed = { userId, at: now, screen, ids };
  } else if (screen !== undefined) followed.screen = screen;
  return followed.ids;
}

/** Keeps the shared list in step with a button's change. */
export function rememberFollowing(documentId: string, following: boolean): void {
  void followed?.ids.then((ids) => (following ? ids?.add(documentId) : ids?.delete(documentId)));
}
