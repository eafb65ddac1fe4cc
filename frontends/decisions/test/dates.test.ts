/** The countdown's text and the dates of the decision screens, in English and French. */
import { createIntl } from 'react-intl';
import { formatDuration } from '@civic/frontend-kit/duration';
import { withFrenchOrdinal } from '../src/dates.js';
import { durationUnits } from '../src/ui/CycleParts.js';

/** A catalogue as a JSON module (dynamic import: the attribute survives the swc transform). */
async function catalog(locale: 'en' | 'fr'): Promise<Record<string, string>> {
  const module = (await import(new URL(`../src/i18n/${locale}.json`, import.meta.url).href, { with: { type: 'json' } })) as { default: Record<string, string> };
  return module.default;
}
const catalogs = { en: await catalog('en'), fr: await catalog('fr') };

describe('formatDuration', () => {
  const intl = (locale: 'en' | 'fr') => createIntl({ locale, messages: catalogs[locale] });
  it('writes days, hours and minutes, and seconds under a day', () => {
    expect(formatDuration(intl('en'), 3 * 86_400 + 4 * 3600 + 12 * 60 + 5, durationUnits)).toBe('3 days 4 h 12 min');
    expect(formatDuration(intl('en'), 86_400 + 60, durationUnits)).toBe('1 day 0 h 1 min');
    expect(formatDuration(intl('en'), 2 * 3600 + 5, durationUnits)).toBe('2 h 0 min 5 s');
    expect(formatDuration(intl('en'), 125, durationUnits)).toBe('2 min 5 s');
    expect(formatDuration(intl('en'), 9, durationUnits)).toBe('9 s');
    expect(formatDuration(intl('fr'), 2 * 86_400 + 3600, durationUnits)).toBe('2 jours 1 h 0 min');
  });
});

describe('withFrenchOrdinal', () => {
  it('writes the first day of a month "1er" in French only', () => {
    expect(withFrenchOrdinal('1 mars 2026', 'fr')).toBe('1er mars 2026');
    expect(withFrenchOrdinal('mardi 1 décembre 2026 à 17:42', 'fr')).toBe('mardi 1er décembre 2026 à 17:42');
    expect(withFrenchOrdinal('1 déc. 2026, 17:42', 'fr')).toBe('1er déc. 2026, 17:42');
    expect(withFrenchOrdinal('11 mars 2026', 'fr')).toBe('11 mars 2026');
    expect(withFrenchOrdinal('21 mars 2026', 'fr')).toBe('21 mars 2026');
    expect(withFrenchOrdinal('à 1 h', 'fr')).toBe('à 1 h');
    expect(withFrenchOrdinal('1 March 2026', 'en')).toBe('1 March 2026');
  });
});
