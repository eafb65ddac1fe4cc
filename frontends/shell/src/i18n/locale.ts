import { Limits, localeCookieName, locales, type Locale } from '@civic/contracts';

const secondsPerDay = 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The value of the `locale` cookie when it names a supported locale. */
export function readLocaleCookie(cookieHeader: string): Locale | undefined {
  for (const part of cookieHeader.split(';')) {
    const [rawName, ...rest] = part.split('=');
    if (rawName?.trim() !== localeCookieName) continue;
    const value = decodeURIComponent(rest.join('=').trim());
    if (isLocale(value)) return value;
  }
  return undefined;
}

/** The browser language mapped to a supported locale: fr* gives French, anything else English. */
export function localeFromLanguage(language: string | undefined): Locale {
  return language?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/** The locale to start with: the cookie, else the browser language. */
export function initialLocale(): Locale {
  return readLocaleCookie(document.cookie) ?? localeFromLanguage(navigator.language);
}

/** The cookie string that remembers a locale for Limits.localeCookieDays (365 days). */
export function localeCookie(locale: Locale, secure: boolean): string {
  const maxAge = Limits.localeCookieDays * secondsPerDay;
  return `${localeCookieName}=${locale}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Remembers the locale in the cookie and applies it to the document. */
export function persistLocale(locale: Locale): void {
  document.cookie = localeCookie(locale, window.location.protocol === 'https:');
  applyDocumentLocale(locale);
}

export function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
}
