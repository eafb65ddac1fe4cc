/** Moderation on a member's profile page. */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { UserProfile } from '@civic/contracts';
import { identityApi, suspensionMinutes, type SuspensionMinutes } from '../../api/identity.js';
import { useConfirm } from '../../feedback/ConfirmModal.js';
import { useSnackbar } from '../../feedback/Snackbar.js';
import { frenchOf } from '@civic/frontend-kit/french';
import { formatMoment } from '../../i18n/dates.js';
import { activeSuspension } from '../../users/suspension.js';

/** A suspension length in words: "10 minutes", "1 hour", "2 hours", "1 day". */
function useLengthText(): (minutes: SuspensionMinutes) => string {
  const { formatMessage: t } = useIntl();
  return (minutes) =>
    minutes >= 1440
      ? t({ id: 'countdown.days' }, { count: minutes / 1440 })
      : minutes >= 60
        ? t({ id: 'countdown.hours' }, { count: minutes / 60 })
        : t({ id: 'countdown.minutes' }, { count: minutes });
}

/** For moderators on a member's profile: the member's suspension, suspending for a set length and lifting it. */
export function Moderation({ profile }: { profile: UserProfile }) {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const lengthText = useLengthText();
  const [suspendedUntil, setSuspendedUntil] = useState(profile.suspendedUntil ?? null);
  const [busy, setBusy] = useState(false);
  const [now] = useState(() => Date.now());
  const until = activeSuspension(suspendedUntil, now);
  const untilText = (date: Date) => formatMoment(intl, date);
  // French elides "de" before a vowel ("le compte d’Alice"): the messages take both forms.
  const names = { userName: profile.userName, ofUserName: frenchOf(profile.userName) };

  const act = async (question: { title: string; message?: string }, call: () => Promise<string | null>, done: (value: string | null) => string) => {
    if (!(await confirm({ ...question, danger: true }))) return;
    setBusy(true);
    try {
      const value = await call();
      setSuspendedUntil(value);
      snackbar.show({ message: done(value), kind: 'success' });
    } catch (error) {
      snackbar.showError(error);
    } finally {
      setBusy(false);
    }
  };

  const suspend = (minutes: SuspensionMinutes) =>
    act(
      { title: t({ id: 'profile.moderation.confirmSuspend' }, { ...names, length: lengthText(minutes) }), message: t({ id: 'profile.moderation.confirmSuspendText' }) },
      async () => (await identityApi.suspend(profile.id, minutes)).suspendedUntil,
      (value) => t({ id: 'profile.moderation.suspended' }, { ...names, until: value ? untilText(new Date(value)) : '' }),
    );
  const lift = () =>
    act(
      { title: t({ id: 'profile.moderation.confirmLift' }, names) },
      async () => {
        await identityApi.liftSuspension(profile.id);
        return null;
      },
      () => t({ id: 'profile.moderation.lifted' }, names),
    );

  return (
    <section className="moderation" aria-labelledby="profile-moderation" aria-busy={busy || undefined}>
      <h2 id="profile-moderation">{t({ id: 'profile.moderation.title' })}</h2>
      <p data-moderation-state={until ? 'suspended' : 'active'} role="status">
        {until ? t({ id: 'profile.moderation.suspendedUntil' }, { ...names, until: untilText(until) }) : t({ id: 'profile.moderation.notSuspended' }, names)}
      </p>
      <div className="moderation__actions">
        {suspensionMinutes.map((minutes) => (
          <button key={minutes} type="button" className="button--secondary" disabled={busy} data-suspend={minutes} onClick={() => void suspend(minutes)}>
            {t({ id: 'profile.moderation.suspendFor' }, { length: lengthText(minutes) })}
          </button>
        ))}
        {until ? (
          <button type="button" className="button--danger" disabled={busy} data-lift-suspension="true" onClick={() => void lift()}>
            {t({ id: 'profile.moderation.lift' })}
          </button>
        ) : null}
      </div>
    </section>
  );
}
