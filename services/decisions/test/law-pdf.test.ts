/** The law PDF's dates: the reader's language and the platform's time zone, "1er" for the first of a month in French. */
import { pdfDate } from '../src/pdf/law-pdf.js';

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
