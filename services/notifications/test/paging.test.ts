import { DEFAULT_LIMIT, MAX_LIMIT, newestFirst, planPage } from '../src/domain/paging.js';

describe('paging of alerts', () => {
  it('defaults to the newest 50 from offset 0', () => {
    expect(DEFAULT_LIMIT).toBe(50);
    expect(planPage({})).toEqual({ ok: true, plan: { direction: 'older', after: null, before: null, offset: 0, limit: 50 } });
  });

  it('asks for newer alerts from getNewsAlertsFromId and older ones before a cursor', () => {
    expect(planPage({ getNewsAlertsFromId: 120 })).toEqual({ ok: true, plan: { direction: 'newer', after: 120, before: null, offset: 0, limit: 50 } });
    expect(planPage({ before: 71, limit: 20 })).toEqual({ ok: true, plan: { direction: 'older', after: null, before: 71, offset: 0, limit: 20 } });
    expect(planPage({ offset: 100, limit: 10 })).toEqual({ ok: true, plan: { direction: 'older', after: null, before: null, offset: 100, limit: 10 } });
    expect(planPage({ getNewsAlertsFromId: 0 })).toMatchObject({ ok: true, plan: { direction: 'newer', after: 0 } });
  });

  it('refuses limits out of range, negative or fractional values, and both cursors at once', () => {
    for (const query of [{ limit: 0 }, { limit: MAX_LIMIT + 1 }, { limit: 1.5 }, { offset: -1 }, { offset: 0.5 }, { before: -3 }, { getNewsAlertsFromId: 2.5 }, { before: 3, getNewsAlertsFromId: 1 }]) {
      expect(planPage(query).ok).toBe(false);
    }
    expect(planPage({ limit: MAX_LIMIT }).ok).toBe(true);
  });

  it('answers newest first whatever the scan direction', () => {
    const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(newestFirst(rows, { direction: 'newer', after: 0, before: null, offset: 0, limit: 3 }).map((row) => row.id)).toEqual([3, 2, 1]);
    expect(newestFirst([...rows].reverse(), { direction: 'older', after: null, before: null, offset: 0, limit: 3 }).map((row) => row.id)).toEqual([3, 2, 1]);
  });
});
