/**
 * /unsubscribe?token=: the digest mail's one-click link (docs/product.md#following). Opening it turns
 * the digest off at once, logged in or not (the token names the member); a bad link shows its error.
 */
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { ErrorMessages } from '@civic/contracts';
import { ApiError } from '@civic/frontend-kit/api-client';
import { notificationsApi } from '../api/notifications.js';
import { useAuth } from '../auth/AuthProvider.js';
import { Loading } from '../auth/Guards.js';
import { ActionLinks } from '../components/ActionLinks.js';
import { userPath } from '../components/UserMenu.js';
import { Outcome } from '../forms/Fields.js';
import { SingleColumnLayout } from '../layouts/index.js';
import { unsubscribeTokenOf } from '../users/following.js';
import { LinkErrorWithCountdown, useLinkCall } from './account/AccountParts.js';

const unsubscribe = (token: string) => notificationsApi.unsubscribeDigest(token);
const nothingMore = () => undefined;

export function UnsubscribeScreen() {
  const { formatMessage: t } = useIntl();
  const token = unsubscribeTokenOf(useLocation().search);
  return (
    <SingleColumnLayout title={t({ id: 'unsubscribe.title' })}>
      {token ? (
        <Unsubscribe key={token} token={token} />
      ) : (
        <LinkErrorWithCountdown error={new ApiError(400, ErrorMessages.invalidUnsubscribeLink)} />
      )}
    </SingleColumnLayout>
  );
}

function Unsubscribe({ token }: { token: string }) {
  const { formatMessage: t } = useIntl();
  const { user } = useAuth();
  // Once per token, even if the screen renders again: the call is the click the mail asked for.
  const result = useLinkCall('unsubscribe', token, unsubscribe, nothingMore);
  if (result.state === 'pending') return <Loading text={t({ id: 'unsubscribe.checking' })} />;
  if (result.state === 'failed') return <LinkErrorWithCountdown error={result.error} />;
  return (
    <>
      <Outcome kind="success" title={t({ id: 'unsubscribe.done.title' })}>
        <p>{t({ id: 'unsubscribe.done.text' })}</p>
      </Outcome>
      <ActionLinks
        links={[
          user
            ? { to: userPath(user, 'settings'), text: t({ id: 'unsubscribe.done.settings' }), data: { 'data-unsubscribed': 'settings' } }
            : { to: '/login', text: t({ id: 'unsubscribe.done.login' }), data: { 'data-unsubscribed': 'login' } },
        ]}
      />
    </>
  );
}
