import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CandidateTo, Limits, candidateDateField, type Locale, type SessionUser, type UserProfile } from '@civic/contracts';
import { asApiError, type ApiError } from '../api/errors.js';
import { identityApi } from '../api/identity.js';
import { useAuth } from '../auth/AuthProvider.js';
import { Loading, RequireOwner } from '../auth/guards.js';
import { useConfirm } from '../components/ConfirmModal.js';
import { useSnackbar } from '../components/Snackbar.js';
import { userPath } from '../components/UserMenu.js';
import { Outcome, SubmitButton, TextField } from '../forms/fields.js';
import { useForm } from '../forms/useForm.js';
import { rules } from '../forms/validation.js';
import { isLocale } from '../i18n/locale.js';
import { useLocaleSwitch } from '../i18n/LocaleProvider.js';
import { ProfileLayout } from '../layouts/index.js';
import { candidacyChange, candidacyRoles, isStandingThisMonth } from '../users/candidacy.js';
import { NotFoundScreen } from './NotFoundScreen.js';

function useProfileParams(): { userId: string; userName: string } {
  const { id = '', userName = '' } = useParams();
  return { userId: id, userName };
}

const activity = {
  title: { id: 'profile.activity.title' },
  intro: { id: 'profile.activity.intro' },
  deletedTitle: { id: 'profile.activity.deleted.title' },
  deletedText: { id: 'profile.activity.deleted.text' },
  memberSince: { id: 'profile.activity.memberSince' },
  lawsCreated: { id: 'profile.activity.lawsCreated' },
  articlesCreated: { id: 'profile.activity.articlesCreated' },
  chatMessages: { id: 'profile.activity.chatMessages' },
  roles: { id: 'profile.activity.roles' },
  moderator: { id: 'profile.role.moderator' },
  scribe: { id: 'profile.role.scribe' },
  member: { id: 'profile.role.member' },
  statsLabel: { id: 'profile.activity.statsLabel' },
};

type Loaded = { state: 'loading' } | { state: 'loaded'; profile: UserProfile } | { state: 'failed'; error: ApiError };

/** GET /api/users/{id} for the page's user. */
function useProfile(userId: string): Loaded {
  const [result, setResult] = useState<{ userId: string; loaded: Loaded }>({ userId, loaded: { state: 'loading' } });
  useEffect(() => {
    const controller = new AbortController();
    identityApi.getUser(userId, controller.signal).then(
      (profile) => setResult({ userId, loaded: { state: 'loaded', profile } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ userId, loaded: { state: 'failed', error: asApiError(error) } });
      },
    );
    return () => controller.abort();
  }, [userId]);
  return result.userId === userId ? result.loaded : { state: 'loading' };
}

/** /users/:id/:userName/activity, open to anyone: member since, contributions and roles. */
export function ProfileActivityScreen() {
  const { formatMessage: t, formatDate, formatNumber } = useIntl();
  const params = useProfileParams();
  const loaded = useProfile(params.userId);
  if (loaded.state === 'failed' && loaded.error.statusCode === 404) return <NotFoundScreen />;
  const userName = loaded.state === 'loaded' ? loaded.profile.userName : params.userName;
  const deleted = loaded.state === 'loaded' && loaded.profile.deleted;
  return (
    <ProfileLayout
      userId={params.userId}
      userName={userName}
      title={deleted ? t(activity.deletedTitle) : t(activity.title, { userName })}
      intro={deleted ? undefined : t(activity.intro, { userName })}
    >
      {loaded.state === 'loading' ? <Loading /> : null}
      {loaded.state === 'failed' ? <Outcome kind="error" title={t({ id: `error.${loaded.error.key}` })} /> : null}
      {loaded.state === 'loaded' ? (
        <>
          {deleted ? (
            <div className="notice" data-profile-deleted="true">
              <p>{t(activity.deletedText)}</p>
            </div>
          ) : null}
          <dl className="stats" aria-label={t(activity.statsLabel)}>
            <div className="stats__item">
              <dt>{t(activity.memberSince)}</dt>
              <dd>
                <time dateTime={loaded.profile.memberSince}>{formatDate(loaded.profile.memberSince, { dateStyle: 'long' })}</time>
              </dd>
            </div>
            <div className="stats__item">
              <dt>{t(activity.lawsCreated)}</dt>
              <dd>{formatNumber(loaded.profile.lawsCreated)}</dd>
            </div>
            <div className="stats__item">
              <dt>{t(activity.articlesCreated)}</dt>
              <dd>{formatNumber(loaded.profile.articlesCreated)}</dd>
            </div>
            <div className="stats__item">
              <dt>{t(activity.chatMessages)}</dt>
              <dd>{formatNumber(loaded.profile.chatMessages)}</dd>
            </div>
            <div className="stats__item">
              <dt>{t(activity.roles)}</dt>
              <dd>
                {[
                  loaded.profile.moderator ? t(activity.moderator) : null,
                  loaded.profile.scribe ? t(activity.scribe) : null,
                ]
                  .filter(Boolean)
                  .join(', ') || t(activity.member)}
              </dd>
            </div>
          </dl>
        </>
      ) : null}
    </ProfileLayout>
  );
}

const settings = {
  title: { id: 'profile.settings.title' },
  intro: { id: 'profile.settings.intro' },
  profileTitle: { id: 'profile.settings.profile.title' },
  userName: { id: 'form.userName' },
  userNameHint: { id: 'form.userNameHint' },
  language: { id: 'profile.settings.language' },
  languageHint: { id: 'profile.settings.languageHint' },
  save: { id: 'profile.settings.profile.save' },
  saved: { id: 'profile.settings.profile.saved' },
  emailTitle: { id: 'profile.settings.email.title' },
  emailCurrent: { id: 'profile.settings.email.current' },
  emailChange: { id: 'profile.settings.email.change' },
  passwordTitle: { id: 'profile.settings.password.title' },
  currentPassword: { id: 'form.currentPassword' },
  newPassword: { id: 'form.newPassword' },
  passwordHint: { id: 'form.passwordHint' },
  confirmation: { id: 'form.passwordConfirmation' },
  passwordSave: { id: 'profile.settings.password.save' },
  passwordSaved: { id: 'profile.settings.password.saved' },
  candidacyTitle: { id: 'profile.settings.candidacy.title' },
  candidacyIntro: { id: 'profile.settings.candidacy.intro' },
  candidateModerator: { id: 'profile.settings.candidacy.moderator' },
  candidateScribe: { id: 'profile.settings.candidacy.scribe' },
  candidateGreatWise: { id: 'profile.settings.candidacy.greatWise' },
  standing: { id: 'profile.settings.candidacy.standing' },
  withdrawn: { id: 'profile.settings.candidacy.withdrawn' },
  deleteTitle: { id: 'profile.settings.delete.title' },
  deleteLink: { id: 'profile.settings.delete.link' },
  localeEn: { id: 'locale.en' },
  localeFr: { id: 'locale.fr' },
};

/** /users/:id/:userName/settings, for the user themself. */
export function ProfileSettingsScreen() {
  const { formatMessage: t } = useIntl();
  const params = useProfileParams();
  return (
    <ProfileLayout {...params} title={t(settings.title)} intro={t(settings.intro)}>
      <RequireOwner userId={params.userId}>
        <Settings />
      </RequireOwner>
    </ProfileLayout>
  );
}

function Settings() {
  const { formatMessage: t } = useIntl();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="settings">
      <ProfileForm user={user} />
      <section aria-labelledby="settings-email">
        <h2 id="settings-email">{t(settings.emailTitle)}</h2>
        <p>{t(settings.emailCurrent, { email: user.email })}</p>
        <p>
          <Link to="/change-email">{t(settings.emailChange)}</Link>
        </p>
      </section>
      <PasswordForm user={user} />
      <Candidacies user={user} />
      <section aria-labelledby="settings-delete">
        <h2 id="settings-delete">{t(settings.deleteTitle)}</h2>
        <p>
          <Link to={userPath(user, 'delete-account')}>{t(settings.deleteLink)}</Link>
        </p>
      </section>
    </div>
  );
}

const profileSchema = { userName: rules.userName, locale: [] };

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
      snackbar.show({ message: t(settings.saved), kind: 'success' });
    } catch (error) {
      snackbar.showError(error);
    }
  });
  const languages: { value: Locale; label: string }[] = [
    { value: 'en', label: t(settings.localeEn) },
    { value: 'fr', label: t(settings.localeFr) },
  ];
  return (
    <section aria-labelledby="settings-profile">
      <h2 id="settings-profile">{t(settings.profileTitle)}</h2>
      <form className="form" noValidate onSubmit={submit} aria-busy={form.submitting || undefined}>
        <TextField
          {...form.field('userName')}
          label={t(settings.userName)}
          hint={t(settings.userNameHint, { min: Limits.userName.min, max: Limits.userName.max })}
          autoComplete="nickname"
          maxLength={Limits.userName.max}
        />
        <div className="field">
          <label htmlFor={languageId}>{t(settings.language)}</label>
          <p id={`${languageId}-hint`} className="field__hint">
            {t(settings.languageHint)}
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
        <SubmitButton submitting={form.submitting}>{t(settings.save)}</SubmitButton>
      </form>
    </section>
  );
}

const passwordSchema = {
  currentPassword: rules.currentPassword,
  newPassword: rules.password,
  confirmation: rules.confirmation('newPassword'),
};
const emptyPasswords = { currentPassword: '', newPassword: '', confirmation: '' };

function PasswordForm({ user }: { user: SessionUser }) {
  const { formatMessage: t } = useIntl();
  const snackbar = useSnackbar();
  const form = useForm(passwordSchema, emptyPasswords);
  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await identityApi.changePassword(user.id, { currentPassword, newPassword });
      form.reset();
      snackbar.show({ message: t(settings.passwordSaved), kind: 'success' });
    } catch (error) {
      const apiError = asApiError(error);
      snackbar.showError(apiError);
      if (apiError.key === 'incorrectPassword') form.setFieldError('currentPassword', { id: 'error.incorrectPassword' });
    }
  });
  return (
    <section aria-labelledby="settings-password">
      <h2 id="settings-password">{t(settings.passwordTitle)}</h2>
      <form className="form" noValidate onSubmit={submit} aria-busy={form.submitting || undefined}>
        <TextField
          {...form.field('currentPassword')}
          label={t(settings.currentPassword)}
          type="password"
          autoComplete="current-password"
        />
        <TextField
          {...form.field('newPassword')}
          label={t(settings.newPassword)}
          hint={t(settings.passwordHint, { min: Limits.password.min, max: Limits.password.max })}
          type="password"
          autoComplete="new-password"
        />
        <TextField {...form.field('confirmation')} label={t(settings.confirmation)} type="password" autoComplete="new-password" />
        <SubmitButton submitting={form.submitting}>{t(settings.passwordSave)}</SubmitButton>
      </form>
    </section>
  );
}

const roleKeys = { [CandidateTo.Moderator]: 'moderator', [CandidateTo.Scribe]: 'scribe', [CandidateTo.GreatWise]: 'greatWise' } as const;

const roleLabels = {
  [CandidateTo.Moderator]: settings.candidateModerator,
  [CandidateTo.Scribe]: settings.candidateScribe,
  [CandidateTo.GreatWise]: settings.candidateGreatWise,
} as const;

/** Stand in (or withdraw from) this month's election, role by role (SPEC section 4). */
function Candidacies({ user }: { user: SessionUser }) {
  const { formatMessage: t, formatDate } = useIntl();
  const { setUser } = useAuth();
  const snackbar = useSnackbar();
  // The box the user just clicked shows its new state at once, and goes back if the call fails.
  const [pending, setPending] = useState<{ role: CandidateTo; standing: boolean } | null>(null);
  const month = formatDate(new Date(), { month: 'long', year: 'numeric' });

  const toggle = async (role: CandidateTo) => {
    const change = candidacyChange(user, role);
    setPending({ role, standing: change.value !== null });
    try {
      const updated = await identityApi.setCandidacy(user.id, role, change.value);
      setUser(updated);
      const roleKey = roleKeys[role];
      snackbar.show({
        message: change.value ? t(settings.standing, { role: roleKey, month }) : t(settings.withdrawn, { role: roleKey }),
        kind: 'success',
      });
    } catch (error) {
      snackbar.showError(error);
    } finally {
      setPending(null);
    }
  };

  return (
    <section aria-labelledby="settings-candidacy">
      <h2 id="settings-candidacy">{t(settings.candidacyTitle)}</h2>
      <p>{t(settings.candidacyIntro, { month })}</p>
      <ul className="toggles">
        {candidacyRoles.map((role) => (
          <li key={role}>
            <label className="toggle">
              <input
                type="checkbox"
                name={candidateDateField[role]}
                checked={pending?.role === role ? pending.standing : isStandingThisMonth(user[candidateDateField[role]])}
                disabled={pending !== null}
                aria-busy={pending?.role === role || undefined}
                onChange={() => void toggle(role)}
              />
              <span>{t(roleLabels[role])}</span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}

const deleteAccount = {
  title: { id: 'profile.deleteAccount.title' },
  intro: { id: 'profile.deleteAccount.intro' },
  anonymized: { id: 'profile.deleteAccount.anonymized' },
  contentKept: { id: 'profile.deleteAccount.contentKept' },
  final: { id: 'profile.deleteAccount.final' },
  submit: { id: 'profile.deleteAccount.submit' },
  confirmTitle: { id: 'profile.deleteAccount.confirm.title' },
  confirmText: { id: 'profile.deleteAccount.confirm.text' },
  deleted: { id: 'profile.deleteAccount.deleted' },
};

/** /users/:id/:userName/delete-account, for the user themself. */
export function ProfileDeleteAccountScreen() {
  const { formatMessage: t } = useIntl();
  const params = useProfileParams();
  return (
    <ProfileLayout {...params} title={t(deleteAccount.title)} intro={t(deleteAccount.intro)}>
      <RequireOwner userId={params.userId}>
        <DeleteAccount />
      </RequireOwner>
    </ProfileLayout>
  );
}

function DeleteAccount() {
  const { formatMessage: t } = useIntl();
  const { user, clear } = useAuth();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const [deleting, setDeleting] = useState(false);
  if (!user) return null;

  const onDelete = async () => {
    const yes = await confirm({ title: t(deleteAccount.confirmTitle), message: t(deleteAccount.confirmText), danger: true });
    if (!yes) return;
    setDeleting(true);
    try {
      await identityApi.deleteUser(user.id);
      clear('/'); // home and logged out in one step: this page's guard never sees the user leave

      snackbar.show({ message: t(deleteAccount.deleted), kind: 'success' });
    } catch (error) {
      snackbar.showError(error);
      setDeleting(false);
    }
  };

  return (
    <div className="delete-account">
      <ul>
        <li>{t(deleteAccount.anonymized)}</li>
        <li>{t(deleteAccount.contentKept)}</li>
        <li>{t(deleteAccount.final)}</li>
      </ul>
      <button type="button" className="button--danger" disabled={deleting} onClick={() => void onDelete()}>
        {t(deleteAccount.submit)}
      </button>
    </div>
  );
}
