import { useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import { useAuth } from '../auth/AuthProvider.js';
import { useNotifications } from '../notifications/NotificationsProvider.js';

/** The header's bell: a link to /notifications with the live unread count (members only). */
export function NotificationBell() {
  const { formatMessage: t } = useIntl();
  const { user } = useAuth();
  const { unread } = useNotifications();
  if (!user) return null;
  const count = unread ?? 0;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <NavLink to="/notifications" className="notification-bell" aria-label={t({ id: 'header.notifications' }, { count })} title={t({ id: 'header.notificationsShort' })}>
      <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
        <path d="M13.73 21a2 2 0 0 1-3.46 0" />
      </svg>
      <span className="notification-bell__count" data-unread-count={count} hidden={count === 0} aria-hidden="true">
        {shown}
      </span>
    </NavLink>
  );
}
