import { CandidateTo } from '@civic/contracts';
import { candidacyChange, candidacyMonthAt, candidacyRoles, isStandingThisMonth } from '../src/users/candidacy.js';

const noCandidacy = { moderatorCandidateDate: null, scribeCandidateDate: null, greatWiseCandidateDate: null };

describe('candidacy dates', () => {
  it('is the first day of the current month in the elections\' time zone, as YYYY-MM-01', () => {
    expect(candidacyMonthAt(new Date('2026-11-22T09:30:00Z'))).toBe('2026-11-01');
    // 23:30 UTC on 31 December is already 1 January in Paris: the new month's election.
    expect(candidacyMonthAt(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    // ...while a browser in New York is still in December.
    expect(candidacyMonthAt(new Date('2027-01-01T03:00:00Z'), 'America/New_York')).toBe('2026-12-01');
    expect(candidacyMonthAt(new Date('2026-01-01T00:00:00Z'), 'UTC')).toBe('2026-01-01');
  });

  it('stands this month only with this month’s date', () => {
    const month = '2026-11-01';
    expect(isStandingThisMonth('2026-11-01', month)).toBe(true);
    expect(isStandingThisMonth('2026-11-01T00:00:00.000Z', month)).toBe(true);
    expect(isStandingThisMonth('2026-10-01', month)).toBe(false);
    expect(isStandingThisMonth(null, month)).toBe(false);
    expect(isStandingThisMonth(undefined, month)).toBe(false);
  });

  it('writes the first day of the month to stand and null to withdraw, in the role’s field', () => {
    const month = '2026-11-01';
    expect(candidacyChange(noCandidacy, CandidateTo.Moderator, month)).toEqual({ field: 'moderatorCandidateDate', value: '2026-11-01' });
    expect(candidacyChange(noCandidacy, CandidateTo.Scribe, month)).toEqual({ field: 'scribeCandidateDate', value: '2026-11-01' });
    expect(candidacyChange(noCandidacy, CandidateTo.GreatWise, month)).toEqual({ field: 'greatWiseCandidateDate', value: '2026-11-01' });
    const standing = { ...noCandidacy, scribeCandidateDate: '2026-11-01' };
    expect(candidacyChange(standing, CandidateTo.Scribe, month)).toEqual({ field: 'scribeCandidateDate', value: null });
    // Last month's candidacy is over: the toggle stands again for this month.
    const lastMonth = { ...noCandidacy, moderatorCandidateDate: '2026-10-01' };
    expect(candidacyChange(lastMonth, CandidateTo.Moderator, month)).toEqual({ field: 'moderatorCandidateDate', value: '2026-11-01' });
  });

  it('offers the three roles in order: moderator, scribe, great wise', () => {
    expect(candidacyRoles).toEqual([1, 2, 3]);
  });
});
