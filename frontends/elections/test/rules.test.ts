import type { Candidate, SessionUser } from '@civic/contracts';
import { applyVote, isStanding, monthDate, secondsUntil, voteFor } from '../src/rules.js';

const candidate = (id: string, votesFor: number, votesAgainst: number, appliedAt: string): Candidate => ({
  id,
  userName: id,
  moderator: false,
  scribe: false,
  moderatorCandidateDate: '2026-11-01',
  scribeCandidateDate: null,
  greatWiseCandidateDate: null,
  candidateTo: 1,
  votesFor,
  votesAgainst,
  totalVotes: votesFor - votesAgainst,
  appliedAt,
});

describe('the elections screens rules', () => {
  it("knows whether the user stands this month from the role's candidate date", () => {
    const user = { moderatorCandidateDate: '2026-11-01', scribeCandidateDate: '2026-10-01', greatWiseCandidateDate: null } as Pick<
      SessionUser,
      'moderatorCandidateDate' | 'scribeCandidateDate' | 'greatWiseCandidateDate'
    >;
    expect(isStanding(user, 1, '2026-11-01')).toBe(true);
    expect(isStanding(user, 2, '2026-11-01')).toBe(false); // last month's candidacy is over
    expect(isStanding(user, 3, '2026-11-01')).toBe(false);
    expect(isStanding(null, 1, '2026-11-01')).toBe(false);
  });

  it("finds the user's vote for a candidate in a role", () => {
    const votes = [
      { vote: 1 as const, candidateId: 'a', userId: 'me', candidateTo: 1 as const },
      { vote: -1 as const, candidateId: 'a', userId: 'me', candidateTo: 3 as const },
    ];
    expect(voteFor(votes, 'a', 1)).toBe(1);
    expect(voteFor(votes, 'a', 3)).toBe(-1);
    expect(voteFor(votes, 'a', 2)).toBe(0);
    expect(voteFor([], 'b', 1)).toBe(0);
  });

  it("moves a candidate's totals at once when the user's vote changes, best first, ties to the earlier candidacy", () => {
    const list = [candidate('a', 2, 0, '2026-11-02T00:00:00Z'), candidate('b', 1, 0, '2026-11-01T00:00:00Z')];
    const replaced = applyVote(list, 'b', 0, 1);
    expect(replaced.map((c) => [c.id, c.totalVotes])).toEqual([
      ['b', 2],
      ['a', 2],
    ]);
    const flipped = applyVote(replaced, 'b', 1, -1);
    expect(flipped.map((c) => [c.id, c.votesFor, c.votesAgainst, c.totalVotes])).toEqual([
      ['a', 2, 0, 2],
      ['b', 1, 1, 0],
    ]);
    expect(applyVote(flipped, 'b', -1, 0).find((c) => c.id === 'b')!.totalVotes).toBe(1);
  });

  it('counts down on the server clock', () => {
    const receivedAt = Date.parse('2026-11-30T22:59:00Z') - 5000; // the browser runs 5 s late
    expect(secondsUntil('2026-11-30T23:00:00Z', '2026-11-30T22:59:00Z', receivedAt, receivedAt)).toBe(60);
    expect(secondsUntil('2026-11-30T23:00:00Z', '2026-11-30T22:59:00Z', receivedAt, receivedAt + 90_000)).toBe(0);
    expect(secondsUntil('not a date', '2026-11-30T22:59:00Z', receivedAt, receivedAt)).toBeNull();
    expect(monthDate('2026-12').toISOString()).toBe('2026-12-15T00:00:00.000Z');
  });
});
