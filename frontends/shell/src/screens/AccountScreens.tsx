import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { SingleColumnLayout } from '../layouts/index.js';

const login = {
  title: { id: 'login.title' },
  intro: { id: 'login.intro' },
  forgotPassword: { id: 'login.forgotPassword' },
  noAccount: { id: 'login.noAccount' },
};

/** /login (the forgotten-password flow starts from here). */
export function LoginScreen() {
  const { formatMessage: t } = useIntl();
  return (
    <SingleColumnLayout title={t(login.title)} intro={t(login.intro)}>
      <ul className="link-list">
        <li>
          <Link to="/password">{t(login.forgotPassword)}</Link>
        </li>
        <li>
          <Link to="/register">{t(login.noAccount)}</Link>
        </li>
      </ul>
    </SingleColumnLayout>
  );
}

const register = {
  title: { id: 'register.title' },
  intro: { id: 'register.intro' },
  haveAccount: { id: 'register.haveAccount' },
};

/** /register */
export function RegisterScreen() {
  const { formatMessage: t } = useIntl();
  return (
    <SingleColumnLayout title={t(register.title)} intro={t(register.intro)}>
      <p>
        <Link to="/login">{t(register.haveAccount)}</Link>
      </p>
    </SingleColumnLayout>
  );
}

const verifyAccount = { title: { id: 'verifyAccount.title' }, intro: { id: 'verifyAccount.intro' } };

/** /verify-account: the landing page of the emailed activation link. */
export function VerifyAccountScreen() {
  const { formatMessage: t } = useIntl();
  return <SingleColumnLayout title={t(verifyAccount.title)} intro={t(verifyAccount.intro)} />;
}

const password = { title: { id: 'password.title' }, intro: { id: 'password.intro' } };

/** /password: forgotten password. */
export function PasswordScreen() {
  const { formatMessage: t } = useIntl();
  return <SingleColumnLayout title={t(password.title)} intro={t(password.intro)} />;
}

const changeEmail = { title: { id: 'changeEmail.title' }, intro: { id: 'changeEmail.intro' } };

/** /change-email */
export function ChangeEmailScreen() {
  const { formatMessage: t } = useIntl();
  return <SingleColumnLayout title={t(changeEmail.title)} intro={t(changeEmail.intro)} />;
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
  return (
    <SingleColumnLayout title={t(identify.title)} intro={t(identify.intro)}>
      <ul className="link-list link-list--actions">
        <li>
          <Link className="button" to="/login">
            {t(identify.login)}
          </Link>
        </li>
        <li>
          <Link className="button button--secondary" to="/register">
            {t(identify.register)}
          </Link>
        </li>
      </ul>
    </SingleColumnLayout>
  );
}
