import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { RemoteRoutesProps } from './shell-contract.js';

type Locale = 'en' | 'fr';
export type RemoteCatalogs = Record<Locale, Record<string, string>>;

/**
 * The root every remote renders: it follows the shell's locale (useIntl().locale of the shell's
 * IntlProvider) and adds the remote's messages on top of the shell's, so the shell's layouts and 404
 * keep their texts inside the remote; `useShell` gives the layouts the shell handed over.
 */
export function createRemoteFrame(remote: string, catalogs: RemoteCatalogs) {
  const ShellContext = createContext<RemoteRoutesProps | null>(null);

  function useShell(): RemoteRoutesProps {
    const shell = useContext(ShellContext);
    if (!shell) throw new Error('useShell must be used inside <RemoteFrame>');
    return shell;
  }

  function RemoteFrame({ shell, children }: { shell: RemoteRoutesProps; children: ReactNode }) {
    const outer = useIntl();
    const locale: Locale = outer.locale.toLowerCase().startsWith('fr') ? 'fr' : 'en';
    const messages = useMemo(
      () => ({ ...(outer.messages as Record<string, string>), ...catalogs[locale] }),
      [outer.messages, locale],
    );
    return (
      <ShellContext.Provider value={shell}>
        <IntlProvider locale={outer.locale} defaultLocale={outer.defaultLocale} messages={messages}>
          <div className="remote-root" data-remote={remote}>
            {children}
          </div>
        </IntlProvider>
      </ShellContext.Provider>
    );
  }

  return { RemoteFrame, useShell };
}
