import { createContext, Suspense, useContext, useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { Route, Routes } from 'react-router-dom';
import { platformTimeZone } from './dates.js';
import { FeedbackProvider } from './FeedbackProvider.js';
import { SessionProvider } from './SessionProvider.js';
import type { RemoteRoutesProps } from './shell-contract.js';

type Locale = 'en' | 'fr';
export type RemoteCatalogs = Record<Locale, Record<string, string>>;

/**
 * The root every remote renders: it follows the shell's locale (useIntl().locale of the shell's
 * IntlProvider) and adds the remote's messages on top of the shell's, so the shell's layouts and 404
 * keep their texts inside the remote; `useShell` gives the layouts the shell handed over.
 * `RemoteRoutes` is the whole of a remote's exposed routes component around its own routes.
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
        {/* Any date the remote writes through react-intl is in the platform's zone, not the browser's. */}
        <IntlProvider locale={outer.locale} defaultLocale={outer.defaultLocale} messages={messages} timeZone={platformTimeZone}>
          <div className="remote-root" data-remote={remote}>
            {children}
          </div>
        </IntlProvider>
      </ShellContext.Provider>
    );
  }

  function NotFound() {
    const { NotFound: ShellNotFound } = useShell();
    return <ShellNotFound />;
  }

  /**
   * The frame, the session, the shell's snackbar and modal, then the remote's `<Route>`s (matched on
   * the full path), and the shell's 404 for any other path. `fallback` shows while a lazily loaded
   * screen arrives. The remote's stylesheets are its CSS imports, loaded with its chunks.
   */
  function RemoteRoutes({ shell, fallback, children }: { shell: RemoteRoutesProps; fallback: ReactNode; children: ReactNode }) {
    return (
      <RemoteFrame shell={shell}>
        <SessionProvider restore={shell.services?.session}>
          <FeedbackProvider services={shell.services}>
            <Suspense fallback={fallback}>
              <Routes>
                {children}
                <Route path="*" element={<NotFound />} />
              </Routes>
            </Suspense>
          </FeedbackProvider>
        </SessionProvider>
      </RemoteFrame>
    );
  }

  return { RemoteFrame, RemoteRoutes, useShell };
}
