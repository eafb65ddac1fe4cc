import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { liveTopics, type CycleSummary } from '@civic/contracts';
import { apiRequest } from '@civic/frontend-kit/api-client';
import { useLiveTopic } from '@civic/frontend-kit/live-hooks';
import { PhaseTimeline, SkeletonCard } from '@civic/frontend-kit/design';
import { formatDuration } from '@civic/frontend-kit/duration';
import { startRuleWait, waitingText, type StartRuleWait } from '@civic/frontend-kit/start-rule';
import { anEndHasPassed, currentPhases, phaseRoutes, phaseStates, timeLeft, type PhaseCountdown } from '../app/phases.js';

/** A running phase as shown: its countdown, or what it waits for while its start rule is not met. */
export type ShownPhase = PhaseCountdown & { wait: StartRuleWait | null };

/** The running phases of an answer, each with what it waits for, as the service's start rule says. */
export function shownPhases(cycles: readonly CycleSummary[], receivedAt: number): ShownPhase[] {
  const byId = new Map(cycles.map((cycle) => [cycle.id, cycle]));
  return currentPhases(cycles, receivedAt).map((phase) => {
    const cycle = byId.get(phase.cycleId);
    return { ...phase, wait: cycle ? startRuleWait(cycle) : null };
  });
}

interface PhasesState {
  /** undefined while loading, null when the decisions service did not answer. */
  phases: ShownPhase[] | null | undefined;
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
  const [phases, setPhases] = useState<ShownPhase[] | null | undefined>(undefined);
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
      .then((answer) => setPhases(shownPhases(answer.cycles, Date.now())))
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
      setPhases(shownPhases(update.data.cycles, Date.now()));
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

/** The units of every countdown: the days in words, then h, min and s (the remotes' style too). */
const units = {
  days: { id: 'countdown.days' },
  hours: { id: 'countdown.hoursShort' },
  minutes: { id: 'countdown.minutesShort' },
  seconds: { id: 'countdown.secondsShort' },
};

/** "3 days 4 h 12 min" or, `compact`, its first two units ("3 days 4 h"); null once at zero. */
function useCountdownText(target: number | null, now: number, { compact = false } = {}): string | null {
  const intl = useIntl();
  if (target === null) return null;
  const { total } = timeLeft(target, now);
  if (total === 0) return null;
  return formatDuration(intl, total, units, compact ? { largest: 2 } : undefined);
}

function usePhaseName(): (phase: PhaseCountdown['phase']) => string {
  const intl = useIntl();
  return (phase) => intl.formatMessage({ id: `notifications.phase.${phase}` });
}

function HeaderPhase({ phase, now }: { phase: ShownPhase; now: number }) {
  const intl = useIntl();
  const phaseName = usePhaseName();
  const text = useCountdownText(phase.wait ? null : phase.nextStepAt, now, { compact: true });
  const due = !phase.wait && phase.nextStepAt !== null && text === null;
  const shown = phase.wait ? waitingText(intl.locale, phase.wait, { short: true }) : (text ?? (due ? intl.formatMessage({ id: 'phases.now' }) : null));
  return (
    <li>
      <Link to={phaseRoutes[phase.phase]} className="phase-chip">
        <span className="phase-chip__name">{phaseName(phase.phase)}</span>
        {shown ? (
          <span className="phase-chip__time" data-phase-time={phase.phase} data-phase-waiting={phase.wait ? '' : undefined}>
            {shown}
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
  // While the phases load, their line keeps its height, so that the page under the header does not
  // move down when they come.
  if (phases === undefined)
    return (
      <div className="header-phases" aria-hidden="true">
        <ul>
          <li>
            <span className="phase-chip">{'\u00a0'}</span>
          </li>
        </ul>
      </div>
    );
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

/** Under the phase's name: what it waits for, its countdown, or that its step is due. */
function HomePhaseStatus({ phase, now }: { phase: ShownPhase; now: number }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const text = useCountdownText(phase.wait ? null : phase.nextStepAt, now);
  if (phase.wait)
    return (
      <p className="phase-card__countdown" data-phase-waiting={phase.phase}>
        <strong>{waitingText(intl.locale, phase.wait)}</strong>
      </p>
    );
  if (text)
    return (
      <p className="phase-card__countdown">
        {t({ id: 'phases.nextStep' }, {
          time: (
            <strong className="countdown" data-countdown={phase.phase}>
              {text}
            </strong>
          ),
        })}
      </p>
    );
  return phase.nextStepAt !== null ? (
    <p className="phase-card__countdown" data-phase-due={phase.phase}>
      {t({ id: 'phases.nextStepDue' })}
    </p>
  ) : null;
}

function HomePhase({ phase, now }: { phase: ShownPhase; now: number }) {
  const { formatMessage: t } = useIntl();
  const phaseName = usePhaseName();
  const labelId = useId();
  // While the start rule waits, the phase has no end to show: its deadline is only the next check.
  const end = phase.wait ? undefined : (phase.endsAt ?? undefined);
  const timeline = phaseStates(phase.phase).map(({ phase: each, state }) => ({
    key: each,
    label: phaseName(each),
    state,
    ...(state === 'current' ? { start: phase.startedAt, end } : {}),
  }));
  return (
    <li className="phase-card ui-card" aria-labelledby={labelId}>
      <div className="home-timeline__head">
        <h3 id={labelId} className="phase-card__title">
          <Link to={phaseRoutes[phase.phase]}>{phaseName(phase.phase)}</Link>
        </h3>
        <p className="phase-card__decision">{t({ id: 'phases.decision' }, { number: phase.number })}</p>
        <HomePhaseStatus phase={phase} now={now} />
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
