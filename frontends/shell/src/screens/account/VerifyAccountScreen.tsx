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

const verifyAccount = {
  title: { id: 'verifyAccount.title' },
  intro: { id: 'verifyAccount.intro' },
  checking: { id: 'verifyAccount.checking' },
  doneTitle: { id: 'verifyAccount.done.title' },
  doneText: { id: 'verifyAccount.done.text' },
  continue: { id: 'verifyAccount.done.continue' },
  settings: { id: 'verifyAccount.done.settings' },
  resendTitle: { id: 'verifyAccount.resend.title' },
  resendIntro: { id: 'verifyAccount.resend.intro' },
  resendSubmit: { id: 'verifyAccount.resend.submit' },
  resendDone: { id: 'verifyAccount.resend.done' },
  newLink: { id: 'verifyAccount.newLink' },
  alreadyTitle: { id: 'verifyAccount.already.title' },
  alreadyText: { id: 'verifyAccount.already.text' },
  alreadyLogin: { id: 'verifyAccount.already.login' },
};

/** /verify-account?token=: activates the account and logs in; without a token, sends the link again. */
export function VerifyAccountScreen() {
  const { formatMessage: t } = useIntl();
  const token = useLinkToken();
  if (!token) {
    const texts = { title: verifyAccount.resendTitle, intro: verifyAccount.resendIntro, submit: verifyAccount.resendSubmit, sent: verifyAccount.resendDone };
    return <EmailRequestScreen texts={texts} send={identityApi.resendVerification} />;
  }
  return (
    <SingleColumnLayout title={t(verifyAccount.title)} intro={t(verifyAccount.intro)}>
      <VerifyToken key={token} token={token} />
    </SingleColumnLayout>
  );
}

function VerifyToken({ token }: { token: string }) {
  const { formatMessage: t } = useIntl();
  const result = useTokenCall('verify', token, identityApi.verifyAccount);
  const [next] = useState(afterVerification);
  if (result.state === 'pending') return <Loading text={t(verifyAccount.checking)} />;
  if (result.state === 'failed' && errorReason(result.error) === 'alreadyVerified') {
    return (
      <>
        <Outcome kind="success" title={t(verifyAccount.alreadyTitle)}>
          <p>{t(verifyAccount.alreadyText)}</p>
        </Outcome>
        <ActionLinks links={[{ to: withNext('/login', next), text: t(verifyAccount.alreadyLogin), data: { 'data-already-verified': 'login' } }]} />
      </>
    );
  }
  if (result.state === 'failed') {
    return <LinkErrorWithCountdown error={result.error} retry={{ to: '/verify-account', label: t(verifyAccount.newLink) }} />;
  }
  return (
    <>
      <Outcome kind="success" title={t(verifyAccount.doneTitle)}>
        <p>{t(verifyAccount.doneText, { userName: result.value.userName })}</p>
      </Outcome>
      <ActionLinks
        links={[
          { to: next, text: t(verifyAccount.continue) },
          { to: userPath(result.value, 'settings'), text: t(verifyAccount.settings) },
        ]}
      />
    </>
  );
}
