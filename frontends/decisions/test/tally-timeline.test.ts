/**
 * What the decision screens draw: the counts as a vote changes them (optimistic feedback), and the
 * cycle's four phases on the timeline with their dates.
 */
import { timelineSteps } from '../src/ui/timeline.js';
import { totalVotes, withVote } from '../src/ui/tally.js';

const counts = { for: 3, against: 1, neutral: 0, blank: 2, score: 2 };

describe('the counts as the reader votes', () => {
  it('adds a first vote and keeps the score as for minus against', () => {
    expect(withVote(counts, null, 'against')).toEqual({ for: 3, against: 2, neutral: 0, blank: 2, score: 1 });
  });

  it('moves a changed vote from one choice to the other', () => {
    expect(withVote(counts, 'for', 'neutral')).toEqual({ for: 2, against: 1, neutral: 1, blank: 2, score: 1 });
  });

  it('takes a vote back, and changes nothing when the choice is the same', () => {
    expect(withVote(counts, 'blank', null)).toEqual({ ...counts, blank: 1 });
    expect(withVote(counts, 'for', 'for')).toBe(counts);
    expect(totalVotes(counts)).toBe(6);
  });

  it('never counts below zero', () => {
    expect(withVote(counts, 'neutral', 'for').neutral).toBe(0);
  });
});

describe('the timeline of a cycle', () => {
  const phaseSeconds = { proposals: 7 * 86_400, voting: 2 * 86_400, creation: 14 * 86_400, finalVote: 86_400 };

  it('marks the running phase, dates it, and plans the phases to come from the phase lengths', () => {
    const steps = timelineSteps({ phase: 'voting', phaseStartedAt: '2026-11-20T00:00:00.000Z', phaseEndsAt: '2026-11-22T00:00:00.000Z' }, phaseSeconds);
    expect(steps).toEqual([
      { key: 'proposals', state: 'done', end: '2026-11-20T00:00:00.000Z' },
      { key: 'voting', state: 'current', start: '2026-11-20T00:00:00.000Z', end: '2026-11-22T00:00:00.000Z' },
      { key: 'creation', state: 'upcoming', start: '2026-11-22T00:00:00.000Z', end: '2026-12-06T00:00:00.000Z' },
      { key: 'final-vote', state: 'upcoming', start: '2026-12-06T00:00:00.000Z', end: '2026-12-07T00:00:00.000Z' },
    ]);
  });

  it('gives the phases to come only their start while the lengths are unknown', () => {
    const steps = timelineSteps({ phase: 'proposals', phaseStartedAt: '2026-11-20T00:00:00.000Z', phaseEndsAt: '2026-11-27T00:00:00.000Z' });
    expect(steps.map((step) => step.state)).toEqual(['current', 'upcoming', 'upcoming', 'upcoming']);
    expect(steps[1]).toEqual({ key: 'voting', state: 'upcoming', start: '2026-11-27T00:00:00.000Z' });
    expect(steps[2]).toEqual({ key: 'creation', state: 'upcoming' });
  });

  it('shows an archived cycle with its four phases done', () => {
    const steps = timelineSteps({ phase: 'archive', phaseStartedAt: '2026-12-07T00:00:00.000Z', phaseEndsAt: null }, phaseSeconds);
    expect(steps).toEqual([
      { key: 'proposals', state: 'done' },
      { key: 'voting', state: 'done' },
      { key: 'creation', state: 'done' },
      { key: 'final-vote', state: 'done' },
    ]);
  });
});
