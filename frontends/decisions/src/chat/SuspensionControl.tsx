import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useNow } from '@civic/frontend-kit/remote-hooks';
import { useFeedback } from '../ui/feedback.js';
import { formatRelative, moderationApi, runningSuspension, suspensionLengths, type SuspensionLength } from './moderation.js';
import { formatDay } from '../dates.js';
import { useBusy } from './busy.js';
import { buttonClass } from '@civic/frontend-kit/design';
import { frenchOf } from '@civic/frontend-kit/french';

const lengthNames: Record<SuspensionLength, MessageDescriptor> = {
  10: { id: 'decisions.moderation.length.10' },
  60: { id: 'decisions.moderation.length.60' },
  120: { id: 'decisions.moderation.length.120' },
  1440: { id: 'decisions.moderation.length.1440' },
};

type Status = { state: 'checking' } | { state: 'known'; until: string | null } | { state: 'failed' };

/**
 * A moderator suspends a member for one of the allowed lengths, or lifts their suspension: a toggle
 * opens a small panel that first reads the member's running suspension; each change asks for
 * confirmation and shows its result in the panel and in the snackbar. Escape closes the panel and
 * gives the focus back to the toggle.
 */
export function SuspensionControl({ userId, userName, disabled = false }: { userId: string; userName: string; disabled?: boolean }) {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const { confirm, toast, toastError } = useFeedback();
  const now = useNow();
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const statusLine = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status>({ state: 'checking' });
  const [length, setLength] = useState<SuspensionLength>(10);
  const { busy, run } = useBusy();

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    moderationApi.profile(userId, controller.signal).then(
      (profile) => setStatus({ state: 'known', until: runningSuspension(profile, Date.now()) }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setStatus({ state: 'failed' });
        toastError(error);
      },
    );
    return () => controller.abort();
  }, [open, userId, toastError]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  };

  const untilText = (until: string) =>
    t({ id: 'decisions.moderation.suspendedUntil' }, {
      name: userName,
      date: formatDay(intl, until, { dateStyle: 'medium', timeStyle: 'short' }),
      relative: formatRelative(until, now, intl.locale),
    });

  const suspend = () =>
    void run(async () => {
      const lengthText = t(lengthNames[length]);
      const question = {
        title: t({ id: 'decisions.moderation.suspendTitle' }, { name: userName, length: lengthText }),
        message: t({ id: 'decisions.moderation.suspendMessage' }),
        danger: true,
      };
      if (!(await confirm(question))) return;
      const { suspendedUntil } = await moderationApi.suspend(userId, length);
      setStatus({ state: 'known', until: suspendedUntil });
      // The button just used gives way to the other action: the focus goes to the result.
      statusLine.current?.focus();
      toast(t({ id: 'decisions.moderation.suspendDone' }, { name: userName, length: lengthText }), 'success');
    });
  const lift = () =>
    void run(async () => {
      if (!(await confirm({ title: t({ id: 'decisions.moderation.liftTitle' }, { name: userName, ofName: frenchOf(userName) }) }))) return;
      await moderationApi.liftSuspension(userId);
      setStatus({ state: 'known', until: null });
      statusLine.current?.focus();
      toast(t({ id: 'decisions.moderation.liftDone' }, { name: userName, ofName: frenchOf(userName) }), 'success');
    });

  const until = status.state === 'known' && status.until && new Date(status.until).getTime() > now ? status.until : null;

  return (
    <div className="chat-suspension">
      <button
        ref={toggle}
        type="button"
        className={buttonClass('quiet', 'sm')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={disabled}
        onClick={() => {
          if (open) return close();
          setStatus({ state: 'checking' });
          setOpen(true);
        }}
      >
        {t({ id: 'decisions.moderation.toggle' })}
      </button>
      {open ? (
        <div id={panelId} className="chat-suspension__panel" role="group" aria-label={t({ id: 'decisions.moderation.panel' }, { name: userName, ofName: frenchOf(userName) })} onKeyDown={onKeyDown}>
          <p ref={statusLine} className="chat-suspension__status" role="status" tabIndex={-1}>
            {status.state === 'checking'
              ? t({ id: 'decisions.moderation.checking' })
              : until
                ? untilText(until)
                : status.state === 'known'
                  ? t({ id: 'decisions.moderation.notSuspended' }, { name: userName })
                  : null}
          </p>
          {status.state !== 'known' ? null : until ? (
            <button type="button" className={buttonClass('primary', 'sm')} disabled={busy} onClick={lift}>
              {t({ id: 'decisions.moderation.lift' })}
            </button>
          ) : (
            <fieldset className="chat-suspension__lengths">
              <legend>{t({ id: 'decisions.moderation.lengthLegend' }, { name: userName })}</legend>
              {suspensionLengths.map((minutes) => (
                <label key={minutes}>
                  <input type="radio" name={`${panelId}-length`} value={minutes} checked={length === minutes} onChange={() => setLength(minutes)} /> {t(lengthNames[minutes])}
                </label>
              ))}
              <button type="button" className={buttonClass('danger', 'sm')} disabled={busy} onClick={suspend}>
                {t({ id: 'decisions.moderation.suspend' })}
              </button>
            </fieldset>
          )}
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={close}>
            {t({ id: 'decisions.moderation.close' })}
          </button>
        </div>
      ) : null}
    </div>
  );
}
