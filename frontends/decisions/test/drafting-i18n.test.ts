/**
 * The drafting workspace's texts (keys `decisions.drafting.*` of the remote's catalogues): the same
 * keys in both languages, every key the workspace asks for present, and each message formats.
 */
import { createIntl } from 'react-intl';
import { drafting } from '../src/ui/drafting/messages.js';

async function catalog(locale: 'en' | 'fr'): Promise<Record<string, string>> {
  const module = (await import(new URL(`../src/i18n/${locale}.json`, import.meta.url).href, { with: { type: 'json' } })) as { default: Record<string, string> };
  return Object.fromEntries(Object.entries(module.default).filter(([key]) => key.startsWith('decisions.drafting.')));
}
const catalogs = { en: await catalog('en'), fr: await catalog('fr') };

describe('the drafting catalogues', () => {
  it('hold the same keys in English and French', () => {
    expect(Object.keys(catalogs.fr).sort()).toEqual(Object.keys(catalogs.en).sort());
  });

  it('hold every message the workspace uses, and no other', () => {
    const used = Object.values(drafting)
      .map((message) => message.id)
      .sort();
    expect(Object.keys(catalogs.en).sort()).toEqual(used);
  });

  it.each(['en', 'fr'] as const)('format the drag and drop announcements in %s with the article and its place', (locale) => {
    const errors: unknown[] = [];
    const intl = createIntl({ locale, messages: catalogs[locale], onError: (error) => errors.push(error) });
    const text = intl.formatMessage(drafting.over, { article: 'Article 3', position: 2, count: 5 });
    expect(text).toContain('Article 3');
    expect(text).toContain('2');
    expect(text).toContain('5');
    expect(intl.formatMessage(drafting.handle, { article: 'Article 3' })).toContain('Article 3');
    expect(errors).toEqual([]);
  });
});
