import { deletePlan, markAllViewedPlan, markViewedPlan, standing, unreadBroadcasts, unreadCount } from '../src/domain/broadcasts.js';

describe('alerts for everyone (broadcasts)', () => {
  const reader = { from: 3, seen: 5 };

  it('are a member\'s only after the total they joined at, read up to their watermark or when marked', () => {
    expect(standing(3, reader, null)).toBe('absent');
    expect(standing(1, reader, { viewed: false, deleted: false })).toBe('absent');
    expect(standing(4, reader, null)).toBe('viewed');
    expect(standing(6, reader, null)).toBe('unread');
    expect(standing(6, reader, { viewed: true, deleted: false })).toBe('viewed');
    expect(standing(6, reader, { viewed: true, deleted: true })).toBe('absent');
    expect(standing(4, reader, { viewed: false, deleted: true })).toBe('absent');
    // No member (unknown, or a deleted account): none is theirs.
    expect(standing(6, null, null)).toBe('absent');
    // A watermark below `from` reads as `from`.
    expect(standing(4, { from: 4, seen: 0 }, null)).toBe('absent');
    expect(standing(5, { from: 4, seen: 0 }, null)).toBe('unread');
  });

  it('count as unread the broadcasts above the watermark, less the member\'s marks above it', () => {
    expect(unreadBroadcasts(9, reader, 0)).toBe(4);
    expect(unreadBroadcasts(9, reader, 3)).toBe(1);
    expect(unreadBroadcasts(5, reader, 0)).toBe(0);
    expect(unreadBroadcasts(9, null, 0)).toBe(0);
    expect(unreadBroadcasts(9, { from: 7, seen: 2 }, 0)).toBe(2);
    // Never negative, whatever a race left.
    expect(unreadBroadcasts(6, reader, 4)).toBe(0);
  });

  it('add to the personal count', () => {
    expect(unreadCount({ personal: 12, total: 9, reader, markedAboveSeen: 1 })).toBe(15);
    expect(unreadCount({ personal: 2, total: 9, reader: null, markedAboveSeen: 0 })).toBe(2);
  });

  it('are marked viewed once, deleted while they are the member\'s', () => {
    expect(markViewedPlan('unread')).toBe('mark');
    expect(markViewedPlan('viewed')).toBe('unchanged');
    expect(markViewedPlan('absent')).toBe('missing');
    expect(deletePlan('unread')).toBe('mark');
    expect(deletePlan('viewed')).toBe('mark');
    expect(deletePlan('absent')).toBe('missing');
  });

  it('are all read by moving the watermark to the total', () => {
    expect(markAllViewedPlan(9, reader, 1)).toEqual({ seen: 9, updated: 3 });
    expect(markAllViewedPlan(9, { from: 9, seen: 9 }, 0)).toBeNull();
    expect(markAllViewedPlan(9, null, 0)).toBeNull();
    // Every one marked one by one: nothing becomes read, but the watermark still moves (the marks it covers can go).
    expect(markAllViewedPlan(9, reader, 4)).toEqual({ seen: 9, updated: 0 });
  });
});
