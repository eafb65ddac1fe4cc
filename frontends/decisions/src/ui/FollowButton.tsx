/**
 * Follow or stop following a proposal or a law (docs/product.md#following): a toggle button whose
 * state shows at once and goes back, with a message, when the call fails. A visitor who presses it
 * goes to /identify and back, as for every members-only action.
 */
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { FollowedDocumentKind } from '@civic/contracts';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '@civic/frontend-kit/api-client';
import { buttonClass, VisuallyHidden } from '@civic/frontend-kit/design';
import { useIdentifyPath, useMembersOnly, useSession } from '@civic/frontend-kit/remote-session';
import { followedIds, followsApi, rememberFollowing } from '../api/follows.js';
import { useFeedback } from './feedback.js';

/**
 * Whether the document is followed: read from the member's list of follows, shared by every button
 * of the screen (asked once per mount of a button only when that list is full or unreadable); null
 * until known, false for a visitor.
 */
function useFollowing(documentId: string): [boolean | null, (following: boolean) => void] {
  const user = useSession();
  // Who the user is, not the object: a renewal of the same session must not ask again.
  const userId = user?.id;
  const [following, setFollowing] = useState<boolean | null>(null);
  // The screen's visit: a card pushed to an open screen reuses its list of follows (not a dependency:
  // a search written to the address must not make every button ask again).
  const { key } = useLocation();
  const screen = useRef(key);
  useEffect(() => {
    screen.current = key;
  });
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    const answer = (value: boolean) => {
      // A call aborted while its body was read answers nothing: the card is gone or asks again.
      if (!controller.signal.aborted) setFollowing(value);
    };
    void followedIds(userId, Date.now(), screen.current).then(async (ids) => {
      if (ids) return answer(ids.has(documentId));
      // Unknown state reads as not followed: following again is harmless (the call is idempotent).
      await followsApi.state(documentId, controller.signal).then((state) => answer(state.following), () => answer(false));
    });
    return () => controller.abort();
  }, [documentId, userId]);
  return [user === null ? false : following, setFollowing];
}

/**
 * Reads the member's follows as a live screen opens (once per visit), so the Follow buttons of cards
 * pushed to it later (docs/live.md) find the list without a read of their own.
 */
export function usePreloadedFollows(): void {
  const userId = useSession()?.id;
  const { key } = useLocation();
  useEffect(() => {
    if (userId) void followedIds(userId, Date.now(), key);
  }, [userId, key]);
}

export function FollowButton({ documentId, kind, title }: { documentId: string; kind: FollowedDocumentKind; title: string }) {
  const { formatMessage: t } = useIntl();
  const { toastError } = useFeedback();
  const membersOnly = useMembersOnly();
  const navigate = useNavigate();
  const identify = useIdentifyPath();
  const [following, setFollowing] = useFollowing(documentId);
  const busy = useRef(false);
  const [pending, setPending] = useState(false);

  const toggle = () =>
    void membersOnly(async () => {
      if (busy.current) return;
      const next = !following;
      busy.current = true;
      setPending(true);
      setFollowing(next);
      try {
        const answer = next ? await followsApi.follow(documentId) : await followsApi.unfollow(documentId);
        setFollowing(answer.following);
        rememberFollowing(documentId, answer.following);
      } catch (error) {
        setFollowing(!next);
        if (error instanceof ApiError && error.statusCode === 401) await navigate(identify);
        else toastError(error);
      } finally {
        busy.current = false;
        setPending(false);
      }
    });

  return (
    <button
      type="button"
      className={buttonClass(following ? 'secondary' : 'quiet', 'sm', 'decisions-follow')}
      aria-pressed={following === true}
      aria-busy={pending || following === null || undefined}
      data-follow={documentId}
      data-follow-kind={kind}
      onClick={toggle}
    >
      {t(following ? { id: 'decisions.follow.following' } : { id: 'decisions.follow.follow' })}
      <VisuallyHidden> {t({ id: 'decisions.follow.what' }, { title })}</VisuallyHidden>
    </button>
  );
}
