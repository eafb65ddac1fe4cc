import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { platformTimeZone } from '@civic/frontend-kit/dates';
import { IntlProvider } from 'react-intl';
import type { Locale } from '@civic/contracts';
import { applyDocumentLocale, persistLocale } from './locale.js';
import { loadCatalog, type Messages } from './messages.js';
import { useRequiredContext } from '../app/required-context.js';

interface LocaleSwitch {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleSwitch | null>(null);

/**
 * The IntlProvider of the whole application, with the EN/FR switch remembered in the `locale` cookie.
 * It starts with the catalogue loaded before the first render (bootstrap.tsx); a switch shows the
 * other language once its catalogue has come.
 */
export function LocaleProvider({ initial, children }: { initial: { locale: Locale; messages: Messages }; children: ReactNode }) {
  const [current, setCurrent] = useState(initial);
  const { locale, messages } = current;

  useEffect(() => {
    applyDocumentLocale(locale);
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    persistLocale(next);
    void loadCatalog(next).then(
      (nextMessages) => setCurrent({ locale: next, messages: nextMessages }),
      // Offline: the page stays in its language; the cookie already holds the choice for the next visit.
      (error: unknown) => console.error(`The ${next} texts could not be loaded`, error),
    );
  }, []);

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);

  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={locale} defaultLocale="en" messages={messages} timeZone={platformTimeZone}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export function useLocaleSwitch(): LocaleSwitch {
  return useRequiredContext(LocaleContext, 'useLocaleSwitch must be used inside <LocaleProvider>');
}
