import { useCallback, useEffect, useReducer, useRef, type RefObject } from 'react';
import { Limits } from '@civic/contracts';
import { notificationsApi } from '../api/notifications.js';
import { alertsReducer, initialAlerts, newestId, oldestId } from './list-state.js';

const pageSize = Limits.notificationPageSize;

interface AlertListDeps {
  /** The user whose list it is (a screen asks for its first page as this user). */
  userId: string | null;
  /** The user the state belongs to: answers for an earlier user are dropped. */
  owner: RefObject<string | null>;
  /** Runs a call of the fetch queue as the current user (useFetchQueue). */
  run: (work: (id: string) => Promise<void>) => Promise<void>;
  /** Asks the server for the unread count after a change. */
  refreshCount: (id: string) => Promise<void>;
  /** Sets the unread count an answer carries. */
  setUnread: (count: number) => void;
}

/**
 * The alerts list of the /notifications screen: the first page once, older pages on demand, the
 * alerts newer than the newest shown after each push, and marking read or deleting one or all.
 * `listRef` mirrors the list for the calls that read it while they run.
 */
export function useAlertList({ userId, owner, run, refreshCount, setUnread }: AlertListDeps) {
  const [list, dispatch] = useReducer(alertsReducer, initialAlerts);
  const listRef = useRef(list);
  useEffect(() => {
    listRef.current = list;
  }, [list]);

  /** Empties the list (logout, another user). */
  const reset = useCallback(() => {
    listRef.current = initialAlerts;
    dispatch({ type: 'reset' });
  }, []);

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
    [run, userId, owner],
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
    [run, owner],
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
    [run, owner],
  );

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
  }, [run, setUnread]);

  const remove = useCallback(
    async (alertId: number) => {
      let done = false;
      await run(async (userId) => {
        const wasUnread = listRef.current.alerts.some((alert) => alert.id === alertId && alert.viewed === 0);
        await notificationsApi.remove(alertId);
        dispatch({ type: 'removed', id: alertId });
        done = true;
        if (wasUnread) await refreshCount(userId);
      });
      return done;
    },
    [run, refreshCount],
  );

  return { list, reset, loadFirst, loadOlder, loadNewer, markRead, markAllRead, remove };
}
