/**
 * The events the phase machine's transitions imply (docs/architecture.md: events are written with the
 * change they describe). Pure but for the event id each envelope gets.
 */
import { CycleExtended, CyclePhaseChanged, type EventEnvelope } from '@civic/contracts';
import { newEvent } from '@civic/service-kit';
import type { Transition } from './cycle-engine.js';

/** The event of one transition; `cycleId` names the cycle an opening creates. */
export function transitionEvent(transition: Transition, cycleId: string): EventEnvelope {
  switch (transition.kind) {
    case 'open':
      return newEvent(
        CyclePhaseChanged,
        { cycleId, number: transition.number, from: null, to: 'proposals', at: transition.at.toISOString(), phaseEndsAt: transition.phaseEndsAt.toISOString() },
        transition.at,
      );
    case 'extend':
      return newEvent(
        CycleExtended,
        { cycleId: transition.cycleId, until: transition.until.toISOString(), verifiedUsers: transition.verifiedUsers, proposals: transition.proposals },
        transition.at,
      );
    case 'advance':
      return newEvent(
        CyclePhaseChanged,
        {
          cycleId: transition.cycleId,
          number: transition.number,
          from: transition.from,
          to: transition.to,
          at: transition.at.toISOString(),
          phaseEndsAt: transition.phaseEndsAt?.toISOString() ?? null,
        },
        transition.at,
      );
  }
}
