import type { CycleSummary } from '@civic/contracts';
import { anEndHasPassed, currentPhases, phaseRoutes, phaseStates, timeLeft } from '../src/app/phases.js';

function cycle(over: Partial<CycleSummary>): CycleSummary {
  return {
    id: 'c', number: 1, phase: 'proposals', phaseStartedAt: '2026-11-01T00:00:00Z', extensions: 0, proposals: 0,
    startRule: { verifiedUsers: 0, proposals: 0, requiredUsers: 150, requiredProposals: 10, met: false },
    serverTime: '2026-11-22T12:00:00Z', phaseEndsAt: '2026-11-23T12:00:00Z', nextStepAt: '2026-11-23T12:00:00Z',
    ...over,
  };
}

describe('current phases and countdowns', () => {
  it('keeps running phases in process order, on the local clock corrected by the server time', () => {
    const receivedAt = Date.parse('2026-11-22T12:00:10Z'); // local clock 10 s ahead of the server
    const phases = currentPhases(
      [
        cycle({ id: 'b', number: 2, phase: 'voting', nextStepAt: '2026-11-22T13:00:00Z' }),
        cycle({ id: 'a', number: 3, phase: 'proposals' }),
        cycle({ id: 'z', number: 1, phase: 'archive', phaseEndsAt: null, nextStepAt: null }),
      ],
      receivedAt,
    );
    expect(phases.map((phase) => phase.phase)).toEqual(['proposals', 'voting']);
    expect(phases[1]!.nextStepAt).toBe(Date.parse('2026-11-22T13:00:10Z'));
    // The timeline's dates: the current phase's start and end, as the service gave them.
    expect(phases[0]).toMatchObject({ startedAt: '2026-11-01T00:00:00Z', endsAt: '2026-11-23T12:00:00Z' });
  });

  it('places a cycle on the timeline of the four phases', () => {
    expect(phaseStates('voting').map(({ phase, state }) => `${phase}:${state}`)).toEqual(['proposals:done', 'voting:current', 'creation:upcoming', 'final-vote:upcoming']);
    expect(phaseStates('proposals')[0]!.state).toBe('current');
    expect(phaseStates('archive').every(({ state }) => state === 'done')).toBe(true);
  });

  it('falls back to the phase end, and to no countdown', () => {
    const [withEnd] = currentPhases([cycle({ nextStepAt: null })], Date.parse('2026-11-22T12:00:00Z'));
    expect(withEnd!.nextStepAt).toBe(Date.parse('2026-11-23T12:00:00Z'));
    const [without] = currentPhases([cycle({ nextStepAt: null, phaseEndsAt: null })], 0);
    expect(without!.nextStepAt).toBeNull();
  });

  it('splits the time left into days, hours, minutes and seconds', () => {
    const left = timeLeft(3 * 86_400_000 + 4 * 3_600_000 + 12 * 60_000 + 5_000, 0);
    expect(left).toEqual({ total: 274_325, days: 3, hours: 4, minutes: 12, seconds: 5 });
    expect(timeLeft(65_000, 0)).toMatchObject({ minutes: 1, seconds: 5 });
    expect(timeLeft(0, 5_000)).toEqual({ total: 0, days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('links each phase to its screen', () => {
    expect(phaseRoutes.voting).toBe('/decisions/voting-on-proposals');
    expect(phaseRoutes['final-vote']).toBe('/decisions/final-vote');
  });
});

describe('anEndHasPassed', () => {
  const phase = (nextStepAt: number | null) => ({ cycleId: 'c', number: 1, phase: 'proposals' as const, nextStepAt, startedAt: '', endsAt: null });

  it('is true once a shown next step is due, so that a watch that began after it reads again', () => {
    expect(anEndHasPassed([phase(1_000), phase(5_000)], 1_000)).toBe(true);
    expect(anEndHasPassed([phase(5_000)], 6_000)).toBe(true);
  });

  it('is false while every next step is ahead, for a phase without one, and before the first read', () => {
    expect(anEndHasPassed([phase(5_000), phase(null)], 4_999)).toBe(false);
    expect(anEndHasPassed([], 0)).toBe(false);
    expect(anEndHasPassed(undefined, 0)).toBe(false);
    expect(anEndHasPassed(null, 0)).toBe(false);
  });
});
