import { createIntl } from 'react-intl';
import { formatDayDate, formatMoment } from '../src/i18n/dates.js';
import { activeSuspension } from '../src/users/suspension.js';

describe('suspension shown to the member', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');
  it('is the end of a suspension still running, else nothing', () => {
    expect(activeSuspension('2026-11-23T11:00:00.000Z', now)?.toISOString()).toBe('2026-11-23T11:00:00.000Z');
    expect(activeSuspension('2026-11-23T09:59:59.000Z', now)).toBeNull();
    expect(activeSuspension(null, now)).toBeNull();
    expect(activeSuspension('not a date', now)).toBeNull();
  });
});

describe('dates in sentences', () => {
  const fr = createIntl({ locale: 'fr', timeZone: 'UTC' });
  const en = createIntl({ locale: 'en', timeZone: 'UTC' });
  it('write the first day of a month "1er" in French, and leave other days and English alone', () => {
    expect(formatDayDate(fr, '2026-12-01T10:00:00Z', { dateStyle: 'long' })).toBe('1er décembre 2026');
    expect(formatDayDate(fr, '2026-12-11T10:00:00Z', { dateStyle: 'long' })).toBe('11 décembre 2026');
    // In the platform's time zone (Paris, UTC+1 in December), the zone named for a reader elsewhere.
    expect(formatMoment(fr, '2026-12-01T10:05:00Z')).toMatch(/^mardi 1er décembre 2026 à 11:05( \(heure de Paris\))?$/);
    expect(formatDayDate(en, '2026-12-01T10:00:00Z', { dateStyle: 'long' })).toBe('1 December 2026');
  });
});
