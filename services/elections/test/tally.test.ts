import { CandidateTo } from '@civic/contracts';
import { compareCandidates, electedOf, rankRole, removedOfficials, seatsFor, type CandidateFigures } from '../src/domain/tally.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute));
const candidate = (userId: string, votesFor: number, votesAgainst: number, minute: number): CandidateFigures => ({ userId, votesFor, votesAgainst, appliedAt: at(minute) });

describe('the monthly tally', () => {
  it('ranks by total (+1 minus -1) and elects the first seats with a positive total', () => {
    const ranked = rankRole([candidate('a', 1, 0, 1), candidate('b', 5, 1, 2), candidate('c', 2, 0, 3), candidate('d', 0, 3, 4)], 2);
    expect(ranked.map((c) => [c.userId, c.totalVotes, c.rank, c.elected])).toEqual([
      ['b', 4, 1, true],
      ['c', 2, 2, true],
      ['a', 1, 3, false],
      ['d', -3, 4, false],
    ]);
  });

  it('sends ties to the earlier candidacy', () => {
    const ranked = rankRole([candidate('late', 3, 0, 30), candidate('early', 4, 1, 10), candidate('middle', 3, 0, 20)], 2);
    expect(ranked.map((c) => c.userId)).toEqual(['early', 'middle', 'late']);
    expect(ranked.filter((c) => c.elected).map((c) => c.userId)).toEqual(['early', 'middle']);
  });

  it('never elects a total of zero or less, even with seats left', () => {
    const ranked = rankRole([candidate('zero', 2, 2, 1), candidate('none', 0, 0, 2), candidate('minus', 0, 1, 3)], 5);
    expect(ranked.every((c) => !c.elected)).toBe(true);
  });

  it('elects nobody with no seats, and breaks a complete tie by user id', () => {
    expect(rankRole([candidate('a', 3, 0, 1)], 0)[0]!.elected).toBe(false);
    expect(compareCandidates(candidate('b', 1, 0, 1), candidate('a', 1, 0, 1))).toBeGreaterThan(0);
  });

  it('maps seats to roles and lists the elected and the removed by role', () => {
    const seats = { moderators: 5, scribes: 4, greatWises: 3 };
    expect([CandidateTo.Moderator, CandidateTo.Scribe, CandidateTo.GreatWise].map((role) => seatsFor(seats, role))).toEqual([5, 4, 3]);
    const elected = electedOf(
      new Map([
        [CandidateTo.Moderator, rankRole([candidate('m1', 2, 0, 1), candidate('m2', 1, 0, 2)], 1)],
        [CandidateTo.Scribe, rankRole([candidate('s1', 1, 0, 1)], 5)],
        [CandidateTo.GreatWise, rankRole([], 3)],
      ]),
    );
    expect(elected).toEqual({ moderators: ['m1'], scribes: ['s1'], greatWises: [] });
    // A previous moderator re-elected keeps the role; the others lose it; a moderator elected scribe loses moderation.
    expect(removedOfficials({ moderators: ['m1', 'old', 's1'], scribes: [], greatWises: ['w'] }, elected)).toEqual({ moderators: ['old', 's1'], scribes: [], greatWises: ['w'] });
    // No moderator elected: the moderators keep the role, so none is removed.
    expect(removedOfficials({ moderators: ['m1'], scribes: ['s1'], greatWises: [] }, { moderators: [], scribes: ['s2'], greatWises: [] })).toEqual({ moderators: [], scribes: ['s1'], greatWises: [] });
  });
});
