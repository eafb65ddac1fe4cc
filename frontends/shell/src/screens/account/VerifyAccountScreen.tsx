/** The account's verification link, and the form that sends it again. */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { errorReason } from '@civic/frontend-kit/api-client';
import { identityApi } from '../../api/identity.js';
import { Loading } from '../../auth/Guards.js';
import { ActionLinks } from '../../components/ActionLinks.js';
import { userPath } from '../../components/UserMenu.js';
import { Outcome } from '../../forms/Fields.js';
import { afterVerification, withNext } from '../../forms/hooks.js';
import { SingleColumnLayout } from '../../layouts/index.js';
import { EmailRequestScreen, LinkErrorWithCountdown, useLinkToken, useTokenCall } from './AccountParts.js';

/** /verify-account?token=: activates the account and logs in; without a token, sends the link again. */
export function VerifyAccountScreen() {
  const { formatMessage: t } = useIntl();
  const token = useLinkToken();
  if (!token) {
    const texts = {
      title: { id: 'verifyAccount.resend.title' },
      intro: { id: 'verifyAccount.resend.intro' },
      submit: { id: 'verifyAccount.resend.submit' },
      sent: { id: 'verifyAccount.resend.done' },
    };
    return <EmailRequestScreen texts={texts} send={identityApi.resendVerification} />;
  }
  return (
    <SingleColumnLayout title={t({ id: 'verifyAccount.title' })} intro={t({ id: 'verifyAccount.intro' })}>
      <VerifyToken key={token} token={token} />
    </SingleColumnLayout>
  );
}

function VerifyToken({ token }: { token: string }) {
  const { formatMessage: t } = useIntl();
  const result = useTokenCall('verify', token, identityApi.verifyAccount);
  const [next] = useState(afterVerification);
  if (result.state === 'pending') return <Loading text={t({ id: 'verifyAccount.checking' })} />;
  if (result.state === 'failed' && errorReason(result.error) === 'alreadyVerified') {
    return (
      <>
        <Outcome kind="success" title={t({ id: 'verifyAccount.already.title' })}>
          <p>{t({ id: 'verifyAccount.already.text' })}</p>
        </Outcome>
        <ActionLinks links={[{ to: withNext('/login', next), text: t({ id: 'verifyAccount.already.login' }), data: { 'data-already-verified': 'login' } }]} />
      </>
    );
  }
  if (result.state === 'failed') {
    return <LinkErrorWithCountdown error={result.error} retry={{ to: '/verify-account', label: t({ id: 'verifyAccount.newLink' }) }} />;
  }
  return (
    <>
      <Outcome kind="success" title={t({ id: 'verifyAccount.done.title' })}>
        <p>{t({ id: 'verifyAccount.done.text' }, { userName: result.value.userName })}</p>
      </Outcome>
      <ActionLinks
        links={[
          { to: next, text: t({ id: 'verifyAccount.done.continue' }) },
          { to: userPath(result.value, 'settings'), text: t({ id: 'verifyAccount.done.settings' }) },
        ]}
      />
    </>
  );
}
