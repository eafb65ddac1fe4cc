/** The four phases of a decision cycle on a timeline: which are done, which runs, their dates. Pure. */
import type { CycleSummary, DecisionPhase, DecisionSettings } from '@civic/contracts';

export type CyclePhaseKey = Exclude<DecisionPhase, 'archive'>;

/** The phases a cycle goes through, in order (the archive is where it ends, not a phase on the timeline). */
export const cyclePhases: readonly CyclePhaseKey[] = ['proposals', 'voting', 'creation', 'final-vote'];

const settingsKey = { proposals: 'proposals', voting: 'voting', creation: 'creation', 'final-vote': 'finalVote' } as const;

export interface TimelineStep {
  key: CyclePhaseKey;
  state: 'done' | 'current' | 'upcoming';
  start?: string;
  end?: string;
}

/**
 * Each phase with its state and the dates known for it: the running phase from its start to its end,
 * the phase just before it ending when it started, and the phases to come one after the other from
 * its end, each as long as the deployment's settings say (the proposals phase may still be extended).
 */
export function timelineSteps(cycle: Pick<CycleSummary, 'phase' | 'phaseStartedAt' | 'phaseEndsAt'>, phaseSeconds?: DecisionSettings['phaseSeconds']): TimelineStep[] {
  const current = cycle.phase === 'archive' ? cyclePhases.length : cyclePhases.indexOf(cycle.phase);
  let nextStart = cycle.phaseEndsAt ? Date.parse(cycle.phaseEndsAt) : Number.NaN;
  return cyclePhases.map((key, index) => {
    if (index < current) return { key, state: 'done', ...(index === current - 1 && cycle.phase !== 'archive' ? { end: cycle.phaseStartedAt } : {}) };
    if (index === current) return { key, state: 'current', start: cycle.phaseStartedAt, ...(cycle.phaseEndsAt ? { end: cycle.phaseEndsAt } : {}) };
    if (Number.isNaN(nextStart)) return { key, state: 'upcoming' };
    const start = new Date(nextStart).toISOString();
    const seconds = phaseSeconds?.[settingsKey[key]];
    nextStart = seconds === undefined ? Number.NaN : nextStart + seconds * 1000;
    return { key, state: 'upcoming', start, ...(Number.isNaN(nextStart) ? {} : { end: new Date(nextStart).toISOString() }) };
  });
}
