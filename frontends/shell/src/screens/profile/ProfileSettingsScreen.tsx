/** A user's settings: profile, address, password, candidacies, following, and the way to delete the account. */
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import type { Locale, SessionUser } from '@civic/contracts';
import { identityApi } from '../../api/identity.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { useSnackbar } from '../../feedback/Snackbar.js';
import { OwnSuspensionNotice } from '../../components/SuspensionNotice.js';
import { userPath } from '../../components/UserMenu.js';
import { newPasswordErrors } from '../../forms/api-errors.js';
import { NewPasswordFields, SubmitButton, TextField, UserNameField } from '../../forms/Fields.js';
import { useForm } from '../../forms/useForm.js';
import { rules } from '../../forms/validation.js';
import { isLocale } from '../../i18n/locale.js';
import { useLocaleSwitch } from '../../i18n/LocaleProvider.js';
import { Candidacies } from './Candidacies.js';
import { Following } from './Following.js';
import { ownerProfileScreen, SettingsSection, showApiError } from './ProfileParts.js';

/** /users/:id/:userName/settings, for the user themself. */
export const ProfileSettingsScreen = ownerProfileScreen({ title: { id: 'profile.settings.title' }, intro: { id: 'profile.settings.intro' } }, Settings);

function Settings() {
  const { formatMessage: t } = useIntl();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="settings">
      <OwnSuspensionNotice />
      <ProfileForm user={user} />
      <SettingsSection id="settings-email" title={t({ id: 'profile.settings.email.title' })}>
        <p>{t({ id: 'profile.settings.email.current' }, { email: user.email })}</p>
        <p>
          <Link to="/change-email">{t({ id: 'profile.settings.email.change' })}</Link>
        </p>
      </SettingsSection>
      <PasswordForm user={user} />
      <Candidacies user={user} />
      <Following />
      <SettingsSection id="settings-delete" title={t({ id: 'profile.settings.delete.title' })}>
        <p>
          <Link to={userPath(user, 'delete-account')}>{t({ id: 'profile.settings.delete.link' })}</Link>
        </p>
      </SettingsSection>
    </div>
  );
}

const profileSchema = { userName: rules.userName, locale: [] };
const profileErrorFields = { userNameTaken: 'userName' } as const;

function ProfileForm({ user }: { user: SessionUser }) {
  const { formatMessage: t } = useIntl();
  const { setUser } = useAuth();
  const { setLocale } = useLocaleSwitch();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const languageId = useId();
  const form = useForm(profileSchema, { userName: user.userName, locale: user.locale });
  const submit = form.onSubmit(async ({ userName, locale }) => {
    try {
      const updated = await identityApi.editProfile(user.id, {
        userName: userName.trim(),
        locale: isLocale(locale) ? locale : user.locale,
      });
      setUser(updated);
      if (updated.locale !== user.locale) setLocale(updated.locale);
      if (updated.userName !== user.userName) navigate(userPath(updated, 'settings'), { replace: true });
      snackbar.show({ message: t({ id: 'profile.settings.profile.saved' }), kind: 'success' });
    } catch (error) {
      showApiError(snackbar.showError, form, error, profileErrorFields);
    }
  });
  const languages: { value: Locale; label: string }[] = [
    { value: 'en', label: t({ id: 'locale.en' }) },
    { value: 'fr', label: t({ id: 'locale.fr' }) },
  ];
  return (
    <SettingsSection id="settings-profile" title={t({ id: 'profile.settings.profile.title' })}>
      <form className="form" noValidate onSubmit={submit} aria-busy={form.submitting || undefined}>
        <UserNameField {...form.field('userName')} />
        <div className="field">
          <label htmlFor={languageId}>{t({ id: 'profile.settings.language' })}</label>
          <p id={`${languageId}-hint`} className="field__hint">
            {t({ id: 'profile.settings.languageHint' })}
          </p>
          <select
            id={languageId}
            name="locale"
            value={form.values.locale}
            aria-describedby={`${languageId}-hint`}
            onChange={(event) => form.setValue('locale', event.target.value)}
          >
            {languages.map((language) => (
              <option key={language.value} value={language.value} lang={language.value}>
                {language.label}
              </option>
            ))}
          </select>
        </div>
        <SubmitButton submitting={form.submitting}>{t({ id: 'profile.settings.profile.save' })}</SubmitButton>
      </form>
    </SettingsSection>
  );
}

const passwordSchema = {
  currentPassword: rules.currentPassword,
  newPassword: rules.password,
  confirmation: rules.confirmation('newPassword'),
};
const emptyPasswords = { currentPassword: '', newPassword: '', confirmation: '' };
const passwordErrorFields = { incorrectPassword: 'currentPassword', ...newPasswordErrors('newPassword') } as const;

function PasswordForm({ user }: { user: SessionUser }) {
  const { formatMessage: t } = useIntl();
  const snackbar = useSnackbar();
  const form = useForm(passwordSchema, emptyPasswords);
  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await identityApi.changePassword(user.id, { currentPassword, newPassword });
      form.reset();
      snackbar.show({ message: t({ id: 'profile.settings.password.saved' }), kind: 'success' });
    } catch (error) {
      showApiError(snackbar.showError, form, error, passwordErrorFields);
    }
  });
  return (
    <SettingsSection id="settings-password" title={t({ id: 'profile.settings.password.title' })}>
      <form className="form" noValidate onSubmit={submit} aria-busy={form.submitting || undefined}>
        <TextField
          {...form.field('currentPassword')}
          label={t({ id: 'form.currentPassword' })}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields password={form.field('newPassword')} confirmation={form.field('confirmation')} label={t({ id: 'form.newPassword' })} />
        <SubmitButton submitting={form.submitting}>{t({ id: 'profile.settings.password.save' })}</SubmitButton>
      </form>
    </SettingsSection>
  );
}
