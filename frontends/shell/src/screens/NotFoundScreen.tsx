import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { SingleColumnLayout } from '../layouts/index.js';

/** Any unknown path, in the shell or under a remote's prefix: 404 'Page not found'. */
export function NotFoundScreen() {
  const { formatMessage: t } = useIntl();
  const { pathname } = useLocation();
  return (
    <SingleColumnLayout title={t({ id: 'notFound.title' })}>
      <p className="status-code">{t({ id: 'errorPage.statusCode' }, { statusCode: 404 })}</p>
      <p className="error-message">{t({ id: 'notFound.message' }, { path: pathname })}</p>
      <p>{t({ id: 'notFound.explanation' })}</p>
      <p>
        <Link to="/">{t({ id: 'common.backHome' })}</Link>
      </p>
    </SingleColumnLayout>
  );
}
