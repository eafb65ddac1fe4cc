import { useCallback, useEffect, useState, type RefObject } from 'react';
import { ApiError } from '@civic/frontend-kit/api-client';
import { notificationsApi } from '../api/notifications.js';
import { connectLiveCount } from './live-count.js';

/**
 * The user's unread count: asked once a user is known, then followed over the live stream (each push
 * is counted in `pushes`: it may come with new alerts). Nothing is fetched without a user; answers
 * for another user than `owner` (the one the state belongs to) are dropped.
 */
export function useUnreadCount(userId: string | null, owner: RefObject<string | null>, report: (error: unknown) => void) {
  const [unread, setUnread] = useState<number | null>(null);
  /** Counts the pushes of the live stream: each may bring alerts newer than those shown. */
  const [pushes, setPushes] = useState(0);

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    notificationsApi
      .unread(userId, controller.signal)
      .then(({ count }) => {
        if (owner.current === userId) setUnread(count);
      })
      .catch(report);
    const stop = connectLiveCount({
      onCount: (count) => {
        if (owner.current !== userId) return;
        setUnread(count);
        setPushes((n) => n + 1);
      },
      // Any authenticated call renews an expired access token (and logs out a lost session).
      renew: async () => {
        if (owner.current !== userId) return false;
        try {
          const { count } = await notificationsApi.unread(userId);
          if (owner.current === userId) setUnread(count);
          return owner.current === userId;
        } catch (error) {
          return error instanceof ApiError && error.statusCode !== 401 && owner.current === userId;
        }
      },
    });
    return () => {
      controller.abort();
      stop();
    };
  }, [userId, owner, report]);

  /**
   * The count as the server has it after a change (never "one less" locally: the live stream may
   * already have brought the new count, and both are absolute).
   */
  const refreshCount = useCallback(
    async (id: string) => {
      const { count } = await notificationsApi.unread(id);
      if (owner.current === id) setUnread(count);
    },
    [owner],
  );

  return { unread, setUnread, pushes, refreshCount };
}
