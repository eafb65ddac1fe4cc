import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Limits, type SessionUser } from '@civic/contracts';
import { asApiError, type ApiError } from '../api/errors.js';
import { identityApi } from '../api/identity.js';
import { useAuth } from '../auth/AuthProvider.js';
import { Loading, RequireUser } from '../auth/guards.js';
import { useSnackbar } from '../components/Snackbar.js';
import { userPath } from '../components/UserMenu.js';
import { Outcome, SubmitButton, TextField } from '../forms/fields.js';
import {
  once,
  rememberAfterVerification,
  afterVerification,
  useCountdown,
  useNextPath,
  withNext,
} from '../forms/hooks.js';
import { useForm } from '../forms/useForm.js';
import { rules } from '../forms/validation.js';
import { useLocaleSwitch } from '../i18n/LocaleProvider.js';
import { SingleColumnLayout } from '../layouts/index.js';

const fields = {
  email: { id: 'form.email' },
  password: { id: 'form.password' },
  newPassword: { id: 'form.newPassword' },
  confirmation: { id: 'form.passwordConfirmation' },
  userName: { id: 'form.userName' },
  userNameHint: { id: 'form.userNameHint' },
  passwordHint: { id: 'form.passwordHint' },
};

/** The translated text of an API error. */
function useErrorText(): (error: ApiError) => string {
  const { formatMessage: t } = useIntl();
  return (error) => t({ id: `error.${error.key}` });
}

const loginSchema = { email: rules.email, password: rules.currentPassword };

const login = {
  title: { id: 'login.title' },
  intro: { id: 'login.intro' },
  submit: { id: 'login.submit' },
  forgotPassword: { id: 'login.forgotPassword' },
  noAccount: { id: 'login.noAccount' },
};

/** /login (the forgotten-password flow starts from here); back to `?next=` or home afterwards. */
export function LoginScreen() {
  const { formatMessage: t } = useIntl();
  const auth = useAuth();
  const snackbar = useSnackbar();
  const next = useNextPath();
  const form = useForm(loginSchema, { email: '', password: '' });

  if (auth.user) return <Navigate to={next} replace />;

  const submit = form.onSubmit(async ({ email, password }) => {
    try {
      await auth.login(email.trim(), password);
    } catch (error) {
      snackbar.showError(error);
      form.setValue('password', '');
    }
  });

  return (
    <SingleColumnLayout title={t(login.title)} intro={t(login.intro)}>
      <form className="form" noValidate onSubmit={submit} aria-busy={form.submitting || undefined}>
        <TextField {...form.field('email')} label={t(fields.email)} type="email" autoComplete="email" />
        <TextField {...form.field('password')} label={t(fields.password)} type="password" autoComplete="current-password" />
        <SubmitButton submitting={form.submitting}>{t(login.submit)}</SubmitButton>
      </form>
      <ul className="link-list">
        <li>
          <Link to="/password">{t(login.forgotPassword)}</Link>
        </li>
        <li>
          <Link to={withNext('/register', next)}>{t(login.noAccount)}</Link>
        </li>
      </ul>
    </SingleColumnLayout>
  );
}

const registerSchema = {
  email: rules.email,
  userName: rules.userName,
  password: rules.password,
  confirmation: rules.confirmation('password'),
};

const register = {
  title: { id: 'register.title' },
  intro: { id: 'register.intro' },
  submit: { id: 'register.submit' },
  haveAccount: { id: 'register.haveAccount' },
  doneTitle: { id: 'register.done.title' },
  doneText: { id: 'register.done.text' },
  doneHint: { id: 'register.done.hint' },
  resend: { id: 'register.done.resend' },
  toLogin: { id: 'register.done.login' },
};

/** /register: email, user name, password twice; then "check your mailbox". */
export function RegisterScreen() {
  const { formatMessage: t } = useIntl();
  const { user } = useAuth();
  const { locale } = useLocaleSwitch();
  const snackbar = useSnackbar();
  const next = useNextPath();
  const form = useForm(registerSchema, { email: '', userName: '', password: '', confirmation: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (user && !sentTo) return <Navigate to={next} replace />;

  const submit = form.onSubmit(async ({ email, userName, password }) => {
    try {
      await identityApi.register({ email: email.trim(), userName: userName.trim(), password, locale });
      rememberAfterVerification(next);
      setSentTo(email.trim());
    } catch (error) {
      const apiError = asApiError(error);
      snackbar.showError(apiError);
      if (apiError.key === 'emailAlreadyRegistered') form.setFieldError('email', { id: 'error.emailAlreadyRegistered' });
    }
  });

  if (sentTo) {
    return (
      <SingleColumnLayout title={t(register.title)}>
        <Outcome kind="success" title={t(register.doneTitle)}>
          <p>{t(register.doneText, { email: sentTo })}</p>
          <p>{t(register.doneHint)}</p>
        </Outcome>
        <ul className="link-list">
          <li>
            <Link to={withNext('/login', next)}>{t(register.toLogin)}</Link>
          </li>
          <li>
            <Link to="/verify-account">{t(register.resend)}</Link>
          </li>
        </ul>
      </SingleColumnLayout>
    );
  }

  return (
    <SingleColumnLayout title={t(register.title)} intro={t(register.intro)}>
      <form className="form" noValidate onSubmit={submit} aria-busy={form.submitting || undefined}>
        <TextField {...form.field('email')} label={t(fields.email)} type="email" autoComplete="email" />
        <TextField
          {...form.field('userName')}
          label={t(fields.userName)}
          hint={t(fields.userNameHint, { min: Limits.userName.min, max: Limits.userName.max })}
          autoComplete="nickname"
          maxLength={Limits.userName.max}
        />
        <TextField
          {...form.field('password')}
          label={t(fields.password)}
          hint={t(fields.passwordHint, { min: Limits.password.min, max: Limits.password.max })}
          type="password"
          autoComplete="new-password"
        />
        <TextField {...form.field('confirmation')} label={t(fields.confirmation)} type="password" autoComplete="new-password" />
        <SubmitButton submitting={form.submitting}>{t(register.submit)}</SubmitButton>
      </form>
      <p>
        <Link to={withNext('/login', next)}>{t(register.haveAccount)}</Link>
      </p>
    </SingleColumnLayout>
  );
}

/** Seconds before a failed link sends the user home (SPEC section 4). */
export const linkErrorRedirectSeconds = 10;

const linkError = {
  countdown: { id: 'linkError.countdown' },
  homeNow: { id: 'linkError.homeNow' },
};

/** The error of an emailed link: the translated message and a visible countdown to the home page. */
function LinkErrorWithCountdown({ error, retry }: { error: ApiError; retry?: { to: string; label: string } }) {
  const { formatMessage: t } = useIntl();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const seconds = useCountdown(linkErrorRedirectSeconds, true, () => navigate('/', { replace: true }));
  return (
    <>
      <Outcome kind="error" title={errorText(error)}>
        <p className="countdown" data-countdown={seconds}>
          {t(linkError.countdown, { seconds })}
        </p>
      </Outcome>
      <ul className="link-list">
        {retry ? (
          <li>
            <Link to={retry.to}>{retry.label}</Link>
          </li>
        ) : null}
        <li>
          <Link to="/" replace>
            {t(linkError.homeNow)}
          </Link>
        </li>
      </ul>
    </>
  );
}

type TokenCall = { state: 'pending' } | { state: 'done'; user: SessionUser } | { state: 'failed'; error: ApiError };

/** Spends the one-time token of an emailed link once, and sets the session user it answers. */
function useTokenCall(kind: string, token: string, call: (token: string) => Promise<SessionUser>): TokenCall {
  const { setUser } = useAuth();
  const [result, setResult] = useState<{ token: string; call: TokenCall }>({ token, call: { state: 'pending' } });
  useEffect(() => {
    let active = true;
    once(`${kind}:${token}`, () => call(token)).then(
      (user) => {
        setUser(user);
        if (active) setResult({ token, call: { state: 'done', user } });
      },
      (error: unknown) => {
        if (active) setResult({ token, call: { state: 'failed', error: asApiError(error) } });
      },
    );
    return () => {
      active = false;
    };
  }, [kind, token, call, setUser]);
  return result.token === token ? result.call : { state: 'pending' };
}

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
  if (result.state === 'pending') {
    return (
      <p className="loading" role="status">
        {t(verifyAccount.checking)}
      </p>
    );
  }
  if (result.state === 'failed') {
    return <LinkErrorWithCountdown error={result.error} retry={{ to: '/verify-account', label: t(verifyAccount.newLink) }} />;
  }
  return (
    <>
      <Outcome kind="success" title={t(verifyAccount.doneTitle)}>
        <p>{t(verifyAccount.doneText, { userName: result.user.userName })}</p>
      </Outcome>
      <ul className="link-list link-list--actions">
        <li>
          <Link className="button" to={next}>
            {t(verifyAccount.continue)}
          </Link>
        </li>
        <li>
          <Link className="button button--secondary" to={userPath(result.user, 'settings')}>
            {t(verifyAccount.settings)}
          </Link>
        </li>
      </ul>
    </>
  );
}

const emailSchema = { email: rules.email };

function ResendVerification() {
  const { formatMessage: t } = useIntl();
  const snackbar = useSnackbar();
  const form = useForm(emailSchema, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = form.onSubmit(async ({ email }) => {
    try {
      await identityApi.resendVerification(email.trim());
      setSentTo(email.trim());
    } catch (error) {
      snackbar.showError(error);
    }
  });
  return (
    <SingleColumnLayout title={t(verifyAccount.resendTitle)} intro={t(verifyAccount.resendIntro)}>
      {sentTo ? (
        <Outcome kind="success">
          <p>{t(verifyAccount.resendDone, { email: sentTo })}</p>
        </Outcome>
      ) : (
        <form className="form" noValidate onSubmit={submit} aria-busy={form.submitting || undefined}>
          <TextField {...form.field('email')} label={t(fields.email)} type="email" autoComplete="email" />
          <SubmitButton submitting={form.submitting}>{t(verifyAccount.resendSubmit)}</SubmitButton>
        </form>
      )}
    </SingleColumnLayout>
  );
}

const password = {
  title: { id: 'password.title' },
  intro: { id: 'password.intro' },
  requestSubmit: { id: 'password.request.submit' },
  requestDone: { id: 'password.request.done' },
  resetTitle: { id: 'password.reset.title' },
  resetIntro: { id: 'password.reset.intro' },
  resetSubmit: { id: 'password.reset.submit' },
  resetDone: { id: 'password.reset.done' },
  toLogin: { id: 'password.reset.login' },
  newLink: { id: 'password.reset.newLink' },
};

/** /password: the forgotten-password request; with ?token= from the mail, the new password. */
export function PasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ResetPassword key={token} token={token} /> : <RequestPasswordReset />;
}

function RequestPasswordReset() {
  const { formatMessage: t } = useIntl();
  const snackbar = useSnackbar();
  const form = useForm(emailSchema, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = form.onSubmit(async ({ email }) => {
    try {
      await identityApi.forgotPassword(email.trim());
      setSentTo(email.trim());
    } catch (error) {
      const apiError = asApiError(error);
      snackbar.showError(apiError);
      if (apiError.key === 'unknownEmail') form.setFieldError('email', { id: 'error.unknownEmail' });
    }
  });
  return (
    <SingleColumnLayout title={t(password.title)} intro={t(password.intro)}>
      {sentTo ? (
        <Outcome kind="success">
          <p>{t(password.requestDone, { email: sentTo })}</p>
        </Outcome>
      ) : (
        <form className="form" noValidate onSubmit={submit} aria-busy={form.submitting || undefined}>
          <TextField {...form.field('email')} label={t(fields.email)} type="email" autoComplete="email" />
          <SubmitButton submitting={form.submitting}>{t(password.requestSubmit)}</SubmitButton>
        </form>
      )}
    </SingleColumnLayout>
  );
}

const resetSchema = { password: rules.password, confirmation: rules.confirmation('password') };
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
      else snackbar.showError(apiError);
    }
  });
  return (
    <SingleColumnLayout title={t(password.resetTitle)} intro={outcome ? undefined : t(password.resetIntro)}>
      {outcome === 'done' ? (
        <>
          <Outcome kind="success">
            <p>{t(password.resetDone)}</p>
          </Outcome>
          <p>
            <Link className="button" to="/login">
              {t(password.toLogin)}
            </Link>
          </p>
        </>
      ) : outcome ? (
        <>
          <Outcome kind="error" title={errorText(outcome)} />
          <p>
            <Link to="/password">{t(password.newLink)}</Link>
          </p>
        </>
      ) : (
        <form className="form" noValidate onSubmit={submit} aria-busy={form.submitting || undefined}>
          <TextField
            {...form.field('password')}
            label={t(fields.newPassword)}
            hint={t(fields.passwordHint, { min: Limits.password.min, max: Limits.password.max })}
            type="password"
            autoComplete="new-password"
          />
          <TextField {...form.field('confirmation')} label={t(fields.confirmation)} type="password" autoComplete="new-password" />
          <SubmitButton submitting={form.submitting}>{t(password.resetSubmit)}</SubmitButton>
        </form>
      )}
    </SingleColumnLayout>
  );
}

const changeEmail = {
  title: { id: 'changeEmail.title' },
  intro: { id: 'changeEmail.intro' },
  current: { id: 'changeEmail.current' },
  newEmail: { id: 'changeEmail.newEmail' },
  password: { id: 'changeEmail.password' },
  submit: { id: 'changeEmail.submit' },
  sent: { id: 'changeEmail.sent' },
  confirming: { id: 'changeEmail.confirming' },
  doneTitle: { id: 'changeEmail.done.title' },
  doneText: { id: 'changeEmail.done.text' },
  toSettings: { id: 'changeEmail.toSettings' },
};

/** /change-email: the new address and the password; with ?token= from the mail, the confirmation. */
export function ChangeEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <ConfirmEmailChange key={token} token={token} />;
  return (
    <RequireUser>
      <RequestEmailChange />
    </RequireUser>
  );
}

const changeEmailSchema = { newEmail: rules.email, password: rules.currentPassword };

function RequestEmailChange() {
  const { formatMessage: t } = useIntl();
  const { user } = useAuth();
  const snackbar = useSnackbar();
  const form = useForm(changeEmailSchema, { newEmail: '', password: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (!user) return <Loading />;
  const submit = form.onSubmit(async ({ newEmail, password: currentPassword }) => {
    try {
      await identityApi.requestEmailChange(user.id, { newEmail: newEmail.trim(), password: currentPassword });
      setSentTo(newEmail.trim());
    } catch (error) {
      const apiError = asApiError(error);
      snackbar.showError(apiError);
      if (apiError.key === 'incorrectPassword') form.setFieldError('password', { id: 'error.incorrectPassword' });
      if (apiError.key === 'emailAlreadyInUse' || apiError.key === 'emailAlreadyRegistered') {
        form.setFieldError('newEmail', { id: `error.${apiError.key}` });
      }
    }
  });
  return (
    <SingleColumnLayout title={t(changeEmail.title)} intro={t(changeEmail.intro)}>
      {sentTo ? (
        <Outcome kind="success">
          <p>{t(changeEmail.sent, { email: sentTo })}</p>
        </Outcome>
      ) : (
        <>
          <p>{t(changeEmail.current, { email: user.email })}</p>
          <form className="form" noValidate onSubmit={submit} aria-busy={form.submitting || undefined}>
            <TextField {...form.field('newEmail')} label={t(changeEmail.newEmail)} type="email" autoComplete="email" />
            <TextField
              {...form.field('password')}
              label={t(changeEmail.password)}
              type="password"
              autoComplete="current-password"
            />
            <SubmitButton submitting={form.submitting}>{t(changeEmail.submit)}</SubmitButton>
          </form>
        </>
      )}
      <p>
        <Link to={userPath(user, 'settings')}>{t(changeEmail.toSettings)}</Link>
      </p>
    </SingleColumnLayout>
  );
}

function ConfirmEmailChange({ token }: { token: string }) {
  const { formatMessage: t } = useIntl();
  const errorText = useErrorText();
  const result = useTokenCall('email', token, identityApi.confirmEmailChange);
  return (
    <SingleColumnLayout title={t(changeEmail.title)}>
      {result.state === 'pending' ? (
        <p className="loading" role="status">
          {t(changeEmail.confirming)}
        </p>
      ) : result.state === 'failed' ? (
        <>
          <Outcome kind="error" title={errorText(result.error)} />
          <p>
            <Link to="/change-email">{t(changeEmail.submit)}</Link>
          </p>
        </>
      ) : (
        <>
          <Outcome kind="success" title={t(changeEmail.doneTitle)}>
            <p>{t(changeEmail.doneText, { email: result.user.email })}</p>
          </Outcome>
          <p>
            <Link to={userPath(result.user, 'settings')}>{t(changeEmail.toSettings)}</Link>
          </p>
        </>
      )}
    </SingleColumnLayout>
  );
}

const identify = {
  title: { id: 'identify.title' },
  intro: { id: 'identify.intro' },
  login: { id: 'identify.login' },
  register: { id: 'identify.register' },
};

/** /identify: the "log in or register" choice before a members-only action (ARCHITECTURE section 8). */
export function IdentifyScreen() {
  const { formatMessage: t } = useIntl();
  const { user } = useAuth();
  const next = useNextPath();
  if (user) return <Navigate to={next} replace />;
  return (
    <SingleColumnLayout title={t(identify.title)} intro={t(identify.intro)}>
      <ul className="link-list link-list--actions">
        <li>
          <Link className="button" to={withNext('/login', next)}>
            {t(identify.login)}
          </Link>
        </li>
        <li>
          <Link className="button button--secondary" to={withNext('/register', next)}>
            {t(identify.register)}
          </Link>
        </li>
      </ul>
    </SingleColumnLayout>
  );
}
