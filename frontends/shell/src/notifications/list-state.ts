/**
 * The alerts list of the notifications screen as a pure reducer: newer alerts are prepended as they
 * arrive, older pages appended on scroll, and marking or deleting changes one entry. Ids are unique
 * and the list stays newest first whatever order pages arrive in.
 */
import type { Alert } from '../api/notifications.js';

export interface AlertsState {
  alerts: Alert[];
  /** The first page arrived. */
  loaded: boolean;
  /** An older page came back shorter than asked: nothing older is left. */
  exhausted: boolean;
}

export type AlertsAction =
  | { type: 'reset' }
  | { type: 'first'; alerts: Alert[]; pageSize: number }
  | { type: 'newer'; alerts: Alert[] }
  | { type: 'older'; alerts: Alert[]; pageSize: number }
  | { type: 'read'; id: number }
  | { type: 'allRead' }
  | { type: 'removed'; id: number };

export const initialAlerts: AlertsState = { alerts: [], loaded: false, exhausted: false };

function merge(current: Alert[], incoming: Alert[]): Alert[] {
  const byId = new Map<number, Alert>();
  for (const alert of current) byId.set(alert.id, alert);
  for (const alert of incoming) byId.set(alert.id, alert);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

export function alertsReducer(state: AlertsState, action: AlertsAction): AlertsState {
  switch (action.type) {
    case 'reset':
      return initialAlerts;
    case 'first':
      return { alerts: merge([], action.alerts), loaded: true, exhausted: action.alerts.length < action.pageSize };
    case 'newer':
      return action.alerts.length ? { ...state, alerts: merge(state.alerts, action.alerts) } : state;
    case 'older':
      return { ...state, alerts: merge(state.alerts, action.alerts), exhausted: action.alerts.length < action.pageSize };
    case 'read':
      return { ...state, alerts: state.alerts.map((alert) => (alert.id === action.id ? { ...alert, viewed: 1 } : alert)) };
    case 'allRead':
      return { ...state, alerts: state.alerts.map((alert) => (alert.viewed === 1 ? alert : { ...alert, viewed: 1 })) };
    case 'removed':
      return { ...state, alerts: state.alerts.filter((alert) => alert.id !== action.id) };
  }
}

/** The cursor for newer alerts: the newest id the list holds (0 when empty). */
export const newestId = (state: AlertsState): number => state.alerts[0]?.id ?? 0;
/** The cursor for older alerts: the oldest id the list holds, or undefined when empty. */
export const oldestId = (state: AlertsState): number | undefined => state.alerts.at(-1)?.id;
