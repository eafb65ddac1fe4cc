import type { Locale } from '@civic/contracts';

export type Messages = Record<string, string>;

/**
 * The shell's catalogues, each a chunk of its own: a visit loads only its language (remotes merge
 * theirs on top, see the remotes' IntlProvider).
 */
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
};

const loaded = new Map<Locale, Promise<Messages>>();

/** The locale's catalogue, fetched once. */
export function loadCatalog(locale: Locale): Promise<Messages> {
  let catalog = loaded.get(locale);
  if (!catalog) {
    catalog = loaders[locale]().then((module) => module.default);
    // A failed fetch (a network blip) may be tried again.
    catalog.catch(() => loaded.delete(locale));
    loaded.set(locale, catalog);
  }
  return catalog;
}
