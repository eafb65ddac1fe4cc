import { currentYear, dateFormats, formatDisplayDate, intlLocale } from '../../../packages/frontend-kit/src/dates.js';

// 22 November 2026, 14:05 UTC: a Sunday.
const date = new Date('2026-11-22T14:05:00Z');
const utc = 'UTC';

describe('date display formats', () => {
  // Each locale's text of the five formats, in the order of dateFormats.
  it.each([
    ['en', ['22 Nov 2026', 'Sunday, 22 November 2026', '22/11/2026', '14:05', '2026']],
    ['fr', ['22 nov. 2026', 'dimanche 22 novembre 2026', '22/11/2026', '14:05', '2026']],
  ] as const)('writes the five formats in %s', (locale, expected) => {
    expect(dateFormats.map((format) => formatDisplayDate(date, format, locale, utc))).toEqual(expected);
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
