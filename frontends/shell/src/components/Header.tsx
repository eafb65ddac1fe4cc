import { useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router-dom';
import { LanguageSwitch } from './LanguageSwitch.js';
import { NotificationBell } from './NotificationBell.js';
import { HeaderPhases } from './Phases.js';
import { HeaderSuspension } from './SuspensionNotice.js';
import { UserMenu } from './UserMenu.js';

const messages = {
  appName: { id: 'app.name' },
  homeLink: { id: 'nav.homeLink' },
  navLabel: { id: 'nav.label' },
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

export function Header() {
  const intl = useIntl();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label={intl.formatMessage(messages.homeLink)}>
          {intl.formatMessage(messages.appName)}
        </Link>
        <nav className="site-nav" aria-label={intl.formatMessage(messages.navLabel)}>
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end}>
                  {intl.formatMessage(link.message)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__tools">
          <LanguageSwitch />
          <NotificationBell />
          <UserMenu />
        </div>
      </div>
      <HeaderSuspension />
      <div className="site-header__phases">
        <HeaderPhases />
      </div>
    </header>
  );
}
