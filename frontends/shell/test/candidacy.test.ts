import { CandidateTo } from '@civic/contracts';
import { candidacyChange, candidacyRoles, firstDayOfMonth, isStandingThisMonth } from '../src/users/candidacy.js';

const noCandidacy = { moderatorCandidateDate: null, scribeCandidateDate: null, greatWiseCandidateDate: null };

describe('candidacy dates (SPEC section 4)', () => {
  it('is the first day of the current month, as YYYY-MM-01', () => {
    expect(firstDayOfMonth(new Date(2026, 10, 22, 9, 30))).toBe('2026-11-01');
    expect(firstDayOfMonth(new Date(2026, 0, 1, 0, 0))).toBe('2026-01-01');
    expect(firstDayOfMonth(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-01');
    expect(firstDayOfMonth(new Date(987, 8, 15))).toBe('0987-09-01');
  });

  it('stands this month only with this month’s date', () => {
    const now = new Date(2026, 10, 22);
    expect(isStandingThisMonth('2026-11-01', now)).toBe(true);
    expect(isStandingThisMonth('2026-11-01T00:00:00.000Z', now)).toBe(true);
    expect(isStandingThisMonth('2026-10-01', now)).toBe(false);
    expect(isStandingThisMonth(null, now)).toBe(false);
    expect(isStandingThisMonth(undefined, now)).toBe(false);
  });

  it('writes the first day of the month to stand and null to withdraw, in the role’s field', () => {
    const now = new Date(2026, 10, 22);
    expect(candidacyChange(noCandidacy, CandidateTo.Moderator, now)).toEqual({ field: 'moderatorCandidateDate', value: '2026-11-01' });
    expect(candidacyChange(noCandidacy, CandidateTo.Scribe, now)).toEqual({ field: 'scribeCandidateDate', value: '2026-11-01' });
    expect(candidacyChange(noCandidacy, CandidateTo.GreatWise, now)).toEqual({ field: 'greatWiseCandidateDate', value: '2026-11-01' });
    const standing = { ...noCandidacy, scribeCandidateDate: '2026-11-01' };
    expect(candidacyChange(standing, CandidateTo.Scribe, now)).toEqual({ field: 'scribeCandidateDate', value: null });
    // Last month's candidacy is over: the toggle stands again for this month.
    const lastMonth = { ...noCandidacy, moderatorCandidateDate: '2026-10-01' };
    expect(candidacyChange(lastMonth, CandidateTo.Moderator, now)).toEqual({ field: 'moderatorCandidateDate', value: '2026-11-01' });
  });

  it('offers the three roles in order: moderator, scribe, great wise', () => {
    expect(candidacyRoles).toEqual([1, 2, 3]);
  });
});
