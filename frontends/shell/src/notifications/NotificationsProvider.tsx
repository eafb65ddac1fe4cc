import { createContext, useCallback, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { asApiError } from '@civic/frontend-kit/api-client';
import type { ErrorPageState } from '../app/error-page.js';
import { useRequiredContext } from '../app/required-context.js';
import { useAuth, useSessionReset } from '../auth/AuthProvider.js';
import { useSnackbar } from '../feedback/Snackbar.js';
import type { AlertsState } from './list-state.js';
import { useAlertList } from './useAlertList.js';
import { useFetchQueue } from './useFetchQueue.js';
import { useUnreadCount } from './useUnreadCount.js';

export interface Notifications {
  /** Unread count of the logged-in user, live; null before it is known or without a user. */
  unread: number | null;
  list: AlertsState;
  /** A page is on its way. */
  busy: boolean;
  /** First page (once per session; again after logout). */
  loadFirst: () => Promise<void>;
  loadOlder: () => Promise<void>;
  markRead: (id: number) => Promise<void>;
  markAllRead: () => Promise<boolean>;
  remove: (id: number) => Promise<boolean>;
}

const NotificationsContext = createContext<Notifications | null>(null);

/**
 * Fetch failures as an error of docs/product.md#errors, shown as a translated toast; a 404 is fatal
 * (the error page). The router's navigate changes with the location: the stream and the fetch
 * helpers use the latest handler through a ref, so a navigation never reconnects the stream.
 */
function useFailureReport(): (error: unknown) => void {
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const fail = useCallback(
    (error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const apiError = asApiError(error);
      if (apiError.statusCode === 404) {
        const state: ErrorPageState = { statusCode: 404, statusMessage: apiError.statusMessage };
        navigate('/error', { replace: true, state });
        return;
      }
      snackbar.showError(apiError);
    },
    [navigate, snackbar],
  );
  const failRef = useRef(fail);
  useEffect(() => {
    failRef.current = fail;
  }, [fail]);
  return useCallback((error: unknown) => failRef.current(error), []);
}

/**
 * The user's alerts and live unread count for the whole shell (the header's bell and the
 * /notifications screen). Nothing is fetched without a user (docs/product.md#user-scoped-routes);
 * logout clears it all (docs/product.md#audience-and-accounts).
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const report = useFailureReport();
  // The user the state belongs to: answers for an earlier user are dropped.
  const owner = useRef<string | null>(userId);
  const queue = useFetchQueue(owner, report);
  const count = useUnreadCount(userId, owner, report);
  const alerts = useAlertList({ userId, owner, run: queue.run, refreshCount: count.refreshCount, setUnread: count.setUnread });

  const { setUnread } = count;
  const { reset: resetList, loadNewer } = alerts;
  const { clear: clearQueue } = queue;
  const reset = useCallback(() => {
    setUnread(null);
    resetList();
    clearQueue();
  }, [setUnread, resetList, clearQueue]);
  useSessionReset(reset);

  // The owner changes before any screen's effect runs (layout effects run first), so a screen that
  // mounts with the user asks for its page as that user.
  useLayoutEffect(() => {
    // Another account in the same tab: nothing of the previous one stays.
    if (owner.current !== userId) resetList();
    owner.current = userId;
  }, [userId, resetList]);

  // Every push may come with new alerts (a count can also stay equal: one read, one new): when the
  // list is shown, the alerts newer than its newest are prepended. Queued behind a first page still
  // on its way, so nothing that arrives meanwhile is missed.
  useEffect(() => {
    if (count.pushes > 0) void loadNewer();
  }, [count.pushes, loadNewer]);

  const { unread } = count;
  const { list, loadFirst, loadOlder, markRead, markAllRead, remove } = alerts;
  const busy = queue.busy;
  const value = useMemo<Notifications>(
    () => ({ unread: userId ? unread : null, list, busy, loadFirst, loadOlder, markRead, markAllRead, remove }),
    [userId, unread, list, busy, loadFirst, loadOlder, markRead, markAllRead, remove],
  );
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export function useNotifications(): Notifications {
  return useRequiredContext(NotificationsContext, 'useNotifications must be used inside <NotificationsProvider>');
}
