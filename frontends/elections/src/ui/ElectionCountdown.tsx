import { useIntl } from 'react-intl';
import type { ElectionSchedule } from '@civic/contracts';
import { formatDuration } from '@civic/frontend-kit/duration';
import { useCountdown } from '@civic/frontend-kit/remote-hooks';
import { formatDay } from '../rules.js';

/** The units of a countdown, for formatDuration. */
export const durationUnits = {
  days: { id: 'elections.countdown.days' },
  hours: { id: 'elections.countdown.hours' },
  minutes: { id: 'elections.countdown.minutes' },
  seconds: { id: 'elections.countdown.seconds' },
};

/**
 * The live countdown to the next election on the server's clock (the offset between the answer's
 * serverTime and the local time it arrived corrects the browser's clock). At zero it calls
 * `onElapsed`, and again every few seconds until the schedule moves on.
 */
export function ElectionCountdown({ schedule, receivedAt, onElapsed }: { schedule: ElectionSchedule; receivedAt: number; onElapsed?: () => void }) {
  const intl = useIntl();
  const seconds = useCountdown(schedule.nextElectionAt, schedule.serverTime, receivedAt, onElapsed);
  if (seconds === null) return null;
  const elapsed = seconds === 0;
  const when = formatDay(intl, schedule.nextElectionAt, { dateStyle: 'full', timeStyle: 'short', timeZone: schedule.timeZone });
  const timer = (
    <span role="timer" aria-label={intl.formatMessage({ id: 'elections.countdown.label' })} data-countdown={seconds}>
      {elapsed ? intl.formatMessage({ id: 'elections.countdown.elapsed' }) : formatDuration(intl, seconds, durationUnits)}
    </span>
  );
  return (
    <div className="elections-countdown">
      <p>{elapsed ? timer : intl.formatMessage({ id: 'elections.countdown.closesIn' }, { time: timer })}</p>
      <p className="elections-muted">{intl.formatMessage({ id: 'elections.countdown.at' }, { when })}</p>
    </div>
  );
}
