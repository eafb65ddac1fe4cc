import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { SingleColumnLayout } from '../layouts/index.js';

const messages = {
  title: { id: 'notFound.title' },
  statusCode: { id: 'errorPage.statusCode' },
  message: { id: 'notFound.message' },
  explanation: { id: 'notFound.explanation' },
  backHome: { id: 'common.backHome' },
};

/** Any unknown path, in the shell or under a remote's prefix: 404 'Page not found'. */
export function NotFoundScreen() {
  const { formatMessage: t } = useIntl();
  const { pathname } = useLocation();
  return (
    <SingleColumnLayout title={t(messages.title)}>
      <p className="status-code">{t(messages.statusCode, { statusCode: 404 })}</p>
      <p className="error-message">{t(messages.message, { path: pathname })}</p>
      <p>{t(messages.explanation)}</p>
      <p>
        <Link to="/">{t(messages.backHome)}</Link>
      </p>
    </SingleColumnLayout>
  );
}
