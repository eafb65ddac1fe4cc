/**
 * The texts of live co-drafting (`decisions.live.*`), added to the remote's messages on the creation
 * screen only: they travel in that screen's chunk, not in the catalogue every screen of the remote
 * loads first (the remote's first-load budget, e2e/test/routes.e2e.test.ts).
 */
import type { ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

export const liveCatalogs: Record<string, Record<string, string>> = { en, fr };

export function LiveMessages({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const messages = { ...(intl.messages as Record<string, string>), ...(liveCatalogs[intl.locale] ?? en) };
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={messages} timeZone={intl.timeZone}>
      {children}
    </IntlProvider>
  );
}
