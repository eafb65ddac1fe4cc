import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Countdown as CountdownTimes, CycleSummary, DecisionSettings } from '@civic/contracts';
import { apiRequest } from '@civic/frontend-kit/api-client';
import { Meter, PhaseTimeline } from '@civic/frontend-kit/design';
import { formatDuration, formatWholeDuration } from '@civic/frontend-kit/duration';
import { useCountdown, useNow } from '@civic/frontend-kit/remote-hooks';
import { startRuleWait, waitingText } from '@civic/frontend-kit/start-rule';
import { common, phaseMessages } from '../messages.js';
import { timelineSteps } from './timeline.js';

/** The units of a countdown, for formatDuration. */
export const durationUnits = {
  days: { id: 'decisions.countdown.days' },
  hours: { id: 'decisions.countdown.hours' },
  minutes: { id: 'decisions.countdown.minutes' },
  seconds: { id: 'decisions.countdown.seconds' },
};

/**
 * A live countdown to `target` on the server's clock: the offset between the answer's serverTime and
 * the local time it arrived corrects the browser's clock. Ticks every second; once at zero it calls
 * `onElapsed` (and again every few seconds until the screen's data moves on).
 */
export function Countdown({
  label,
  times,
  receivedAt,
  target,
  onElapsed,
}: {
  label: string;
  times: CountdownTimes;
  receivedAt: number;
  target: string | null;
  onElapsed?: () => void;
}) {
  const intl = useIntl();
  const labelId = useId();
  const seconds = useCountdown(target, times.serverTime, receivedAt, onElapsed);
  const elapsed = seconds === 0;

  if (seconds === null) return null;
  return (
    <p className="countdown decisions-countdown">
      <span id={labelId} className="decisions-countdown__label">
        {label}
      </span>{' '}
      <span role="timer" aria-labelledby={labelId} data-countdown={seconds} className="decisions-countdown__value">
        {elapsed ? intl.formatMessage({ id: 'decisions.countdown.elapsed' }) : intl.formatMessage({ id: 'decisions.countdown.left' }, { time: formatDuration(intl, seconds, durationUnits) })}
      </span>
    </p>
  );
}

/**
 * The countdown to the cycle's next step, or, while its start rule is not met, what the phase waits
 * for ("Waiting for 3 more proposals"): its deadline then only brings the next check, and a countdown
 * to it would reach "any moment now" and start over. `cycle` is the service's summary (null unknown).
 */
export function NextStep({
  cycle,
  times,
  receivedAt,
  onElapsed,
}: {
  cycle: Pick<CycleSummary, 'phase' | 'startRule'> | null;
  times: CountdownTimes;
  receivedAt: number;
  onElapsed?: () => void;
}) {
  const intl = useIntl();
  const wait = cycle ? startRuleWait(cycle) : null;
  if (wait)
    return (
      <p className="countdown decisions-countdown" role="status" data-waiting="">
        <strong>{waitingText(intl.locale, wait)}</strong>
      </p>
    );
  return <Countdown label={intl.formatMessage(common.nextStep)} times={times} receivedAt={receivedAt} target={times.nextStepAt ?? times.phaseEndsAt} onElapsed={onElapsed} />;
}

/** The deployment's settings (phase lengths, extension), read once per page and shared by every card. */
let settingsRequest: Promise<DecisionSettings> | null = null;
function loadSettings(): Promise<DecisionSettings> {
  settingsRequest ??= apiRequest<DecisionSettings>('GET', '/api/decisions/settings').catch((error: unknown) => {
    settingsRequest = null; // tried again next time
    throw error;
  });
  return settingsRequest;
}

/** The settings once known; null until then (or when they cannot be read: the screens do without). */
function useDecisionSettings(): DecisionSettings | null {
  const [settings, setSettings] = useState<DecisionSettings | null>(null);
  useEffect(() => {
    let current = true;
    loadSettings().then(
      (value) => current && setSettings(value),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return settings;
}

/**
 * The cycle's four phases as a timeline: done, running (with "now") and to come, with their dates
 * (those to come planned from the phase lengths); an ordered list for screen readers.
 */
export function CycleTimeline({ cycle }: { cycle: Pick<CycleSummary, 'phase' | 'phaseStartedAt' | 'phaseEndsAt'> }) {
  const { formatMessage: t } = useIntl();
  const settings = useDecisionSettings();
  const now = useNow();
  const steps = timelineSteps(cycle, settings?.phaseSeconds);
  return <PhaseTimeline label={t({ id: 'decisions.timeline.label' })} now={new Date(now).toISOString()} phases={steps.map((step) => ({ ...step, label: t(phaseMessages[step.key]) }))} />;
}

/** One extension of a proposals phase as the decisions service runs it, written out; null until known. */
function useExtensionText(): string | null {
  const intl = useIntl();
  const settings = useDecisionSettings();
  return settings ? formatWholeDuration(intl, settings.extensionSeconds) : null;
}

/** The start rule of the proposals phase: verified citizens and proposals against what is required. */
export function StartRuleProgress({ cycle }: { cycle: Pick<CycleSummary, 'startRule' | 'extensions'> }) {
  const { formatMessage: t } = useIntl();
  const id = useId();
  const rule = cycle.startRule;
  const extension = useExtensionText();
  const rows = [
    { key: 'users', label: t({ id: 'decisions.startRule.users' }, { count: rule.verifiedUsers, required: rule.requiredUsers }), value: rule.verifiedUsers, max: rule.requiredUsers },
    { key: 'proposals', label: t({ id: 'decisions.startRule.proposals' }, { count: rule.proposals, required: rule.requiredProposals }), value: rule.proposals, max: rule.requiredProposals },
  ];
  return (
    <section className="decisions-start-rule" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="decisions-start-rule__title">
        {t({ id: 'decisions.startRule.title' })}
      </h3>
      {rows.map((row) => (
        <Meter
          key={row.key}
          label={row.label}
          value={Math.min(row.value, row.max)}
          max={Math.max(row.max, 1)}
          valueText={row.value >= row.max ? t({ id: 'decisions.startRule.reached' }) : t({ id: 'decisions.startRule.missing' }, { count: row.max - row.value })}
        />
      ))}
      {rule.met ? <p className="decisions-start-rule__status">{t({ id: 'decisions.startRule.met' })}</p> : null}
      {!rule.met && extension ? <p className="decisions-start-rule__status">{t({ id: 'decisions.startRule.notMet' }, { extension })}</p> : null}
      {cycle.extensions > 0 ? <p className="decisions-start-rule__status">{t({ id: 'decisions.startRule.extended' }, { count: cycle.extensions })}</p> : null}
    </section>
  );
}
