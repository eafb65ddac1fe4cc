/** Logging in, and the "log in or register" choice before a members-only action. */
import { useIntl } from 'react-intl';
import { Link, Navigate } from 'react-router-dom';
import { useAuth } from '../../auth/AuthProvider.js';
import { ActionLinks } from '../../components/ActionLinks.js';
import { useSnackbar } from '../../feedback/Snackbar.js';
import { SubmitButton, TextField } from '../../forms/Fields.js';
import { useNextPath, withNext } from '../../forms/hooks.js';
import { useForm } from '../../forms/useForm.js';
import { rules } from '../../forms/validation.js';
import { SingleColumnLayout } from '../../layouts/index.js';
import { fields } from './AccountParts.js';

const loginSchema = { email: rules.email, password: rules.currentPassword };

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
    <SingleColumnLayout title={t({ id: 'login.title' })} intro={t({ id: 'login.intro' })}>
      <form className="form" noValidate onSubmit={submit} aria-busy={form.submitting || undefined}>
        <TextField {...form.field('email')} label={t(fields.email)} type="email" autoComplete="email" />
        <TextField {...form.field('password')} label={t(fields.password)} type="password" autoComplete="current-password" />
        <SubmitButton submitting={form.submitting}>{t({ id: 'login.submit' })}</SubmitButton>
      </form>
      <ul className="link-list">
        <li>
          <Link to="/password">{t({ id: 'login.forgotPassword' })}</Link>
        </li>
        <li>
          <Link to={withNext('/register', next)}>{t({ id: 'login.noAccount' })}</Link>
        </li>
      </ul>
    </SingleColumnLayout>
  );
}

/** /identify: the "log in or register" choice before a members-only action (docs/product.md#screens-and-routes). */
export function IdentifyScreen() {
  const { formatMessage: t } = useIntl();
  const { user } = useAuth();
  const next = useNextPath();
  if (user) return <Navigate to={next} replace />;
  return (
    <SingleColumnLayout title={t({ id: 'identify.title' })} intro={t({ id: 'identify.intro' })}>
      <ActionLinks
        links={[
          { to: withNext('/login', next), text: t({ id: 'identify.login' }) },
          { to: withNext('/register', next), text: t({ id: 'identify.register' }) },
        ]}
      />
    </SingleColumnLayout>
  );
}
