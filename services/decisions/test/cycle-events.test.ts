// The event each transition of the phase machine implies.
import { transitionEvent } from '../src/domain/cycle-events.js';

const cycleId = '00000000-0000-4000-8000-000000000001';
const at = new Date('2026-03-01T08:00:00.000Z');
const later = new Date('2026-03-15T08:00:00.000Z');

describe('the events of cycle transitions', () => {
  it('an opening announces the new cycle entering proposals, from no phase', () => {
    const event = transitionEvent({ kind: 'open', number: 3, at, phaseEndsAt: later }, cycleId);
    expect([event.subject, event.payload, event.occurredAt]).toEqual([
      'decisions.cycle.phase-changed',
      { cycleId, number: 3, from: null, to: 'proposals', at: at.toISOString(), phaseEndsAt: later.toISOString() },
      at.toISOString(),
    ]);
  });

  it('an extension carries the new deadline and the start-rule counts', () => {
    const event = transitionEvent({ kind: 'extend', cycleId, phase: 'proposals', at, until: later, reason: 'start-rule', verifiedUsers: 4, proposals: 1 }, cycleId);
    expect([event.subject, event.payload]).toEqual(['decisions.cycle.extended', { cycleId, until: later.toISOString(), verifiedUsers: 4, proposals: 1 }]);
  });

  it('an advance names both phases; the archive has no deadline', () => {
    const event = transitionEvent({ kind: 'advance', cycleId, number: 2, from: 'final-vote', to: 'archive', at, phaseEndsAt: null }, cycleId);
    expect(event.payload).toEqual({ cycleId, number: 2, from: 'final-vote', to: 'archive', at: at.toISOString(), phaseEndsAt: null });
  });
});
