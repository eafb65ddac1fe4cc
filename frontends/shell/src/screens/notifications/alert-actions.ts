/** What one alert's "Actions" menu offers: the same actions its buttons offered before the compact list. */
import type { MenuItem } from '@civic/frontend-kit/design';
import type { Alert } from '../../api/notifications.js';

export interface AlertActionLabels {
  markRead: string;
  delete: string;
}

export interface AlertActionHandlers {
  onRead: () => void;
  onDelete: () => void;
}

/** Mark as read (an unread alert only: the service has no "mark unread"), then delete; none while a call is on its way. */
export function alertActions(alert: Alert, labels: AlertActionLabels, handlers: AlertActionHandlers, busy: boolean): MenuItem[] {
  const items: MenuItem[] = [];
  if (alert.viewed === 0) items.push({ key: 'read', label: labels.markRead, onSelect: handlers.onRead, disabled: busy });
  items.push({ key: 'delete', label: labels.delete, onSelect: handlers.onDelete, danger: true, disabled: busy });
  return items;
}
