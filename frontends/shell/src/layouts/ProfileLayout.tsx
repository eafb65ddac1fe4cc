import { useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import type { ProfileLayoutProps } from '@civic/frontend-kit/shell-contract';
import { useAuth } from '../auth/AuthProvider.js';
import { ScreenLayout } from './ScreenLayout.js';

const messages = {
  navLabel: { id: 'profile.nav.label' },
  activity: { id: 'profile.nav.activity' },
  settings: { id: 'profile.nav.settings' },
  deleteAccount: { id: 'profile.nav.deleteAccount' },
};

/**
 * A user's pages: the user's name, the tabs between activity, settings and account deletion (the
 * last two only for the user themself, the only one allowed there).
 */
export function ProfileLayout({ userId, userName, ...props }: ProfileLayoutProps) {
  const intl = useIntl();
  const { user } = useAuth();
  const own = user?.id === userId;
  const base = `/users/${encodeURIComponent(userId)}/${encodeURIComponent(userName)}`;
  const tabs = (
    <nav className="tabs" aria-label={intl.formatMessage(messages.navLabel, { userName })}>
      <ul>
        <li>
          <NavLink to={`${base}/activity`}>{intl.formatMessage(messages.activity)}</NavLink>
        </li>
        {own ? (
          <>
            <li>
              <NavLink to={`${base}/settings`}>{intl.formatMessage(messages.settings)}</NavLink>
            </li>
            <li>
              <NavLink to={`${base}/delete-account`}>{intl.formatMessage(messages.deleteAccount)}</NavLink>
            </li>
          </>
        ) : null}
      </ul>
    </nav>
  );
  return <ScreenLayout variant="profile" above={tabs} {...props} />;
}
