/**
 * What closing elections decides, without a database: which months are due (catch-up after a
 * downtime, a fresh installation), the tally of one month with who loses a role, and the event it writes.
 */
import { CandidateTo, ElectionClosed } from '@civic/contracts';
import { monthKey, monthsToClose, MAX_CATCH_UP_MONTHS } from '../src/domain/calendar.js';
import { electionClosed } from '../src/domain/election-events.js';
import { tallyElection, type RoleFigures } from '../src/domain/tally.js';

const keys = (months: { year: number; month: number }[]) => months.map(monthKey);

describe('the months whose election is due', () => {
  it('closes the months after the last closed one up to the latest due, oldest first', () => {
    expect(keys(monthsToClose({ year: 2026, month: 10 }, null, { year: 2027, month: 1 }))).toEqual(['2026-11', '2026-12', '2027-01']);
  });

  it('closes nothing when the latest due is already closed', () => {
    expect(monthsToClose({ year: 2026, month: 11 }, null, { year: 2026, month: 11 })).toEqual([]);
  });

  it('starts a fresh installation at the month after the first candidacies, and does nothing without any', () => {
    expect(keys(monthsToClose(null, { year: 2026, month: 9 }, { year: 2026, month: 11 }))).toEqual(['2026-10', '2026-11']);
    expect(monthsToClose(null, null, { year: 2026, month: 11 })).toEqual([]);
  });

  it('catches up at most the last months after a long downtime, dropping the oldest', () => {
    const months = monthsToClose({ year: 2020, month: 1 }, null, { year: 2026, month: 11 });
    expect(months).toHaveLength(MAX_CATCH_UP_MONTHS);
    expect(monthKey(months[0]!)).toBe('2024-12');
    expect(monthKey(months.at(-1)!)).toBe('2026-11');
  });
});

describe('the tally of one month', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute));
  const figures = (userId: string, candidateTo: CandidateTo, votesFor: number, votesAgainst: number, minute: number): RoleFigures => ({
    userId,
    candidateTo,
    votesFor,
    votesAgainst,
    appliedAt: at(minute),
  });

  it('ranks every role with its seats and tells who lost a role', () => {
    const tally = tallyElection(
      [figures('a', CandidateTo.Moderator, 3, 0, 1), figures('b', CandidateTo.Moderator, 5, 0, 2), figures('c', CandidateTo.Scribe, 0, 2, 3)],
      { moderators: 1, scribes: 1, greatWises: 1 },
      { moderators: ['a'], scribes: ['c'], greatWises: [] },
    );
    expect([...tally.ranked.keys()]).toEqual([CandidateTo.Moderator, CandidateTo.Scribe, CandidateTo.GreatWise]);
    expect(tally.ranked.get(CandidateTo.Moderator)!.map((c) => [c.userId, c.rank, c.elected])).toEqual([
      ['b', 1, true],
      ['a', 2, false],
    ]);
    expect(tally.ranked.get(CandidateTo.GreatWise)).toEqual([]);
    expect(tally.elected).toEqual({ moderators: ['b'], scribes: [], greatWises: [] });
    expect(tally.removed).toEqual({ moderators: ['a'], scribes: ['c'], greatWises: [] });
  });
});

describe('the event of a closed election', () => {
  it('carries the election, its month, the elected and the removed, at the closing time', () => {
    const closedAt = new Date('2026-11-30T23:00:05.000Z');
    const a = '5d3c1a2b-7e8f-4a1b-9c2d-3e4f5a6b7c8d';
    const b = '6e4d2b3c-8f9a-4b2c-8d3e-4f5a6b7c8d9e';
    const closed = { electionId: '0b6f4a8e-9a53-4c1e-8a43-3f0f4d7f6c11', month: '2026-12', elected: { moderators: [b], scribes: [], greatWises: [] }, removed: { moderators: [a], scribes: [], greatWises: [] } };
    const event = electionClosed(closed, closedAt);
    expect(event.subject).toBe(ElectionClosed.subject);
    expect(event.occurredAt).toBe(closedAt.toISOString());
    expect(event.payload).toEqual(closed);
  });
});
