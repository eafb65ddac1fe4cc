import type { CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import { formatDateTime } from '../dates.js';
import { useKitWords } from './text.js';

export interface TimelinePhase {
  key: string;
  label: string;
  /** ISO dates (or date-times): shown as short dates. */
  start?: string;
  end?: string;
  state: 'done' | 'current' | 'upcoming';
}

const time = (iso: string | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/** Where `now` falls within [start, end], as a percentage; the middle when a date is missing. */
export function nowPosition(start?: string, end?: string, now?: string): number {
  const [from, to, at] = [time(start), time(end), time(now)];
  if ([from, to, at].some(Number.isNaN) || to <= from) return 50;
  return Math.round(Math.min(1, Math.max(0, (at - from) / (to - from))) * 100);
}

/**
 * The phases of a decision cycle, in order, as a track with their dates and a "now" marker in the
 * current one. It is an ordered list, so screen readers read the same steps (the current one with
 * aria-current="step").
 */
export function PhaseTimeline({ label, phases, now }: { label: string; phases: TimelinePhase[]; now?: string }) {
  const intl = useIntl();
  const words = useKitWords();
  // In the platform's time zone, like every date of the pages.
  const date = (iso?: string) => (iso && !Number.isNaN(time(iso)) ? formatDateTime(iso, intl.locale, { day: 'numeric', month: 'short' }) : undefined);
  return (
    <div className="ui-timeline" role="group" aria-label={label}>
      <ol className="ui-timeline__list">
        {phases.map((phase) => {
          const start = date(phase.start);
          // A phase that starts and ends on the same day shows that day once, not "27 Nov – 27 Nov".
          const end = date(phase.end) === start ? undefined : date(phase.end);
          return (
            <li key={phase.key} className={`ui-timeline__phase ui-timeline__phase--${phase.state}`} aria-current={phase.state === 'current' ? 'step' : undefined}>
              <span className="ui-timeline__bar" aria-hidden="true">
                {phase.state === 'current' ? <span className="ui-timeline__now" style={{ '--ui-now': `${nowPosition(phase.start, phase.end, now)}%` } as CSSProperties} /> : null}
              </span>
              <span className="ui-timeline__label">{phase.label}</span>
              {start || end ? (
                <span className="ui-timeline__dates">
                  {start ?? ''}
                  {start && end ? ' – ' : ''}
                  {end ?? ''}
                </span>
              ) : null}
              <span className="ui-timeline__state">
                {/* "Now", without today's date: the dates beside it already place it. */}
                {phase.state === 'current' ? words.now : <span className="ui-visually-hidden">{words[phase.state]}</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
