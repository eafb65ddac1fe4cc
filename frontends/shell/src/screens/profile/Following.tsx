/** Following from the settings page: which alerts of followed texts come, the digest mail, and what is followed. */
import { useCallback, useEffect, useId, useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router-dom';
import type { DigestFrequency, Follow, FollowPreferences } from '@civic/contracts';
import { asApiError, type ApiError } from '@civic/frontend-kit/api-client';
import { notificationsApi } from '../../api/notifications.js';
import { Loading } from '../../auth/Guards.js';
import { useSnackbar } from '../../feedback/Snackbar.js';
import { formatDayDate } from '../../i18n/dates.js';
import { changedPreferences, digestChoices, followAlertPreferences, followedPath, type FollowAlertPreference } from '../../users/following.js';
import { SettingsSection } from './ProfileParts.js';

/** The label of each choice of the settings: an alert to follow, a digest frequency. */
const choiceLabels: Record<FollowAlertPreference | DigestFrequency, MessageDescriptor> = {
  edits: { id: 'profile.settings.follow.edits' },
  results: { id: 'profile.settings.follow.results' },
  closing: { id: 'profile.settings.follow.closing' },
  off: { id: 'profile.settings.follow.digestOff' },
  daily: { id: 'profile.settings.follow.digestDaily' },
  weekly: { id: 'profile.settings.follow.digestWeekly' },
};

type Loaded<T> = { state: 'loading' } | { state: 'loaded'; value: T } | { state: 'failed'; error: ApiError };

/** One GET of the section, with `reload` after a failure. */
function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>): [Loaded<T>, (value: T) => void, () => void] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setLoaded({ state: 'loaded', value });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed', error: asApiError(error) });
      },
    );
    return () => controller.abort();
  }, [load, attempt]);
  const set = useCallback((value: T) => setLoaded({ state: 'loaded', value }), []);
  const reload = useCallback(() => {
    setLoaded({ state: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  return [loaded, set, reload];
}

/** A load that failed: its translated error and a way to try again (never moving the focus away). */
function LoadFailed({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  const { formatMessage: t } = useIntl();
  return (
    <div className="notice notice--error" role="alert">
      <p className="notice__title">{t({ id: `error.${error.key}` })}</p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        {t({ id: 'profile.settings.follow.retry' })}
      </button>
    </div>
  );
}

/** The "Following" part of the settings (docs/product.md#following). */
export function Following() {
  const { formatMessage: t } = useIntl();
  return (
    <SettingsSection id="settings-follow" title={t({ id: 'profile.settings.follow.title' })}>
      <p>{t({ id: 'profile.settings.follow.intro' })}</p>
      <Preferences />
      <FollowedList />
    </SettingsSection>
  );
}

const loadPreferences = (signal: AbortSignal) => notificationsApi.preferences(signal);

/** The alert kinds and the digest: each change saves at once, and goes back if the call fails. */
function Preferences() {
  const { formatMessage: t } = useIntl();
  const snackbar = useSnackbar();
  const digestHintId = useId();
  const [loaded, setPreferences, reload] = useLoaded(loadPreferences);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'failed') return <LoadFailed error={loaded.error} onRetry={reload} />;
  const preferences = loaded.value;

  const change = async <Key extends keyof FollowPreferences>(key: Key, value: FollowPreferences[Key]) => {
    // One save at a time: a change made while one is saving is not taken, and the box shows it.
    if (saving) return;
    const next = changedPreferences(preferences, key, value);
    if (!next) return;
    setPreferences(next);
    setSaving(true);
    setSaved(false);
    try {
      setPreferences(await notificationsApi.savePreferences(next));
      setSaved(true);
    } catch (error) {
      setPreferences(preferences);
      snackbar.showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="form follow-preferences" aria-busy={saving || undefined} onSubmit={(event) => event.preventDefault()}>
      <fieldset>
        <legend>{t({ id: 'profile.settings.follow.alerts' })}</legend>
        <ul className="toggles">
          {followAlertPreferences.map((key) => (
            <li key={key}>
              <label className="toggle">
                <input type="checkbox" name={key} checked={preferences[key]} onChange={(event) => void change(key, event.target.checked)} />
                <span>{t(choiceLabels[key])}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset aria-describedby={digestHintId}>
        <legend>{t({ id: 'profile.settings.follow.digest' })}</legend>
        <p id={digestHintId} className="field__hint">
          {t({ id: 'profile.settings.follow.digestHint' })}
        </p>
        <ul className="toggles">
          {digestChoices.map((choice) => (
            <li key={choice}>
              <label className="toggle">
                <input type="radio" name="digest" value={choice} checked={preferences.digest === choice} onChange={() => void change('digest', choice)} />
                <span>{t(choiceLabels[choice])}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <p role="status" className="field__hint" data-follow-saved={saved || undefined}>
        {saved ? t({ id: 'profile.settings.follow.saved' }) : null}
      </p>
    </form>
  );
}

const loadFollows = (signal: AbortSignal) => notificationsApi.follows(signal).then((answer) => answer.follows);

/** What the member follows, newest first, each with a way to stop. */
function FollowedList() {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const snackbar = useSnackbar();
  const [loaded, setFollows, reload] = useLoaded(loadFollows);
  const [removing, setRemoving] = useState<string | null>(null);

  const unfollow = async (follows: Follow[], follow: Follow) => {
    setRemoving(follow.documentId);
    try {
      await notificationsApi.unfollow(follow.documentId);
      setFollows(follows.filter((item) => item.documentId !== follow.documentId));
      snackbar.show({ message: t({ id: 'profile.settings.follow.unfollowed' }, { title: follow.title }), kind: 'success' });
    } catch (error) {
      snackbar.showError(error);
    } finally {
      setRemoving(null);
    }
  };

  return (
    <div className="follow-list">
      <h3>{t({ id: 'profile.settings.follow.listTitle' })}</h3>
      {loaded.state === 'loading' ? <Loading /> : null}
      {loaded.state === 'failed' ? <LoadFailed error={loaded.error} onRetry={reload} /> : null}
      {loaded.state === 'loaded' && loaded.value.length === 0 ? <p>{t({ id: 'profile.settings.follow.empty' })}</p> : null}
      {loaded.state === 'loaded' && loaded.value.length > 0 ? (
        <ul className="follow-list__items">
          {loaded.value.map((follow) => (
            <li key={follow.documentId} data-followed={follow.documentId}>
              <Link to={followedPath(follow)}>{follow.title}</Link>{' '}
              <span className="field__hint">
                {t(follow.kind === 'law' ? { id: 'profile.settings.follow.kindLaw' } : { id: 'profile.settings.follow.kindProposal' })} ·{' '}
                {t({ id: 'profile.settings.follow.followedAt' }, { date: formatDayDate(intl, follow.followedAt, { dateStyle: 'long' }) })}
              </span>{' '}
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={removing !== null}
                aria-busy={removing === follow.documentId || undefined}
                aria-label={t({ id: 'profile.settings.follow.unfollowNamed' }, { title: follow.title })}
                onClick={() => void unfollow(loaded.value, follow)}
              >
                {t({ id: 'profile.settings.follow.unfollow' })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
