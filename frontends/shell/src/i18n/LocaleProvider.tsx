import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Locale } from '@civic/contracts';
import { applyDocumentLocale, initialLocale, persistLocale } from './locale.js';
import { catalogs } from './messages.js';
import { useRequiredContext } from '../app/required-context.js';

interface LocaleSwitch {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleSwitch | null>(null);

/** The IntlProvider of the whole application, with the EN/FR switch remembered in the `locale` cookie. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);

  useEffect(() => {
    applyDocumentLocale(locale);
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    persistLocale(next);
    setLocaleState(next);
  }, []);

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);

  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={locale} defaultLocale="en" messages={catalogs[locale]}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export function useLocaleSwitch(): LocaleSwitch {
  return useRequiredContext(LocaleContext, 'useLocaleSwitch must be used inside <LocaleProvider>');
}
