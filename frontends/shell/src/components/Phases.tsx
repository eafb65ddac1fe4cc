import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import type { CycleSummary } from '@civic/contracts';
import { apiRequest } from '@civic/frontend-kit/api-client';
import { PhaseTimeline, SkeletonCard } from '@civic/frontend-kit/design';
import { currentPhases, phaseRoutes, phaseStates, timeLeft, visibleParts, type PhaseCountdown } from '../app/phases.js';

interface PhasesState {
  /** undefined while loading, null when the decisions service did not answer. */
  phases: PhaseCountdown[] | null | undefined;
  refresh: () => void;
}

const PhasesContext = createContext<PhasesState>({ phases: undefined, refresh: () => undefined });

const refreshMs = 60_000;
// The service moves a phase on within its one-second tick: the strip asks again soon after an end.
const elapsedRetryMs = 2_000;

/**
 * One read of GET /api/decisions for the header and the home page, renewed every minute and at each
 * navigation, so that the header shows the same next step as the decision page just opened (an
 * extension of the proposals phase moves it).
 */
export function PhasesProvider({ children }: { children: ReactNode }) {
  const [phases, setPhases] = useState<PhaseCountdown[] | null | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);
  const { pathname } = useLocation();

  const refresh = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    apiRequest<{ cycles: CycleSummary[] }>('GET', '/api/decisions', { signal: current.signal, renewSession: false })
      .then((answer) => setPhases(currentPhases(answer.cycles, Date.now())))
      .catch((error: unknown) => {
        if (current.signal.aborted) return;
        // The countdowns are a convenience: without the decisions service the rest still works.
        console.warn('The current phases could not be read', error);
        setPhases((previous) => previous ?? null);
      });
  }, []);

  useEffect(() => {
    refresh();
  }, [pathname, refresh]);

  useEffect(() => {
    const timer = setInterval(refresh, refreshMs);
    return () => {
      clearInterval(timer);
      controller.current?.abort();
    };
  }, [refresh]);

  const value = useMemo(() => ({ phases, refresh }), [phases, refresh]);
  return <PhasesContext.Provider value={value}>{children}</PhasesContext.Provider>;
}

export function usePhases(): PhasesState {
  return useContext(PhasesContext);
}

/** The local time, renewed every `intervalMs`. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const messages = {
  label: { id: 'phases.label' },
  decision: { id: 'phases.decision' },
  nextStep: { id: 'phases.nextStep' },
  nextStepDue: { id: 'phases.nextStepDue' },
  now: { id: 'phases.now' },
  none: { id: 'phases.none' },
  unavailable: { id: 'phases.unavailable' },
  loading: { id: 'common.loading' },
  timeline: { id: 'phases.timeline' },
  days: { id: 'countdown.days' },
  hours: { id: 'countdown.hours' },
  minutes: { id: 'countdown.minutes' },
  seconds: { id: 'countdown.seconds' },
  daysShort: { id: 'countdown.daysShort' },
  hoursShort: { id: 'countdown.hoursShort' },
  minutesShort: { id: 'countdown.minutesShort' },
  secondsShort: { id: 'countdown.secondsShort' },
};

const longUnits = { days: messages.days, hours: messages.hours, minutes: messages.minutes, seconds: messages.seconds };
const shortUnits = { days: messages.daysShort, hours: messages.hoursShort, minutes: messages.minutesShort, seconds: messages.secondsShort };

/** "3 days 4 hours" or, `compact`, "3 d 4 h"; `precise` keeps every unit down to the seconds. */
function useCountdownText(target: number | null, now: number, { compact = false, precise = false } = {}): string | null {
  const intl = useIntl();
  if (target === null) return null;
  const parts = timeLeft(target, now);
  if (parts.total === 0) return null;
  const units = compact ? shortUnits : longUnits;
  return visibleParts(parts, precise)
    .map((unit) => intl.formatMessage(units[unit], { count: parts[unit] }))
    .join(' ');
}

function usePhaseName(): (phase: PhaseCountdown['phase']) => string {
  const intl = useIntl();
  return (phase) => intl.formatMessage({ id: `notifications.phase.${phase}` });
}

/**
 * Reads the phases again every few seconds while a countdown is at zero, until the decisions service
 * answers the next step: the phase moved on, or the start rule extended it (a new end). Also reads
 * them when the tab comes back to the front, as a decision page may have shown a newer end meanwhile.
 */
function useRefreshWhenElapsed(phases: PhaseCountdown[] | null | undefined, now: number, refresh: () => void) {
  const elapsed = (phases ?? []).some((phase) => phase.nextStepAt !== null && phase.nextStepAt <= now);
  useEffect(() => {
    if (!elapsed) return;
    const timer = setInterval(refresh, elapsedRetryMs);
    return () => clearInterval(timer);
  }, [elapsed, refresh]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refresh]);
}

function HeaderPhase({ phase, now }: { phase: PhaseCountdown; now: number }) {
  const { formatMessage: t } = useIntl();
  const phaseName = usePhaseName();
  const text = useCountdownText(phase.nextStepAt, now, { compact: true });
  const due = phase.nextStepAt !== null && text === null;
  return (
    <li>
      <Link to={phaseRoutes[phase.phase]} className="phase-chip">
        <span className="phase-chip__name">{phaseName(phase.phase)}</span>
        {text || due ? (
          <span className="phase-chip__time" data-phase-time={phase.phase}>
            {text ?? t(messages.now)}
          </span>
        ) : null}
      </Link>
    </li>
  );
}

/** The header's countdowns: one short line per running phase, each a link to its screen. */
export function HeaderPhases() {
  const { formatMessage: t } = useIntl();
  const { phases, refresh } = usePhases();
  const now = useNow(1000);
  useRefreshWhenElapsed(phases, now, refresh);
  if (!phases || phases.length === 0) return null;
  return (
    <nav className="header-phases" aria-label={t(messages.label)}>
      <ul>
        {phases.map((phase) => (
          <HeaderPhase key={phase.cycleId} phase={phase} now={now} />
        ))}
      </ul>
    </nav>
  );
}

function HomePhase({ phase, now }: { phase: PhaseCountdown; now: number }) {
  const { formatMessage: t } = useIntl();
  const phaseName = usePhaseName();
  const text = useCountdownText(phase.nextStepAt, now, { precise: true });
  const labelId = useId();
  const timeline = phaseStates(phase.phase).map(({ phase: each, state }) => ({
    key: each,
    label: phaseName(each),
    state,
    ...(state === 'current' ? { start: phase.startedAt, end: phase.endsAt ?? undefined } : {}),
  }));
  return (
    <li className="phase-card ui-card" aria-labelledby={labelId}>
      <div className="home-timeline__head">
        <h3 id={labelId} className="phase-card__title">
          <Link to={phaseRoutes[phase.phase]}>{phaseName(phase.phase)}</Link>
        </h3>
        <p className="phase-card__decision">{t(messages.decision, { number: phase.number })}</p>
        {text ? (
          <p className="phase-card__countdown">
            {t(messages.nextStep, {
              time: (
                <strong className="countdown" data-countdown={phase.phase}>
                  {text}
                </strong>
              ),
            })}
          </p>
        ) : phase.nextStepAt !== null ? (
          <p className="phase-card__countdown" data-phase-due={phase.phase}>
            {t(messages.nextStepDue)}
          </p>
        ) : null}
      </div>
      <PhaseTimeline label={t(messages.timeline, { number: phase.number })} phases={timeline} now={new Date(now).toISOString()} />
    </li>
  );
}

/** The home page's list of current phases with live countdowns. */
export function HomePhases({ title }: { title: string }) {
  const { formatMessage: t } = useIntl();
  const { phases, refresh } = usePhases();
  const now = useNow(1000);
  const headingId = useId();
  useRefreshWhenElapsed(phases, now, refresh);
  let body: ReactNode;
  if (phases === undefined) body = <SkeletonCard lines={2} label={t(messages.loading)} />;
  else if (phases === null) body = <p>{t(messages.unavailable)}</p>;
  else if (phases.length === 0) body = <p>{t(messages.none)}</p>;
  else
    body = (
      <ul className="home-timelines">
        {phases.map((phase) => (
          <HomePhase key={phase.cycleId} phase={phase} now={now} />
        ))}
      </ul>
    );
  return (
    <section className="home-phases" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {body}
    </section>
  );
}
