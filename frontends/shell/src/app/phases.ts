/**
 * The current decision phases as the header and the home page show them: the time to the next step
 * is a countdown, not a duration (docs/product.md#shell-behaviour). Pure helpers.
 */
import type { CycleSummary, DecisionPhase } from '@civic/contracts';

/** The screen of each phase. */
export const phaseRoutes: Record<DecisionPhase, string> = {
  proposals: '/decisions/proposals',
  voting: '/decisions/voting-on-proposals',
  creation: '/decisions/creations',
  'final-vote': '/decisions/final-vote',
  archive: '/archive',
};

export interface PhaseCountdown {
  cycleId: string;
  number: number;
  phase: DecisionPhase;
  /** Epoch ms, on the browser's clock corrected by the server time, of the next step; null if none. */
  nextStepAt: number | null;
  /** When the current phase began and ends (ISO, as the service gave them), for the timeline's dates. */
  startedAt: string;
  endsAt: string | null;
}

/** The four phases a decision goes through before the archive, in order. */
export const cyclePhases = ['proposals', 'voting', 'creation', 'final-vote'] as const satisfies readonly DecisionPhase[];

/** Each of the four phases as done, current or upcoming for a cycle now in `phase`. */
export function phaseStates(phase: DecisionPhase): { phase: (typeof cyclePhases)[number]; state: 'done' | 'current' | 'upcoming' }[] {
  const at = phase === 'archive' ? cyclePhases.length : cyclePhases.indexOf(phase);
  return cyclePhases.map((each, index) => ({ phase: each, state: index < at ? 'done' : index === at ? 'current' : 'upcoming' }));
}

/**
 * The running phases (archived cycles left out), in the order of the process, each with the time of
 * its next step on the local clock: `receivedAt` is the local time the answer carrying `serverTime` came.
 */
export function currentPhases(cycles: readonly CycleSummary[], receivedAt: number): PhaseCountdown[] {
  const order: readonly DecisionPhase[] = cyclePhases;
  return cycles
    .filter((cycle) => cycle.phase !== 'archive')
    .map((cycle) => {
      const offset = Date.parse(cycle.serverTime) - receivedAt;
      const target = Date.parse(cycle.nextStepAt ?? cycle.phaseEndsAt ?? '');
      return {
        cycleId: cycle.id,
        number: cycle.number,
        phase: cycle.phase,
        nextStepAt: Number.isNaN(target) || Number.isNaN(offset) ? null : target - offset,
        startedAt: cycle.phaseStartedAt,
        endsAt: cycle.phaseEndsAt,
      };
    })
    .sort((a, b) => order.indexOf(a.phase) - order.indexOf(b.phase) || a.number - b.number);
}

/**
 * Whether a shown phase's next step is already due at `at`. The service then has moved the phase on
 * or extended it, and pushed that within a tick: a page that began to watch only after such an end
 * may have missed the push.
 */
export function anEndHasPassed(phases: readonly PhaseCountdown[] | null | undefined, at: number): boolean {
  return (phases ?? []).some((phase) => phase.nextStepAt !== null && phase.nextStepAt <= at);
}

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole seconds left from `now` to `target` (never negative), split into days, hours, minutes, seconds. */
export function timeLeft(target: number, now: number): DurationParts & { total: number } {
  const total = Math.max(0, Math.ceil((target - now) / 1000));
  return {
    total,
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
