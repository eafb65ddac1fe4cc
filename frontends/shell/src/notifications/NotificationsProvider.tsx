import { createContext, useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Limits } from '@civic/contracts';
import { ApiError, asApiError } from '@civic/frontend-kit/api-client';
import { notificationsApi } from '../api/notifications.js';
import { useAuth, useSessionReset } from '../auth/AuthProvider.js';
import { useSnackbar } from '../components/Snackbar.js';
import type { ErrorPageState } from '../screens/ErrorScreen.js';
import { alertsReducer, initialAlerts, newestId, oldestId, type AlertsState } from './list-state.js';
import { connectLiveCount } from './live-count.js';
import { useRequiredContext } from '../app/required-context.js';

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
 * The user's alerts and live unread count for the whole shell (the header's bell and the
 * /notifications screen). Nothing is fetched without a user (docs/product.md#user-scoped-routes);
 * logout clears it all (docs/product.md#audience-and-accounts). Fetch failures become an error of
 * docs/product.md#errors, shown as a translated toast; a 404 is fatal.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [unread, setUnread] = useState<number | null>(null);
  const [list, dispatch] = useReducer(alertsReducer, initialAlerts);
  const [busy, setBusy] = useState(false);
  /** Counts the pushes of the live stream: each may bring alerts newer than those shown. */
  const [pushes, setPushes] = useState(0);
  const listRef = useRef(list);
  useEffect(() => {
    listRef.current = list;
  }, [list]);
  // The user the state belongs to: answers for an earlier user are dropped.
  const owner = useRef<string | null>(userId);
  const pending = useRef<Promise<void> | null>(null);

  const reset = useCallback(() => {
    setUnread(null);
    listRef.current = initialAlerts;
    dispatch({ type: 'reset' });
    setBusy(false);
    pending.current = null;
  }, []);
  useSessionReset(reset);

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

  // The router's navigate changes with the location: the stream and the fetch helpers use the latest
  // failure handler through a ref, so a navigation never reconnects the stream.
  const failRef = useRef(fail);
  useEffect(() => {
    failRef.current = fail;
  }, [fail]);
  const report = useCallback((error: unknown) => failRef.current(error), []);

  /** Runs one fetch at a time for the current user; answers for another user are ignored. */
  const run = useCallback(
    (work: (id: string) => Promise<void>): Promise<void> => {
      const id = owner.current;
      if (!id) return Promise.resolve(); // no user, no fetch
      const previous = pending.current ?? Promise.resolve();
      const next = previous
        .catch(() => undefined)
        .then(async () => {
          if (owner.current !== id) return;
          setBusy(true);
          try {
            await work(id);
          } catch (error) {
            if (owner.current === id) report(error);
          } finally {
            if (owner.current === id) setBusy(false);
          }
        });
      pending.current = next;
      return next;
    },
    [report],
  );

  const pageSize = Limits.notificationPageSize;

  const loadFirst = useCallback(
    () =>
      run(async (id) => {
        // Asked for by a screen of this user (a new user gives a new function, asked again).
        if (listRef.current.loaded || id !== userId) return;
        const alerts = await notificationsApi.list(id, { limit: pageSize });
        if (owner.current !== id) return;
        dispatch({ type: 'first', alerts, pageSize });
        listRef.current = alertsReducer(listRef.current, { type: 'first', alerts, pageSize });
      }),
    [run, pageSize, userId],
  );

  const loadOlder = useCallback(
    () =>
      run(async (id) => {
        const state = listRef.current;
        if (!state.loaded || state.exhausted) return;
        const before = oldestId(state);
        const alerts = await notificationsApi.list(id, { limit: pageSize, ...(before === undefined ? {} : { before }) });
        if (owner.current !== id) return;
        dispatch({ type: 'older', alerts, pageSize });
        listRef.current = alertsReducer(listRef.current, { type: 'older', alerts, pageSize });
      }),
    [run, pageSize],
  );

  /** Alerts newer than the newest shown, prepended (a full page means more: ask again). */
  const loadNewer = useCallback(
    () =>
      run(async (id) => {
        if (!listRef.current.loaded) return;
        for (let rounds = 0; rounds < 20; rounds++) {
          const from = newestId(listRef.current);
          const alerts = await notificationsApi.list(id, { getNewsAlertsFromId: from, limit: pageSize });
          if (owner.current !== id) return;
          dispatch({ type: 'newer', alerts });
          listRef.current = alertsReducer(listRef.current, { type: 'newer', alerts });
          if (alerts.length < pageSize) return;
        }
      }),
    [run, pageSize],
  );

  // A user: the count now, then live. Without one, nothing is fetched.
  // The owner changes before any screen's effect runs (layout effects run first), so a screen that
  // mounts with the user asks for its page as that user.
  useLayoutEffect(() => {
    if (owner.current !== userId) {
      // Another account in the same tab: nothing of the previous one stays.
      listRef.current = initialAlerts;
      dispatch({ type: 'reset' });
    }
    owner.current = userId;
  }, [userId]);

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
  }, [userId, report]);

  // Every push may come with new alerts (a count can also stay equal: one read, one new): when the
  // list is shown, the alerts newer than its newest are prepended. Queued behind a first page still
  // on its way, so nothing that arrives meanwhile is missed.
  useEffect(() => {
    if (pushes > 0) void loadNewer();
  }, [pushes, loadNewer]);

  /**
   * The count as the server has it after a change (never "one less" locally: the live stream may
   * already have brought the new count, and both are absolute).
   */
  const refreshCount = useCallback(async (id: string) => {
    const { count } = await notificationsApi.unread(id);
    if (owner.current === id) setUnread(count);
  }, []);

  const markRead = useCallback(
    (id: number) =>
      run(async (userId) => {
        const wasUnread = listRef.current.alerts.some((alert) => alert.id === id && alert.viewed === 0);
        await notificationsApi.markRead(id);
        dispatch({ type: 'read', id });
        if (wasUnread) await refreshCount(userId);
      }),
    [run, refreshCount],
  );

  const markAllRead = useCallback(async () => {
    let done = false;
    await run(async (id) => {
      const { count } = await notificationsApi.markAllRead(id);
      dispatch({ type: 'allRead' });
      setUnread(count);
      done = true;
    });
    return done;
  }, [run]);

  const remove = useCallback(async (alertId: number) => {
    let done = false;
    await run(async (userId) => {
      const wasUnread = listRef.current.alerts.some((alert) => alert.id === alertId && alert.viewed === 0);
      await notificationsApi.remove(alertId);
      dispatch({ type: 'removed', id: alertId });
      done = true;
      if (wasUnread) await refreshCount(userId);
    });
    return done;
  }, [run, refreshCount]);

  const value = useMemo<Notifications>(
    () => ({ unread: userId ? unread : null, list, busy, loadFirst, loadOlder, markRead, markAllRead, remove }),
    [userId, unread, list, busy, loadFirst, loadOlder, markRead, markAllRead, remove],
  );
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export function useNotifications(): Notifications {
  return useRequiredContext(NotificationsContext, 'useNotifications must be used inside <NotificationsProvider>');
}
