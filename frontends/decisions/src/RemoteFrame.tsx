import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { RemoteRoutesProps } from './shell-contract.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

type Locale = 'en' | 'fr';
const catalogs: Record<Locale, Record<string, string>> = { en, fr };

const ShellContext = createContext<RemoteRoutesProps | null>(null);

/** The layouts and 404 screen the shell handed to this remote. */
export function useShell(): RemoteRoutesProps {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell must be used inside <RemoteFrame>');
  return shell;
}

/**
 * The root of the remote: follows the shell's locale (useIntl().locale of the shell's IntlProvider)
 * and adds this remote's messages on top of the shell's, so the shell's layouts and 404 keep their
 * texts inside the remote.
 */
export function RemoteFrame({ shell, children }: { shell: RemoteRoutesProps; children: ReactNode }) {
  const outer = useIntl();
  const locale: Locale = outer.locale.toLowerCase().startsWith('fr') ? 'fr' : 'en';
  const messages = useMemo(
    () => ({ ...(outer.messages as Record<string, string>), ...catalogs[locale] }),
    [outer.messages, locale],
  );
  return (
    <ShellContext.Provider value={shell}>
      <IntlProvider locale={outer.locale} defaultLocale={outer.defaultLocale} messages={messages}>
        <div className="remote-root" data-remote="decisions">
          {children}
        </div>
      </IntlProvider>
    </ShellContext.Provider>
  );
}
