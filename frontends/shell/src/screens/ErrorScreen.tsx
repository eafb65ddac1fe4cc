import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { errorKeyOf, type ErrorKey } from '@civic/contracts';
import type { ErrorPageState } from '../app/error-page.js';
import { SingleColumnLayout } from '../layouts/index.js';

function readState(state: unknown): { statusCode: number; key: ErrorKey } {
  const value = (typeof state === 'object' && state !== null ? state : {}) as ErrorPageState;
  const statusCode =
    typeof value.statusCode === 'number' && Number.isInteger(value.statusCode) ? value.statusCode : 500;
  const key = (typeof value.statusMessage === 'string' && errorKeyOf(value.statusMessage)) || 'unexpectedError';
  return { statusCode, key };
}

/** /error: the status code and the translated message of a fatal error, with a way home. */
export function ErrorScreen() {
  const { formatMessage: t } = useIntl();
  const location = useLocation();
  const { statusCode, key } = readState(location.state);
  return (
    <SingleColumnLayout title={t({ id: 'errorPage.title' })}>
      <p className="status-code">{t({ id: 'errorPage.statusCode' }, { statusCode })}</p>
      <p className="error-message">{t({ id: `error.${key}` })}</p>
      <p>
        <Link to="/">{t({ id: 'common.backHome' })}</Link>
      </p>
    </SingleColumnLayout>
  );
}
