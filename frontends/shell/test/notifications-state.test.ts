import type { Alert } from '../src/api/notifications.js';
import { alertsReducer, initialAlerts, newestId, oldestId } from '../src/notifications/list-state.js';
import { createSseParser, type ServerEvent } from '../src/notifications/sse.js';

const alert = (id: number, viewed: 0 | 1 = 0): Alert => ({
  id,
  userId: 'u',
  messageKey: 'notice',
  params: { text: `#${id}` },
  link: null,
  viewed,
  createdAt: '2026-03-01T10:00:00.000Z',
});
const ids = (state: { alerts: Alert[] }) => state.alerts.map((a) => a.id);

describe('the alerts list', () => {
  it('keeps newest first: first page, newer prepended, older appended, no duplicates', () => {
    let state = alertsReducer(initialAlerts, { type: 'first', alerts: [alert(10), alert(9), alert(8)], pageSize: 3 });
    expect(state).toMatchObject({ loaded: true, exhausted: false });
    expect([newestId(state), oldestId(state)]).toEqual([10, 8]);
    state = alertsReducer(state, { type: 'newer', alerts: [alert(12), alert(11), alert(10)] });
    expect(ids(state)).toEqual([12, 11, 10, 9, 8]);
    state = alertsReducer(state, { type: 'older', alerts: [alert(7), alert(6), alert(5)], pageSize: 3 });
    expect(ids(state)).toEqual([12, 11, 10, 9, 8, 7, 6, 5]);
    expect(state.exhausted).toBe(false);
    state = alertsReducer(state, { type: 'older', alerts: [alert(4)], pageSize: 3 });
    expect(state.exhausted).toBe(true);
    expect(alertsReducer(state, { type: 'newer', alerts: [] })).toBe(state);
  });

  it('marks one, marks all, removes one, and resets on logout', () => {
    let state = alertsReducer(initialAlerts, { type: 'first', alerts: [alert(3), alert(2, 1), alert(1)], pageSize: 50 });
    expect(state.exhausted).toBe(true);
    state = alertsReducer(state, { type: 'read', id: 3 });
    expect(state.alerts.map((a) => a.viewed)).toEqual([1, 1, 0]);
    state = alertsReducer(state, { type: 'allRead' });
    expect(state.alerts.every((a) => a.viewed === 1)).toBe(true);
    state = alertsReducer(state, { type: 'removed', id: 2 });
    expect(ids(state)).toEqual([3, 1]);
    expect(alertsReducer(state, { type: 'reset' })).toEqual(initialAlerts);
    expect([newestId(initialAlerts), oldestId(initialAlerts)]).toEqual([0, undefined]);
  });
});

describe('the server-sent events reader', () => {
  it('reads events split anywhere across chunks, skips heartbeats, and keeps the retry delay', () => {
    const events: ServerEvent[] = [];
    const parser = createSseParser((event) => events.push(event));
    const stream = 'retry: 3000\n\nevent: unread\ndata: {"count":1}\n\n: ping\n\nevent: unread\r\ndata: {"count":2}\r\n\r\ndata: a\ndata: b\n\nevent: expired\ndata: {}\n\n';
    for (let i = 0; i < stream.length; i += 3) parser.push(stream.slice(i, i + 3));
    expect(events).toEqual([
      { event: 'unread', data: '{"count":1}' },
      { event: 'unread', data: '{"count":2}' },
      { event: 'message', data: 'a\nb' },
      { event: 'expired', data: '{}' },
    ]);
    expect(parser.retryMs).toBe(3000);
  });
});
