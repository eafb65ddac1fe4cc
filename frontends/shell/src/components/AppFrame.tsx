import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, useLocation } from 'react-router-dom';
import { FatalErrorBoundary } from './FatalErrorBoundary.js';
import { Footer } from './Footer.js';
import { Header } from './Header.js';
const mainId = 'main-content';

/** Header, main content and footer around every screen, the shell's and the remotes'. */
export function AppFrame() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // After a client-side navigation, move focus to the new content so keyboard and screen-reader
  // users start reading there (the first render keeps the browser's default focus).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: false });
  }, [pathname]);

  return (
    <div className="app">
      <a className="skip-link" href={`#${mainId}`}>
        {intl.formatMessage({ id: 'app.skipToContent' })}
      </a>
      <Header />
      <main id={mainId} ref={mainRef} tabIndex={-1} className="site-main">
        <FatalErrorBoundary>
          <Outlet />
        </FatalErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
