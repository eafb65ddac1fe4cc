import { useIntl } from 'react-intl';
import { ListLayout } from '../layouts/index.js';

const protectedPage = { title: { id: 'protected.title' }, intro: { id: 'protected.intro' } };

/** /protected: the member's to-do page (ARCHITECTURE section 8). */
export function ProtectedScreen() {
  const { formatMessage: t } = useIntl();
  return <ListLayout title={t(protectedPage.title)} intro={t(protectedPage.intro)} />;
}

const notifications = { title: { id: 'notifications.title' }, intro: { id: 'notifications.intro' } };

/** /notifications */
export function NotificationsScreen() {
  const { formatMessage: t } = useIntl();
  return <ListLayout title={t(notifications.title)} intro={t(notifications.intro)} />;
}
