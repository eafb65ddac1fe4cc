/**
 * The phase machine of decision cycles (docs/architecture.md), free of I/O: given the live cycles,
 * the time and the start-rule facts, it says which transitions are due. The scheduler applies them.
 *
 * Catch-up rule: a transition is due when its deadline has passed, however long ago. It is applied
 * once, at `now`, and the phase it opens runs its full length from `now` (so a vote is never opened
 * and closed in the same instant after an outage, and a restarted service moves each overdue cycle
 * exactly one step, never once per missed tick). An overdue extension likewise extends once, to
 * `now` + one extension step.
 */
import { decisionPhases, type DecisionPhase } from '@civic/contracts';
import { startRuleMet, type StartThresholds } from './start-rule.js';

export interface PhaseDurations {
  proposalsMs: number;
  votingMs: number;
  creationMs: number;
  finalVoteMs: number;
  /** One extension step of a proposals phase (start rule not met, or the vote still busy). */
  extensionMs: number;
}

export interface EngineSettings {
  durations: PhaseDurations;
  thresholds: StartThresholds;
}

export interface CycleSnapshot {
  id: string;
  number: number;
  phase: DecisionPhase;
  phaseStartedAt: Date;
  phaseEndsAt: Date | null;
  extensions: number;
}

export interface EngineFacts {
  verifiedUsers: number;
  /** Visible proposals of a cycle (its own and the second-chance ones carried into it). */
  proposalsIn(cycleId: string): number;
  /** Highest cycle number ever used (archived cycles included), for numbering a new cycle. */
  highestNumber?: number;
}

export type ExtensionReason = 'start-rule' | 'next-phase-busy';

export type Transition =
  | { kind: 'open'; number: number; at: Date; phaseEndsAt: Date }
  | { kind: 'extend'; cycleId: string; phase: DecisionPhase; at: Date; until: Date; reason: ExtensionReason; verifiedUsers: number; proposals: number }
  | { kind: 'advance'; cycleId: string; number: number; from: DecisionPhase; to: DecisionPhase; at: Date; phaseEndsAt: Date | null };

const phaseIndex = (phase: DecisionPhase) => decisionPhases.indexOf(phase);

export function nextPhase(phase: DecisionPhase): DecisionPhase | null {
  return decisionPhases[phaseIndex(phase) + 1] ?? null;
}

export function phaseLengthMs(phase: DecisionPhase, durations: PhaseDurations): number | null {
  switch (phase) {
    case 'proposals':
      return durations.proposalsMs;
    case 'voting':
      return durations.votingMs;
    case 'creation':
      return durations.creationMs;
    case 'final-vote':
      return durations.finalVoteMs;
    case 'archive':
      return null;
  }
}

const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);

/**
 * The transitions due at `now`, in the order they must be applied. Later phases are handled first,
 * so a cycle leaving a phase frees it for the cycle behind it in the same tick (at most one cycle per
 * phase). When no cycle is open for proposals afterwards, a new one opens.
 */
export function dueTransitions(cycles: readonly CycleSnapshot[], now: Date, facts: EngineFacts, settings: EngineSettings): Transition[] {
  const transitions: Transition[] = [];
  const live = cycles.filter((cycle) => cycle.phase !== 'archive');
  const occupied = new Set<DecisionPhase>(live.map((cycle) => cycle.phase));
  const ordered = [...live].sort((a, b) => phaseIndex(b.phase) - phaseIndex(a.phase) || a.number - b.number);

  for (const cycle of ordered) {
    if (cycle.phaseEndsAt === null || cycle.phaseEndsAt.getTime() > now.getTime()) continue;
    const to = nextPhase(cycle.phase);
    if (to === null) continue;
    const proposals = facts.proposalsIn(cycle.id);
    const extend = (reason: ExtensionReason): Transition => ({
      kind: 'extend',
      cycleId: cycle.id,
      phase: cycle.phase,
      at: now,
      until: plus(now, settings.durations.extensionMs),
      reason,
      verifiedUsers: facts.verifiedUsers,
      proposals,
    });
    if (cycle.phase === 'proposals' && !startRuleMet({ verifiedUsers: facts.verifiedUsers, proposals }, settings.thresholds)) {
      transitions.push(extend('start-rule'));
      continue;
    }
    if (to !== 'archive' && occupied.has(to)) {
      transitions.push(extend('next-phase-busy'));
      continue;
    }
    const length = phaseLengthMs(to, settings.durations);
    transitions.push({
      kind: 'advance',
      cycleId: cycle.id,
      number: cycle.number,
      from: cycle.phase,
      to,
      at: now,
      phaseEndsAt: length === null ? null : plus(now, length),
    });
    occupied.delete(cycle.phase);
    if (to !== 'archive') occupied.add(to);
  }

  if (!occupied.has('proposals')) {
    const number = cycles.reduce((max, cycle) => Math.max(max, cycle.number), facts.highestNumber ?? 0) + 1;
    transitions.push({ kind: 'open', number, at: now, phaseEndsAt: plus(now, settings.durations.proposalsMs) });
  }
  return transitions;
}

/** The cycles after the transitions, as the scheduler stores them (used by tests and simulations). */
export function applyTransitions(cycles: readonly CycleSnapshot[], transitions: readonly Transition[], newId: () => string): CycleSnapshot[] {
  const next = cycles.map((cycle) => ({ ...cycle }));
  for (const transition of transitions) {
    if (transition.kind === 'open') {
      next.push({ id: newId(), number: transition.number, phase: 'proposals', phaseStartedAt: transition.at, phaseEndsAt: transition.phaseEndsAt, extensions: 0 });
      continue;
    }
    const cycle = next.find((candidate) => candidate.id === transition.cycleId);
    if (!cycle) throw new Error(`unknown cycle ${transition.cycleId}`);
    if (transition.kind === 'extend') {
      cycle.phaseEndsAt = transition.until;
      cycle.extensions += 1;
    } else {
      cycle.phase = transition.to;
      cycle.phaseStartedAt = transition.at;
      cycle.phaseEndsAt = transition.phaseEndsAt;
    }
  }
  return next;
}

/** When the next step of a cycle happens (the deadline, which each extension moves). */
export function nextStepAt(cycle: Pick<CycleSnapshot, 'phaseEndsAt'>): Date | null {
  return cycle.phaseEndsAt;
}
