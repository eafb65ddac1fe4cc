import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { slowModeIntervalLimits, slowModeSettings, type ChatSlowMode, type SlowModeSetting } from '@civic/contracts';
import { buttonClass } from '@civic/frontend-kit/design';
import { useFeedback } from '../ui/feedback.js';
const optionLabels = { auto: { id: 'decisions.chat.slowMode.auto' }, on: { id: 'decisions.chat.slowMode.onOption' }, off: { id: 'decisions.chat.slowMode.off' } } as const;
const shortLabels = { auto: { id: 'decisions.chat.slowMode.autoShort' }, on: { id: 'decisions.chat.slowMode.onShort' }, off: { id: 'decisions.chat.slowMode.offShort' } } as const;

export interface SlowModeControlProps {
  slowMode: ChatSlowMode;
  /** Sends the switch (room:slow-mode); rejects with an ApiError when refused. */
  onChange: (mode: SlowModeSetting, intervalS: number) => Promise<unknown>;
}

/**
 * The moderator's switch of a room's slow mode: automatic, on or off, and the seconds between two
 * messages of a member. Folded under its summary (a native disclosure, keyboard operable) so the
 * composer stays close to the messages.
 */
export function SlowModeControl({ slowMode, onChange }: SlowModeControlProps) {
  const { formatMessage: t } = useIntl();
  const { toast, toastError } = useFeedback();
  const modeId = useId();
  const intervalId = useId();
  const [mode, setMode] = useState<SlowModeSetting>(slowMode.mode);
  const [interval, setIntervalText] = useState(String(slowMode.intervalS));
  const [busy, setBusy] = useState(false);
  // Another moderator's change arrives through room:settings: the form shows it.
  const [shown, setShown] = useState(slowMode);
  if (shown.mode !== slowMode.mode || shown.intervalS !== slowMode.intervalS) {
    setShown(slowMode);
    setMode(slowMode.mode);
    setIntervalText(String(slowMode.intervalS));
  }

  const seconds = Number(interval);
  const valid = Number.isInteger(seconds) && seconds >= slowModeIntervalLimits.min && seconds <= slowModeIntervalLimits.max;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    onChange(mode, seconds)
      .then(() => toast(t({ id: 'decisions.chat.slowMode.done' }), 'success'))
      .catch(toastError)
      .finally(() => setBusy(false));
  };

  return (
    <details className="chat-slow-mode-control" data-slow-mode-control>
      <summary>{t({ id: 'decisions.chat.slowMode.summary' }, { mode: t(shortLabels[slowMode.mode]), seconds: slowMode.intervalS })}</summary>
      <form onSubmit={submit} aria-label={t({ id: 'decisions.chat.slowMode.title' })}>
        <div className="field">
          <label htmlFor={modeId}>{t({ id: 'decisions.chat.slowMode.mode' })}</label>
          <select id={modeId} value={mode} onChange={(event) => setMode(event.target.value as SlowModeSetting)}>
            {slowModeSettings.map((option) => (
              <option key={option} value={option}>
                {t(optionLabels[option])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={intervalId}>{t({ id: 'decisions.chat.slowMode.interval' })}</label>
          <input
            id={intervalId}
            type="number"
            inputMode="numeric"
            min={slowModeIntervalLimits.min}
            max={slowModeIntervalLimits.max}
            step={1}
            value={interval}
            aria-invalid={!valid || undefined}
            onChange={(event) => setIntervalText(event.target.value)}
          />
        </div>
        <button type="submit" className={buttonClass('secondary', 'sm')} disabled={busy || !valid}>
          {t({ id: 'decisions.chat.slowMode.apply' })}
        </button>
      </form>
    </details>
  );
}
