import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router-dom';
import { useNarrowDialog } from '@civic/frontend-kit/design';
import { LanguageSwitch } from './LanguageSwitch.js';
import { useOnNavigation } from './navigation.js';
import { NotificationBell } from './NotificationBell.js';
import { HeaderPhases } from './Phases.js';
import { HeaderSuspension } from './SuspensionNotice.js';
import { UserMenu } from './UserMenu.js';

const links = [
  { to: '/', message: { id: 'nav.home' }, end: true },
  { to: '/decisions', message: { id: 'nav.decisions' }, end: false },
  { to: '/elections', message: { id: 'nav.elections' }, end: false },
  { to: '/archive', message: { id: 'nav.archive' }, end: false },
  { to: '/about', message: { id: 'nav.about' }, end: false },
  { to: '/help', message: { id: 'nav.help' }, end: false },
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
  const { wide, setOpen, modal: drawer, panel, opener: toggle, closeButton, close, onKeyDown } = useNarrowDialog<HTMLDivElement>();
  const drawerId = useId();
  useOnNavigation(() => setOpen(false));

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label={t({ id: 'nav.homeLink' })}>
          <span className="brand__mark" aria-hidden="true" />
          {t({ id: 'app.name' })}
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
              {t({ id: 'nav.menu' })}
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
          aria-label={drawer ? t({ id: 'nav.menu' }) : undefined}
          onKeyDown={onKeyDown}
        >
          {drawer ? (
            <div className="site-header__drawer-head">
              <span className="site-header__drawer-title">{t({ id: 'app.name' })}</span>
              <button ref={closeButton} type="button" className="ui-button ui-button--quiet" onClick={close}>
                {t({ id: 'nav.closeMenu' })}
              </button>
            </div>
          ) : null}
          <nav className="site-nav" aria-label={t({ id: 'nav.label' })}>
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
