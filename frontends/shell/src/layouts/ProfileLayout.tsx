import { useIntl } from 'react-intl';
import { frenchOf } from '@civic/frontend-kit/french';
import { NavLink } from 'react-router-dom';
import type { ProfileLayoutProps } from '@civic/frontend-kit/shell-contract';
import { useAuth } from '../auth/AuthProvider.js';
import { ScreenLayout } from './ScreenLayout.js';

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
    <nav className="tabs" aria-label={intl.formatMessage({ id: 'profile.nav.label' }, { userName, ofUserName: frenchOf(userName) })}>
      <ul>
        <li>
          <NavLink to={`${base}/activity`}>{intl.formatMessage({ id: 'profile.nav.activity' })}</NavLink>
        </li>
        {own ? (
          <>
            <li>
              <NavLink to={`${base}/settings`}>{intl.formatMessage({ id: 'profile.nav.settings' })}</NavLink>
            </li>
            <li>
              <NavLink to={`${base}/delete-account`}>{intl.formatMessage({ id: 'profile.nav.deleteAccount' })}</NavLink>
            </li>
          </>
        ) : null}
      </ul>
    </nav>
  );
  return <ScreenLayout variant="profile" above={tabs} {...props} />;
}
