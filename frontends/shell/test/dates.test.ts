import { currentYear, dateFormats, formatDateTime, formatDisplayDate, formatDisplayTime, intlLocale, platformTimeZone } from '../../../packages/frontend-kit/src/dates.js';

// ICU writes the space before AM/PM as a narrow no-break space in some versions.
const plain = (text: string) => text.replace(/\u202f/g, ' ');

// 22 November 2026, 14:05 UTC: a Sunday.
const date = new Date('2026-11-22T14:05:00Z');
const utc = 'UTC';

describe('date display formats', () => {
  // Each locale's text of the five formats, in the order of dateFormats.
  it.each([
    ['en', ['22 Nov 2026', 'Sunday, 22 November 2026', '22/11/2026', '2:05 PM', '2026']],
    ['fr', ['22 nov. 2026', 'dimanche 22 novembre 2026', '22/11/2026', '14:05', '2026']],
  ] as const)('writes the five formats in %s', (locale, expected) => {
    expect(dateFormats.map((format) => plain(formatDisplayDate(date, format, locale, utc)))).toEqual(expected);
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

  it('writes every date in the platform’s time zone unless told otherwise', () => {
    expect(platformTimeZone).toBe('Europe/Paris');
    // 23:30 UTC on 31 October is already 1 November in Paris: the page says the Paris day.
    expect(formatDisplayDate('2026-10-31T23:30:00Z', 'short', 'en')).toBe('1 Nov 2026');
    expect(plain(formatDisplayDate(date, 'hours', 'en'))).toBe('3:05 PM');
  });

  it('writes English times without a leading zero and French ones on the 24-hour clock', () => {
    expect(plain(formatDisplayTime('2026-11-22T13:48:00Z', 'en'))).toBe('2:48 PM');
    expect(formatDisplayTime('2026-11-22T13:48:00Z', 'fr')).toBe('14:48');
    expect(plain(formatDisplayTime('2026-11-22T08:05:09Z', 'en', { seconds: true }))).toBe('9:05:09 AM');
    expect(formatDisplayTime('2026-11-22T08:05:09Z', 'fr', { seconds: true })).toBe('09:05:09');
  });

  it('writes one instant the same way on every page, naming the zone only for a reader elsewhere', () => {
    const close = '2026-11-30T23:00:00Z'; // midnight in Paris, 1 December
    const paris = { dateStyle: 'full', timeStyle: 'short', readerTimeZone: 'Europe/Paris' } as const;
    expect(plain(formatDateTime(close, 'en', paris))).toBe('Tuesday, 1 December 2026 at 12:00 AM');
    expect(formatDateTime(close, 'fr', paris)).toBe('mardi 1er décembre 2026 à 00:00');
    expect(plain(formatDateTime(close, 'en', { ...paris, readerTimeZone: 'America/New_York' }))).toBe('Tuesday, 1 December 2026 at 12:00 AM (Paris time)');
    expect(formatDateTime(close, 'fr', { ...paris, readerTimeZone: 'UTC' })).toBe('mardi 1er décembre 2026 à 00:00 (heure de Paris)');
    expect(formatDateTime(close, 'fr', { dateStyle: 'long' })).toBe('1er décembre 2026');
    expect(formatDateTime('nope', 'fr', { dateStyle: 'long' })).toBe('');
  });
});
