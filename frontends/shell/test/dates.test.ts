import { currentYear, dateFormats, formatDisplayDate, intlLocale } from '../../../packages/frontend-kit/src/dates.js';

// 22 November 2026, 14:05 UTC: a Sunday.
const date = new Date('2026-11-22T14:05:00Z');
const utc = 'UTC';

describe('date display formats (SPEC section 3)', () => {
  it('writes the five formats in English', () => {
    expect(formatDisplayDate(date, 'short', 'en', utc)).toBe('22 Nov 2026');
    expect(formatDisplayDate(date, 'long', 'en', utc)).toBe('Sunday, 22 November 2026');
    expect(formatDisplayDate(date, 'numeric', 'en', utc)).toBe('22/11/2026');
    expect(formatDisplayDate(date, 'hours', 'en', utc)).toBe('14:05');
    expect(formatDisplayDate(date, 'currentYear', 'en', utc)).toBe('2026');
  });

  it('writes the five formats in French', () => {
    expect(formatDisplayDate(date, 'short', 'fr', utc)).toBe('22 nov. 2026');
    expect(formatDisplayDate(date, 'long', 'fr', utc)).toBe('dimanche 22 novembre 2026');
    expect(formatDisplayDate(date, 'numeric', 'fr', utc)).toBe('22/11/2026');
    expect(formatDisplayDate(date, 'hours', 'fr', utc)).toBe('14:05');
    expect(formatDisplayDate(date, 'currentYear', 'fr', utc)).toBe('2026');
  });

  it('follows the time zone it is given', () => {
    expect(formatDisplayDate(date, 'hours', 'fr', 'Europe/Paris')).toBe('15:05');
    expect(formatDisplayDate('2026-12-31T23:30:00Z', 'currentYear', 'en', 'Europe/Paris')).toBe('2027');
  });

  it('reads ISO strings and epoch milliseconds, and gives nothing for an invalid date', () => {
    expect(formatDisplayDate('2026-11-22T14:05:00Z', 'numeric', 'en', utc)).toBe('22/11/2026');
    expect(formatDisplayDate(date.getTime(), 'short', 'fr-CA', utc)).toBe('22 nov. 2026');
    expect(formatDisplayDate('not a date', 'long', 'en')).toBe('');
  });

  it('maps locales and knows every format', () => {
    expect(intlLocale('fr-CA')).toBe('fr-FR');
    expect(intlLocale('en-US')).toBe('en-GB');
    expect(dateFormats).toEqual(['short', 'long', 'numeric', 'hours', 'currentYear']);
    expect(currentYear('fr', date, utc)).toBe('2026');
  });
});
