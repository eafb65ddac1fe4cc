import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNow } from '@civic/frontend-kit/remote-hooks';
import { useFeedback } from '../ui/feedback.js';
import { formatRelative, moderationApi, runningSuspension, suspensionLengths, type SuspensionLength } from './moderation.js';
import { formatDay } from '../dates.js';
import { useBusy } from './busy.js';
import { buttonClass } from '@civic/frontend-kit/design';

const m = {
  toggle: { id: 'decisions.moderation.toggle' },
  panel: { id: 'decisions.moderation.panel' },
  checking: { id: 'decisions.moderation.checking' },
  notSuspended: { id: 'decisions.moderation.notSuspended' },
  suspendedUntil: { id: 'decisions.moderation.suspendedUntil' },
  lengthLegend: { id: 'decisions.moderation.lengthLegend' },
  suspend: { id: 'decisions.moderation.suspend' },
  suspendTitle: { id: 'decisions.moderation.suspendTitle' },
  suspendMessage: { id: 'decisions.moderation.suspendMessage' },
  suspendDone: { id: 'decisions.moderation.suspendDone' },
  lift: { id: 'decisions.moderation.lift' },
  liftTitle: { id: 'decisions.moderation.liftTitle' },
  liftDone: { id: 'decisions.moderation.liftDone' },
  close: { id: 'decisions.moderation.close' },
  length: (minutes: SuspensionLength) => ({ id: `decisions.moderation.length.${minutes}` }),
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
    t(m.suspendedUntil, {
      name: userName,
      date: formatDay(intl, until, { dateStyle: 'medium', timeStyle: 'short' }),
      relative: formatRelative(until, now, intl.locale),
    });

  const suspend = () =>
    void run(async () => {
      const lengthText = t(m.length(length));
      if (!(await confirm({ title: t(m.suspendTitle, { name: userName, length: lengthText }), message: t(m.suspendMessage), danger: true }))) return;
      const { suspendedUntil } = await moderationApi.suspend(userId, length);
      setStatus({ state: 'known', until: suspendedUntil });
      // The button just used gives way to the other action: the focus goes to the result.
      statusLine.current?.focus();
      toast(t(m.suspendDone, { name: userName, length: lengthText }), 'success');
    });
  const lift = () =>
    void run(async () => {
      if (!(await confirm({ title: t(m.liftTitle, { name: userName }) }))) return;
      await moderationApi.liftSuspension(userId);
      setStatus({ state: 'known', until: null });
      statusLine.current?.focus();
      toast(t(m.liftDone, { name: userName }), 'success');
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
        {t(m.toggle)}
      </button>
      {open ? (
        <div id={panelId} className="chat-suspension__panel" role="group" aria-label={t(m.panel, { name: userName })} onKeyDown={onKeyDown}>
          <p ref={statusLine} className="chat-suspension__status" role="status" tabIndex={-1}>
            {status.state === 'checking' ? t(m.checking) : until ? untilText(until) : status.state === 'known' ? t(m.notSuspended, { name: userName }) : null}
          </p>
          {status.state !== 'known' ? null : until ? (
            <button type="button" className={buttonClass('primary', 'sm')} disabled={busy} onClick={lift}>
              {t(m.lift)}
            </button>
          ) : (
            <fieldset className="chat-suspension__lengths">
              <legend>{t(m.lengthLegend, { name: userName })}</legend>
              {suspensionLengths.map((minutes) => (
                <label key={minutes}>
                  <input type="radio" name={`${panelId}-length`} value={minutes} checked={length === minutes} onChange={() => setLength(minutes)} /> {t(m.length(minutes))}
                </label>
              ))}
              <button type="button" className={buttonClass('danger', 'sm')} disabled={busy} onClick={suspend}>
                {t(m.suspend)}
              </button>
            </fieldset>
          )}
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={close}>
            {t(m.close)}
          </button>
        </div>
      ) : null}
    </div>
  );
}
