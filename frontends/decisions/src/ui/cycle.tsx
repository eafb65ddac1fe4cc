import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { decisionPhases, type Countdown as CountdownTimes, type CycleSummary, type DecisionPhase, type DecisionSettings } from '@civic/contracts';
import { apiRequest } from '@civic/frontend-kit/api-client';
import { formatDuration, formatWholeDuration } from '@civic/frontend-kit/duration';
import { useCountdown } from '@civic/frontend-kit/remote-hooks';
import { phaseMessages } from '../messages.js';

const messages = {
  left: { id: 'decisions.countdown.left' },
  days: { id: 'decisions.countdown.days' },
  hours: { id: 'decisions.countdown.hours' },
  minutes: { id: 'decisions.countdown.minutes' },
  seconds: { id: 'decisions.countdown.seconds' },
  elapsed: { id: 'decisions.countdown.elapsed' },
  timeline: { id: 'decisions.timeline.label' },
  done: { id: 'decisions.timeline.done' },
  current: { id: 'decisions.timeline.current' },
  upcoming: { id: 'decisions.timeline.upcoming' },
  startRule: { id: 'decisions.startRule.title' },
  users: { id: 'decisions.startRule.users' },
  proposals: { id: 'decisions.startRule.proposals' },
  met: { id: 'decisions.startRule.met' },
  notMet: { id: 'decisions.startRule.notMet' },
  extended: { id: 'decisions.startRule.extended' },
};

/** The units of a countdown, for formatDuration. */
export const durationUnits = { days: messages.days, hours: messages.hours, minutes: messages.minutes, seconds: messages.seconds };

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
        {elapsed ? intl.formatMessage(messages.elapsed) : intl.formatMessage(messages.left, { time: formatDuration(intl, seconds, durationUnits) })}
      </span>
    </p>
  );
}

/** The five phases in order, the cycle's current one marked. */
export function PhaseTimeline({ phase }: { phase: DecisionPhase }) {
  const { formatMessage: t } = useIntl();
  const currentIndex = decisionPhases.indexOf(phase);
  return (
    <ol className="decisions-timeline" aria-label={t(messages.timeline)}>
      {decisionPhases.map((item, index) => {
        const status = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'upcoming';
        return (
          <li key={item} className={`decisions-timeline__step decisions-timeline__step--${status}`} aria-current={status === 'current' ? 'step' : undefined}>
            <span className="decisions-timeline__name">{t(phaseMessages[item])}</span>
            <span className="decisions-sr-only"> ({t(messages[status])})</span>
          </li>
        );
      })}
    </ol>
  );
}

/** One extension of a proposals phase as the decisions service runs it, written out; null until known. */
function useExtensionText(): string | null {
  const intl = useIntl();
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<DecisionSettings>('GET', '/api/decisions/settings', { signal: controller.signal }).then(
      (settings) => setSeconds(settings.extensionSeconds),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return seconds === null ? null : formatWholeDuration(intl, seconds);
}

/** The start rule of the proposals phase: verified citizens and proposals against what is required. */
export function StartRuleProgress({ cycle }: { cycle: Pick<CycleSummary, 'startRule' | 'extensions'> }) {
  const { formatMessage: t } = useIntl();
  const id = useId();
  const rule = cycle.startRule;
  const extension = useExtensionText();
  const rows = [
    { key: 'users', label: t(messages.users, { count: rule.verifiedUsers, required: rule.requiredUsers }), value: rule.verifiedUsers, max: rule.requiredUsers },
    { key: 'proposals', label: t(messages.proposals, { count: rule.proposals, required: rule.requiredProposals }), value: rule.proposals, max: rule.requiredProposals },
  ];
  return (
    <section className="decisions-start-rule" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="decisions-start-rule__title">
        {t(messages.startRule)}
      </h3>
      {rows.map((row) => (
        <div key={row.key} className="decisions-progress">
          <label htmlFor={`${id}-${row.key}`}>{row.label}</label>
          <progress id={`${id}-${row.key}`} value={Math.min(row.value, row.max)} max={Math.max(row.max, 1)} />
        </div>
      ))}
      {rule.met ? <p className="decisions-start-rule__status">{t(messages.met)}</p> : null}
      {!rule.met && extension ? <p className="decisions-start-rule__status">{t(messages.notMet, { extension })}</p> : null}
      {cycle.extensions > 0 ? <p className="decisions-start-rule__status">{t(messages.extended, { count: cycle.extensions })}</p> : null}
    </section>
  );
}
