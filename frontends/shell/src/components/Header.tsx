import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { trapTab, useWideScreen } from '@civic/frontend-kit/design';
import { LanguageSwitch } from './LanguageSwitch.js';
import { NotificationBell } from './NotificationBell.js';
import { HeaderPhases } from './Phases.js';
import { HeaderSuspension } from './SuspensionNotice.js';
import { UserMenu } from './UserMenu.js';

const messages = {
  appName: { id: 'app.name' },
  homeLink: { id: 'nav.homeLink' },
  navLabel: { id: 'nav.label' },
  menu: { id: 'nav.menu' },
  closeMenu: { id: 'nav.closeMenu' },
  home: { id: 'nav.home' },
  decisions: { id: 'nav.decisions' },
  elections: { id: 'nav.elections' },
  archive: { id: 'nav.archive' },
  about: { id: 'nav.about' },
  help: { id: 'nav.help' },
};

const links = [
  { to: '/', message: messages.home, end: true },
  { to: '/decisions', message: messages.decisions, end: false },
  { to: '/elections', message: messages.elections, end: false },
  { to: '/archive', message: messages.archive, end: false },
  { to: '/about', message: messages.about, end: false },
  { to: '/help', message: messages.help, end: false },
] as const;

/**
 * The site header. From 64rem wide: the name, the navigation, the language switch, the bell and the
 * account menu in a row, the current phases under it. Narrower: one compact row (name, bell, a Menu
 * button) and the navigation, language, account and current phases in a drawer, a modal dialog (focus kept inside,
 * Escape or a navigation closes it, focus goes back to the Menu button). Both are the same elements,
 * so nothing is in the page twice.
 */
export function Header() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const wide = useWideScreen();
  const [open, setOpen] = useState(false);
  const drawer = !wide && open;
  const drawerId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // A navigation (a link in the drawer) closes it.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!drawer) return;
    closeButton.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [drawer]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label={t(messages.homeLink)}>
          <span className="brand__mark" aria-hidden="true" />
          {t(messages.appName)}
        </Link>
        <div className="site-header__quick">
          <NotificationBell />
          {wide ? null : (
            <button
              ref={toggle}
              type="button"
              className="site-header__menu-button"
              aria-expanded={drawer}
              aria-controls={drawerId}
              onClick={() => setOpen(true)}
            >
              <span className="site-header__menu-icon" aria-hidden="true" />
              {t(messages.menu)}
            </button>
          )}
        </div>
        {drawer ? <div className="site-header__backdrop" aria-hidden="true" onClick={close} /> : null}
        <div
          ref={panel}
          id={drawerId}
          className="site-header__drawer"
          data-open={drawer || undefined}
          role={drawer ? 'dialog' : undefined}
          aria-modal={drawer || undefined}
          aria-label={drawer ? t(messages.menu) : undefined}
          onKeyDown={(event) => {
            if (!drawer) return;
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            } else if (panel.current) trapTab(event, panel.current);
          }}
        >
          {drawer ? (
            <div className="site-header__drawer-head">
              <span className="site-header__drawer-title">{t(messages.appName)}</span>
              <button ref={closeButton} type="button" className="ui-button ui-button--quiet" onClick={close}>
                {t(messages.closeMenu)}
              </button>
            </div>
          ) : null}
          <nav className="site-nav" aria-label={t(messages.navLabel)}>
            <ul>
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end}>
                    {t(link.message)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="site-header__tools">
            <LanguageSwitch />
            <UserMenu />
          </div>
          {drawer ? (
            <div className="site-header__phases">
              <HeaderPhases />
            </div>
          ) : null}
        </div>
      </div>
      <HeaderSuspension />
      {wide ? (
        <div className="site-header__phases">
          <HeaderPhases />
        </div>
      ) : null}
    </header>
  );
}
