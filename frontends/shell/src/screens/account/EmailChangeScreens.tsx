/** Changing the account's address: the request, the confirmation link, and the undo link sent to the old address. */
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { ErrorMessages } from '@civic/contracts';
import { ApiError } from '@civic/frontend-kit/api-client';
import { identityApi } from '../../api/identity.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { Loading, RequireUser } from '../../auth/Guards.js';
import { ActionLinks } from '../../components/ActionLinks.js';
import { userPath } from '../../components/UserMenu.js';
import { EmailRequestForm } from '../../forms/EmailRequestForm.js';
import { Outcome } from '../../forms/Fields.js';
import { SingleColumnLayout } from '../../layouts/index.js';
import { LinkErrorWithCountdown, useErrorText, useLinkCall, useLinkToken, useTokenCall } from './AccountParts.js';

/** /change-email: the new address and the password; with ?token= from the mail, the confirmation. */
export function ChangeEmailScreen() {
  const token = useLinkToken();
  if (token) return <ConfirmEmailChange key={token} token={token} />;
  return (
    <RequireUser>
      <RequestEmailChange />
    </RequireUser>
  );
}

export const changeEmailErrorFields = { incorrectPassword: 'password', emailAlreadyInUse: 'email', emailAlreadyRegistered: 'email' } as const;

function RequestEmailChange() {
  const { formatMessage: t } = useIntl();
  const { user } = useAuth();
  if (!user) return <Loading />;
  return (
    <SingleColumnLayout title={t({ id: 'changeEmail.title' })} intro={t({ id: 'changeEmail.intro' })}>
      <EmailRequestForm
        emailLabel={t({ id: 'changeEmail.newEmail' })}
        passwordLabel={t({ id: 'changeEmail.password' })}
        submitText={t({ id: 'changeEmail.submit' })}
        sentText={(email) => t({ id: 'changeEmail.sent' }, { email })}
        send={(newEmail, password) => identityApi.requestEmailChange(user.id, { newEmail, password })}
        errorFields={changeEmailErrorFields}
      >
        <p>{t({ id: 'changeEmail.current' }, { email: user.email })}</p>
      </EmailRequestForm>
      <p>
        <Link to={userPath(user, 'settings')}>{t({ id: 'changeEmail.toSettings' })}</Link>
      </p>
    </SingleColumnLayout>
  );
}

function ConfirmEmailChange({ token }: { token: string }) {
  const { formatMessage: t } = useIntl();
  const errorText = useErrorText();
  const result = useTokenCall('email', token, identityApi.confirmEmailChange);
  return (
    <SingleColumnLayout title={t({ id: 'changeEmail.title' })}>
      {result.state === 'pending' ? (
        <Loading text={t({ id: 'changeEmail.confirming' })} />
      ) : result.state === 'failed' ? (
        <>
          <Outcome kind="error" title={errorText(result.error)} />
          <p>
            <Link to="/change-email">{t({ id: 'changeEmail.submit' })}</Link>
          </p>
        </>
      ) : (
        <>
          <Outcome kind="success" title={t({ id: 'changeEmail.done.title' })}>
            <p>{t({ id: 'changeEmail.done.text' }, { email: result.value.email })}</p>
          </Outcome>
          <p>
            <Link to={userPath(result.value, 'settings')}>{t({ id: 'changeEmail.toSettings' })}</Link>
          </p>
        </>
      )}
    </SingleColumnLayout>
  );
}

/**
 * /change-email/undo?token= from the notice mailed to the old address of an email change: the account
 * keeps (or takes back) that address and every session ends, this browser's included; it logs in
 * again once a new password is chosen with the reset link mailed to that address.
 */
export function UndoEmailChangeScreen() {
  const { formatMessage: t } = useIntl();
  const token = useLinkToken();
  return (
    <SingleColumnLayout title={t({ id: 'changeEmail.undo.title' })}>
      {token ? <UndoEmailChange key={token} token={token} /> : <LinkErrorWithCountdown error={new ApiError(400, ErrorMessages.missingToken)} />}
    </SingleColumnLayout>
  );
}

function UndoEmailChange({ token }: { token: string }) {
  const { formatMessage: t } = useIntl();
  const { clear } = useAuth();
  const loggedOut = useCallback(() => clear(), [clear]);
  const result = useLinkCall('email-undo', token, identityApi.undoEmailChange, loggedOut);
  if (result.state === 'pending') return <Loading text={t({ id: 'changeEmail.undo.undoing' })} />;
  if (result.state === 'failed') return <LinkErrorWithCountdown error={result.error} />;
  return (
    <>
      <Outcome kind="success" title={t({ id: 'changeEmail.undo.done.title' })}>
        <p>{t({ id: 'changeEmail.undo.done.text' })}</p>
        <p>{t({ id: 'changeEmail.undo.done.advice' })}</p>
      </Outcome>
      <ActionLinks
        links={[
          { to: '/password', text: t({ id: 'changeEmail.undo.newPassword' }) },
          { to: '/login', text: t({ id: 'password.reset.login' }) },
        ]}
      />
    </>
  );
}
