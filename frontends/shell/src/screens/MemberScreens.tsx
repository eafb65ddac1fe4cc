import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { RequireUser } from '../auth/guards.js';
import { ListLayout } from '../layouts/index.js';

const protectedPage = {
  title: { id: 'protected.title' },
  intro: { id: 'protected.intro' },
  empty: { id: 'protected.empty' },
  emptyHint: { id: 'protected.emptyHint' },
  decisions: { id: 'protected.decisions' },
};

/** /protected: the member's to-do page (ARCHITECTURE section 8); visitors go to /identify first. */
export function ProtectedScreen() {
  const { formatMessage: t } = useIntl();
  return (
    <RequireUser>
      <ListLayout title={t(protectedPage.title)} intro={t(protectedPage.intro)}>
        <div className="empty-state" data-todo="empty">
          <p className="empty-state__title">{t(protectedPage.empty)}</p>
          <p>{t(protectedPage.emptyHint)}</p>
          <p>
            <Link to="/decisions">{t(protectedPage.decisions)}</Link>
          </p>
        </div>
      </ListLayout>
    </RequireUser>
  );
}
