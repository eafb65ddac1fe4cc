import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { liveTopics, type CycleSummary } from '@civic/contracts';
import { apiRequest } from '@civic/frontend-kit/api-client';
import { useLiveTopic } from '@civic/frontend-kit/live-hooks';
import { PhaseTimeline, SkeletonCard } from '@civic/frontend-kit/design';
import { anEndHasPassed, currentPhases, phaseRoutes, phaseStates, timeLeft, visibleParts, type PhaseCountdown } from '../app/phases.js';

interface PhasesState {
  /** undefined while loading, null when the decisions service did not answer. */
  phases: PhaseCountdown[] | null | undefined;
  refresh: () => void;
}

const PhasesContext = createContext<PhasesState>({ phases: undefined, refresh: () => undefined });

/** Runs `start` a second after the page's load event, when the browser is idle; answers a cancel. */
function afterFirstLoad(start: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(start, { timeout: 2000 });
      else start();
    }, 1000);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/** The `phases` topic's data: exactly the answer of GET /api/decisions (docs/live.md). */
interface PhasesAnswer {
  cycles: CycleSummary[];
}

/**
 * One read of GET /api/decisions per page load for the header and the home page, then the `phases`
 * topic: decisions pushes the same answer on every phase change, extension and new cycle
 * (docs/live.md#elections-topics-and-the-shell). No poll, no read at a navigation nor when a
 * countdown reaches zero (it shows "now" until the push arrives); after a reconnection of the page
 * socket, when a push may have been missed, it reads again. The watch starts a second or two after
 * the first read (see afterFirstLoad): a countdown that ended before the server confirmed the watch
 * may have had its push go by. If it still shows an end older than `missedPushAfterMs` once that
 * time has passed, the push was missed, and only then is the answer read again.
 */
/** Past an end, its push (phase change or extension) comes within a tick of the phase machine (1 s). */
const missedPushAfterMs = 3_000;

export function PhasesProvider({ children }: { children: ReactNode }) {
  const [phases, setPhases] = useState<PhaseCountdown[] | null | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);
  // What the countdowns show now, for the check once the watch starts (a callback of an older render).
  const shown = useRef(phases);
  useEffect(() => {
    shown.current = phases;
  });

  const refresh = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    apiRequest<PhasesAnswer>('GET', '/api/decisions', { signal: current.signal, renewSession: false })
      .then((answer) => setPhases(currentPhases(answer.cycles, Date.now())))
      .catch((error: unknown) => {
        if (current.signal.aborted) return;
        // The countdowns are a convenience: without the decisions service the rest still works.
        console.warn('The current phases could not be read', error);
        setPhases((previous) => previous ?? null);
      });
  }, []);

  const catchUp = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    refresh();
    return () => {
      controller.current?.abort();
      clearTimeout(catchUp.current);
    };
  }, [refresh]);

  // The page socket (and socket.io-client with it) is not part of the first load: the topic is
  // watched once the page has loaded and gone idle, a second or two after the read.
  const [watching, setWatching] = useState(false);
  useEffect(() => afterFirstLoad(() => setWatching(true)), []);
  useLiveTopic<PhasesAnswer>(
    watching ? liveTopics.phases : null,
    (update) => {
      // A push replaces what a read still running would bring: that read is older.
      controller.current?.abort();
      setPhases(currentPhases(update.data.cycles, Date.now()));
    },
    refresh,
    () => {
      if (!anEndHasPassed(shown.current, Date.now())) return;
      catchUp.current = setTimeout(() => {
        if (anEndHasPassed(shown.current, Date.now() - missedPushAfterMs)) refresh();
      }, missedPushAfterMs);
    },
  );

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

const longUnits = {
  days: { id: 'countdown.days' },
  hours: { id: 'countdown.hours' },
  minutes: { id: 'countdown.minutes' },
  seconds: { id: 'countdown.seconds' },
};

const shortUnits = {
  days: { id: 'countdown.daysShort' },
  hours: { id: 'countdown.hoursShort' },
  minutes: { id: 'countdown.minutesShort' },
  seconds: { id: 'countdown.secondsShort' },
};

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
            {text ?? t({ id: 'phases.now' })}
          </span>
        ) : null}
      </Link>
    </li>
  );
}

/** The header's countdowns: one short line per running phase, each a link to its screen. */
export function HeaderPhases() {
  const { formatMessage: t } = useIntl();
  const { phases } = usePhases();
  const now = useNow(1000);
  if (!phases || phases.length === 0) return null;
  return (
    <nav className="header-phases" aria-label={t({ id: 'phases.label' })}>
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
        <p className="phase-card__decision">{t({ id: 'phases.decision' }, { number: phase.number })}</p>
        {text ? (
          <p className="phase-card__countdown">
            {t({ id: 'phases.nextStep' }, {
              time: (
                <strong className="countdown" data-countdown={phase.phase}>
                  {text}
                </strong>
              ),
            })}
          </p>
        ) : phase.nextStepAt !== null ? (
          <p className="phase-card__countdown" data-phase-due={phase.phase}>
            {t({ id: 'phases.nextStepDue' })}
          </p>
        ) : null}
      </div>
      <PhaseTimeline label={t({ id: 'phases.timeline' }, { number: phase.number })} phases={timeline} now={new Date(now).toISOString()} />
    </li>
  );
}

/** The home page's list of current phases with live countdowns. */
export function HomePhases({ title }: { title: string }) {
  const { formatMessage: t } = useIntl();
  const { phases } = usePhases();
  const now = useNow(1000);
  const headingId = useId();
  let body: ReactNode;
  if (phases === undefined) body = <SkeletonCard lines={2} label={t({ id: 'common.loading' })} />;
  else if (phases === null) body = <p>{t({ id: 'phases.unavailable' })}</p>;
  else if (phases.length === 0) body = <p>{t({ id: 'phases.none' })}</p>;
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
