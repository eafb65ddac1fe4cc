import { addMonths, candidacyMonthAt, electionInstant, latestDueElection, monthKey, monthOf, nextElectionAt, parseTimeOfDay, zonedInstant } from '../src/domain/calendar.js';

const paris = { timeZone: 'Europe/Paris', minutes: 0 };

describe('month boundaries in the elections time zone', () => {
  it('puts midnight of the 1st in Paris at 23:00 UTC the day before in winter and 22:00 in summer', () => {
    expect(electionInstant({ year: 2026, month: 12 }, paris).toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(electionInstant({ year: 2026, month: 7 }, paris).toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });

  it('uses the configured time of day and zone', () => {
    expect(electionInstant({ year: 2027, month: 1 }, { timeZone: 'UTC', minutes: 9 * 60 + 30 }).toISOString()).toBe('2027-01-01T09:30:00.000Z');
    expect(electionInstant({ year: 2027, month: 3 }, { timeZone: 'America/New_York', minutes: 0 }).toISOString()).toBe('2027-03-01T05:00:00.000Z');
  });

  it('knows the month an instant falls in, in the zone rather than in UTC', () => {
    expect(monthKey(monthOf(new Date('2026-11-30T22:59:59.999Z'), 'Europe/Paris'))).toBe('2026-11');
    expect(monthKey(monthOf(new Date('2026-11-30T23:00:00.000Z'), 'Europe/Paris'))).toBe('2026-12');
    expect(monthKey(monthOf(new Date('2026-11-30T23:00:00.000Z'), 'UTC'))).toBe('2026-11');
  });

  it('keeps candidacies of the month open until its election, on the 1st at the configured time', () => {
    const nineAm = { timeZone: 'Europe/Paris', minutes: 9 * 60 };
    // 1 December 08:59 in Paris: November's election has not closed yet.
    expect(monthKey(candidacyMonthAt(new Date('2026-12-01T07:59:00Z'), nineAm))).toBe('2026-11');
    expect(monthKey(candidacyMonthAt(new Date('2026-12-01T08:00:00Z'), nineAm))).toBe('2026-12');
    expect(monthKey(candidacyMonthAt(new Date('2026-11-30T22:59:59Z'), paris))).toBe('2026-11');
    expect(monthKey(candidacyMonthAt(new Date('2026-11-30T23:00:00Z'), paris))).toBe('2026-12');
  });

  it('answers the latest due election and the next one', () => {
    const now = new Date('2026-11-10T09:00:00Z');
    expect(monthKey(latestDueElection(now, paris))).toBe('2026-11');
    expect(nextElectionAt(now, paris).toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(nextElectionAt(new Date('2026-12-31T22:59:59Z'), paris).toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(nextElectionAt(new Date('2026-12-31T23:00:00Z'), paris).toISOString()).toBe('2027-01-31T23:00:00.000Z');
  });

  it('handles wall-clock times around daylight saving changes', () => {
    // 29 March 2026 02:30 does not exist in Paris (clocks jump from 02:00 to 03:00).
    expect(zonedInstant(2026, 3, 29, 2 * 60 + 30, 'Europe/Paris').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedInstant(2026, 3, 29, 4 * 60, 'Europe/Paris').toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(zonedInstant(2026, 10, 25, 4 * 60, 'Europe/Paris').toISOString()).toBe('2026-10-25T03:00:00.000Z');
  });

  it('adds months across years and parses times of day', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
    expect(parseTimeOfDay('00:00')).toBe(0);
    expect(parseTimeOfDay('23:59')).toBe(23 * 60 + 59);
    expect(parseTimeOfDay('24:00')).toBeNull();
    expect(parseTimeOfDay('9:00')).toBeNull();
  });
});
