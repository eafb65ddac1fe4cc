/** The account's verification link, and the form that sends it again. */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { errorReason } from '../../api/errors.js';
import { identityApi } from '../../api/identity.js';
import { userPath } from '../../components/UserMenu.js';
import { EmailRequestForm } from '../../forms/EmailRequestForm.js';
import { Outcome } from '../../forms/fields.js';
import { afterVerification, withNext } from '../../forms/hooks.js';
import { SingleColumnLayout } from '../../layouts/index.js';
import { LinkErrorWithCountdown, Pending, fields, useTokenCall } from './shared.js';

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
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <ResendVerification />;
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
  if (result.state === 'pending') return <Pending text={t(verifyAccount.checking)} />;
  if (result.state === 'failed' && errorReason(result.error) === 'alreadyVerified') {
    return (
      <>
        <Outcome kind="success" title={t(verifyAccount.alreadyTitle)}>
          <p>{t(verifyAccount.alreadyText)}</p>
        </Outcome>
        <ul className="link-list link-list--actions">
          <li>
            <Link className="button" to={withNext('/login', next)} data-already-verified="login">
              {t(verifyAccount.alreadyLogin)}
            </Link>
          </li>
        </ul>
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
      <ul className="link-list link-list--actions">
        <li>
          <Link className="button" to={next}>
            {t(verifyAccount.continue)}
          </Link>
        </li>
        <li>
          <Link className="button button--secondary" to={userPath(result.value, 'settings')}>
            {t(verifyAccount.settings)}
          </Link>
        </li>
      </ul>
    </>
  );
}

function ResendVerification() {
  const { formatMessage: t } = useIntl();
  return (
    <SingleColumnLayout title={t(verifyAccount.resendTitle)} intro={t(verifyAccount.resendIntro)}>
      <EmailRequestForm
        emailLabel={t(fields.email)}
        submitText={t(verifyAccount.resendSubmit)}
        sentText={(email) => t(verifyAccount.resendDone, { email })}
        send={identityApi.resendVerification}
      />
    </SingleColumnLayout>
  );
}
