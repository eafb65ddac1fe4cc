/** A forgotten password: the request for a reset link, then the new password from that link. */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { asApiError, type ApiError } from '@civic/frontend-kit/api-client';
import { identityApi } from '../../api/identity.js';
import { useSnackbar } from '../../feedback/Snackbar.js';
import { newPasswordErrors, showOnField } from '../../forms/api-errors.js';
import { NewPasswordFields, Outcome, SubmitButton } from '../../forms/Fields.js';
import { useForm } from '../../forms/useForm.js';
import { rules } from '../../forms/validation.js';
import { SingleColumnLayout } from '../../layouts/index.js';
import { EmailRequestScreen, fields, useErrorText, useLinkToken } from './AccountParts.js';

/** /password: the forgotten-password request; with ?token= from the mail, the new password. */
export function PasswordScreen() {
  const token = useLinkToken();
  if (token) return <ResetPassword key={token} token={token} />;
  const texts = { title: { id: 'password.title' }, intro: { id: 'password.intro' }, submit: { id: 'password.request.submit' }, sent: { id: 'password.request.done' } };
  return <EmailRequestScreen texts={texts} send={identityApi.forgotPassword} errorFields={requestErrorFields} />;
}

export const requestErrorFields = { unknownEmail: 'email' } as const;

const resetSchema = { password: rules.password, confirmation: rules.confirmation('password') };
const resetErrorFields = newPasswordErrors('password');
const tokenErrors = new Set(['linkErrorOrExpiredToken', 'invalidToken', 'missingToken', 'tokenExpired', 'requestExpired']);

function ResetPassword({ token }: { token: string }) {
  const { formatMessage: t } = useIntl();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const form = useForm(resetSchema, { password: '', confirmation: '' });
  const [outcome, setOutcome] = useState<'done' | ApiError | null>(null);
  const submit = form.onSubmit(async ({ password: newPassword }) => {
    try {
      await identityApi.resetPassword({ token, password: newPassword });
      setOutcome('done');
    } catch (error) {
      const apiError = asApiError(error);
      if (tokenErrors.has(apiError.key)) setOutcome(apiError);
      else {
        snackbar.showError(apiError);
        showOnField(form, apiError.key, resetErrorFields, apiError.data);
      }
    }
  });
  return (
    <SingleColumnLayout title={t({ id: 'password.reset.title' })} intro={outcome ? undefined : t({ id: 'password.reset.intro' })}>
      {outcome === 'done' ? (
        <>
          <Outcome kind="success">
            <p>{t({ id: 'password.reset.done' })}</p>
          </Outcome>
          <p>
            <Link className="button" to="/login">
              {t({ id: 'password.reset.login' })}
            </Link>
          </p>
        </>
      ) : outcome ? (
        <>
          <Outcome kind="error" title={errorText(outcome)} />
          <p>
            <Link to="/password">{t({ id: 'password.reset.newLink' })}</Link>
          </p>
        </>
      ) : (
        <form className="form" noValidate onSubmit={submit} aria-busy={form.submitting || undefined}>
          <NewPasswordFields password={form.field('password')} confirmation={form.field('confirmation')} label={t(fields.newPassword)} />
          <SubmitButton submitting={form.submitting}>{t({ id: 'password.reset.submit' })}</SubmitButton>
        </form>
      )}
    </SingleColumnLayout>
  );
}
