import { localeCookie, localeFromLanguage, readLocaleCookie } from '../src/i18n/locale.js';

describe('locale', () => {
  it('reads the locale cookie among others', () => {
    expect(readLocaleCookie('a=1; locale=fr; b=2')).toBe('fr');
    expect(readLocaleCookie('locale=en')).toBe('en');
  });

  it('ignores a missing or unsupported locale cookie', () => {
    expect(readLocaleCookie('')).toBeUndefined();
    expect(readLocaleCookie('locale=de')).toBeUndefined();
    expect(readLocaleCookie('mylocale=fr')).toBeUndefined();
  });

  it('maps the browser language: fr* to French, anything else to English', () => {
    expect(localeFromLanguage('fr')).toBe('fr');
    expect(localeFromLanguage('fr-CA')).toBe('fr');
    expect(localeFromLanguage('FR-be')).toBe('fr');
    expect(localeFromLanguage('en-GB')).toBe('en');
    expect(localeFromLanguage('de-DE')).toBe('en');
    expect(localeFromLanguage(undefined)).toBe('en');
  });

  it('remembers the locale for 365 days on the whole site', () => {
    expect(localeCookie('fr', false)).toBe('locale=fr; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(localeCookie('en', true)).toBe('locale=en; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
  });
});
