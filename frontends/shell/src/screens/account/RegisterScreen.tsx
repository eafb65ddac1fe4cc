/** Registering: email, user name, password twice; then "check your mailbox", or when to try again. */
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link, Navigate } from 'react-router-dom';
import { asApiError, retryDate, type ApiError } from '@civic/frontend-kit/api-client';
import { identityApi } from '../../api/identity.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { useSnackbar } from '../../feedback/Snackbar.js';
import { newPasswordErrors, showOnField } from '../../forms/api-errors.js';
import { NewPasswordFields, Outcome, SubmitButton, TextField, UserNameField } from '../../forms/Fields.js';
import { rememberAfterVerification, useNextPath, withNext } from '../../forms/hooks.js';
import { useForm } from '../../forms/useForm.js';
import { rules } from '../../forms/validation.js';
import { formatMoment } from '../../i18n/dates.js';
import { useLocaleSwitch } from '../../i18n/LocaleProvider.js';
import { SingleColumnLayout } from '../../layouts/index.js';
import { fields, useErrorText } from './AccountParts.js';

const registerSchema = {
  email: rules.email,
  userName: rules.userName,
  password: rules.password,
  confirmation: rules.confirmation('password'),
};
const registerErrorFields = { emailAlreadyRegistered: 'email', userNameTaken: 'userName', ...newPasswordErrors('password') } as const;

/** "in 3 hours" / "dans 3 heures": the largest whole unit left, rounded up. */
function relativeTime(intl: IntlShape, seconds: number): string {
  if (seconds >= 3600) return intl.formatRelativeTime(Math.ceil(seconds / 3600), 'hour', { numeric: 'always' });
  if (seconds >= 60) return intl.formatRelativeTime(Math.ceil(seconds / 60), 'minute', { numeric: 'always' });
  return intl.formatRelativeTime(Math.max(1, Math.ceil(seconds)), 'second', { numeric: 'always' });
}

/** A refused registration: its message, and when the address may register again when the limit ends. */
interface Refusal {
  error: ApiError;
  retry?: { at: Date; inSeconds: number };
}

function refusalOf(error: ApiError): Refusal {
  const now = Date.now();
  const at = retryDate(error, now);
  return { error, retry: at ? { at, inSeconds: (at.getTime() - now) / 1000 } : undefined };
}

/** /register: email, user name, password twice; then "check your mailbox". */
export function RegisterScreen() {
  const { formatMessage: t } = useIntl();
  const { user } = useAuth();
  const { locale } = useLocaleSwitch();
  const snackbar = useSnackbar();
  const next = useNextPath();
  const form = useForm(registerSchema, { email: '', userName: '', password: '', confirmation: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  if (user && !sentTo) return <Navigate to={next} replace />;

  const submit = form.onSubmit(async ({ email, userName, password }) => {
    setRefusal(null);
    try {
      await identityApi.register({ email: email.trim(), userName: userName.trim(), password, locale });
      rememberAfterVerification(next);
      setSentTo(email.trim());
    } catch (error) {
      const apiError = asApiError(error);
      snackbar.showError(apiError);
      showOnField(form, apiError.key, registerErrorFields, apiError.data);
      if (apiError.statusCode === 429) setRefusal(refusalOf(apiError));
    }
  });

  if (sentTo) {
    return (
      <SingleColumnLayout title={t({ id: 'register.title' })}>
        <Outcome kind="success" title={t({ id: 'register.done.title' })}>
          <p>{t({ id: 'register.done.text' }, { email: sentTo })}</p>
          <p>{t({ id: 'register.done.hint' })}</p>
        </Outcome>
        <ul className="link-list">
          <li>
            <Link to={withNext('/login', next)}>{t({ id: 'register.done.login' })}</Link>
          </li>
          <li>
            <Link to="/verify-account">{t({ id: 'register.done.resend' })}</Link>
          </li>
        </ul>
      </SingleColumnLayout>
    );
  }

  return (
    <SingleColumnLayout title={t({ id: 'register.title' })} intro={t({ id: 'register.intro' })}>
      <form className="form" noValidate onSubmit={submit} aria-busy={form.submitting || undefined}>
        {refusal ? <RegistrationRefused refusal={refusal} /> : null}
        <TextField {...form.field('email')} label={t(fields.email)} type="email" autoComplete="email" />
        <UserNameField {...form.field('userName')} />
        <NewPasswordFields password={form.field('password')} confirmation={form.field('confirmation')} label={t(fields.password)} />
        <SubmitButton submitting={form.submitting}>{t({ id: 'register.submit' })}</SubmitButton>
      </form>
      <p>
        <Link to={withNext('/login', next)}>{t({ id: 'register.haveAccount' })}</Link>
      </p>
    </SingleColumnLayout>
  );
}

/** A registration refused by an address limit, with when to try again when the limit says so. */
function RegistrationRefused({ refusal }: { refusal: Refusal }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { retry } = refusal;
  return (
    <Outcome kind="error" title={errorText(refusal.error)}>
      {retry ? (
        <p data-retry-at={retry.at.toISOString()}>
          {intl.formatMessage({ id: 'register.retryAt' }, {
            relative: relativeTime(intl, retry.inSeconds),
            date: formatMoment(intl, retry.at),
          })}
        </p>
      ) : null}
    </Outcome>
  );
}
