/** The law PDF's dates: the reader's language and the platform's time zone, "1er" for the first of a month in French. */
import { pdfDate, pdfTime } from '../src/pdf/law-pdf.js';

describe('pdfDate', () => {
  it('writes the first day of a month "1er" in French, and plainly in English', () => {
    const first = new Date('2026-03-01T10:00:00Z');
    expect(pdfDate(first, 'fr', 'Europe/Paris')).toBe('1er mars 2026');
    expect(pdfDate(first, 'en', 'Europe/Paris')).toBe('1 March 2026');
  });

  it('leaves other days as they are, 11 and 21 included', () => {
    expect(pdfDate(new Date('2026-03-11T10:00:00Z'), 'fr', 'Europe/Paris')).toBe('11 mars 2026');
    expect(pdfDate(new Date('2026-03-21T10:00:00Z'), 'fr', 'Europe/Paris')).toBe('21 mars 2026');
  });

  it('reads the day in the platform’s time zone: late on the last day in UTC is already the 1st in Paris', () => {
    expect(pdfDate(new Date('2026-02-28T23:30:00Z'), 'fr', 'Europe/Paris')).toBe('1er mars 2026');
    expect(pdfDate(new Date('2026-02-28T23:30:00Z'), 'fr', 'UTC')).toBe('28 février 2026');
  });
});

describe('pdfTime', () => {
  it('names the platform’s zone the same way in both languages, never Intl’s "CET" in one and "UTC+1" in the other', () => {
    const winter = new Date('2026-11-27T13:48:00Z');
    expect(pdfTime(winter, 'en', 'Europe/Paris')).toBe('2:48 PM (Paris time)');
    expect(pdfTime(winter, 'fr', 'Europe/Paris')).toBe('14:48 (heure de Paris)');
    // Summer time moves the hour, not the name.
    expect(pdfTime(new Date('2026-07-01T08:05:00Z'), 'en', 'Europe/Paris')).toBe('10:05 AM (Paris time)');
    expect(pdfTime(new Date('2026-07-01T08:05:00Z'), 'fr', 'Europe/Paris')).toBe('10:05 (heure de Paris)');
  });

  it('writes midnight as 12 AM in English and 00 in French, in another zone named by its city', () => {
    expect(pdfTime(new Date('2026-11-27T05:00:00Z'), 'en', 'America/New_York')).toBe('12:00 AM (New York time)');
    expect(pdfTime(new Date('2026-11-26T23:00:00Z'), 'fr', 'Europe/Paris')).toBe('00:00 (heure de Paris)');
  });
});
