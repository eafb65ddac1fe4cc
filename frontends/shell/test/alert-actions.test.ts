import type { Alert } from '../src/api/notifications.js';
import { alertActions } from '../src/screens/notifications/alert-actions.js';

const alert = (viewed: 0 | 1): Alert => ({ id: 7, userId: 'u', messageKey: 'notice', params: { text: 'Hi' }, link: null, viewed, createdAt: '2026-01-01T00:00:00.000Z' });
const labels = { markRead: 'Mark as read', delete: 'Delete' };

describe('an alert’s actions menu', () => {
  it('offers marking an unread alert read, then deleting it, each calling its own handler', () => {
    const calls: string[] = [];
    const items = alertActions(alert(0), labels, { onRead: () => calls.push('read'), onDelete: () => calls.push('delete') }, false);
    expect(items.map((item) => [item.label, item.danger ?? false, item.disabled])).toEqual([
      ['Mark as read', false, false],
      ['Delete', true, false],
    ]);
    items.forEach((item) => item.onSelect());
    expect(calls).toEqual(['read', 'delete']);
  });

  it('offers only deleting a read alert, and nothing while a call is on its way', () => {
    expect(alertActions(alert(1), labels, { onRead: () => {}, onDelete: () => {} }, false).map((item) => item.key)).toEqual(['delete']);
    expect(alertActions(alert(0), labels, { onRead: () => {}, onDelete: () => {} }, true).every((item) => item.disabled)).toBe(true);
  });
});
