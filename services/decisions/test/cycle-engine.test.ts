import { applyTransitions, dueTransitions, type CycleSnapshot, type EngineSettings, type Transition } from '../src/domain/cycle-engine.js';

const DAY = 24 * 60 * 60 * 1000;
const settings: EngineSettings = {
  durations: { proposalsMs: 14 * DAY, votingMs: 7 * DAY, creationMs: 14 * DAY, finalVoteMs: 7 * DAY, extensionMs: DAY },
  thresholds: { verifiedUsers: 150, proposals: 10 },
};

/** A fake clock and a world of cycles that the engine moves, as the scheduler does. */
class World {
  cycles: CycleSnapshot[] = [];
  verifiedUsers = 150;
  proposals = new Map<string, number>();
  log: Transition[] = [];
  private ids = 0;
  constructor(public now: Date) {}

  tick(): Transition[] {
    const transitions = dueTransitions(this.cycles, this.now, { verifiedUsers: this.verifiedUsers, proposalsIn: (id) => this.proposals.get(id) ?? 10 }, settings);
    this.cycles = applyTransitions(this.cycles, transitions, () => `c${++this.ids}`);
    this.log.push(...transitions);
    return transitions;
  }

  advance(ms: number): Transition[] {
    this.now = new Date(this.now.getTime() + ms);
    return this.tick();
  }

  phases(): string[] {
    return this.cycles.map((cycle) => `${cycle.number}:${cycle.phase}`);
  }
}

const start = new Date('2026-01-01T00:00:00.000Z');

describe('phase machine', () => {
  it('opens a first cycle, then runs a whole cycle through its five phases, a new cycle opening when one leaves proposals', () => {
    const world = new World(start);
    expect(world.tick()).toEqual([{ kind: 'open', number: 1, at: start, phaseEndsAt: new Date(start.getTime() + 14 * DAY) }]);
    expect(world.tick()).toEqual([]); // nothing due twice
    expect(world.advance(14 * DAY - 1)).toEqual([]);
    const leave = world.advance(1);
    expect(leave.map((t) => t.kind)).toEqual(['advance', 'open']);
    expect(world.phases()).toEqual(['1:voting', '2:proposals']);
    expect(world.cycles[0]!.phaseEndsAt).toEqual(new Date(start.getTime() + 21 * DAY));
    world.advance(7 * DAY);
    expect(world.phases()).toEqual(['1:creation', '2:proposals']);
    world.advance(7 * DAY); // day 28: cycle 2 leaves proposals, cycle 3 opens
    expect(world.phases()).toEqual(['1:creation', '2:voting', '3:proposals']);
    world.advance(7 * DAY); // day 35: cycle 1 to final vote first, then cycle 2 into the creation it freed
    expect(world.phases()).toEqual(['1:final-vote', '2:creation', '3:proposals']);
    world.advance(7 * DAY); // day 42
    expect(world.phases()).toEqual(['1:archive', '2:creation', '3:voting', '4:proposals']);
    const archived = world.cycles[0]!;
    expect(archived.phaseEndsAt).toBeNull();
    // Every phase of every cycle is held by at most one cycle at any time.
    for (const phase of ['proposals', 'voting', 'creation', 'final-vote']) {
      expect(world.cycles.filter((cycle) => cycle.phase === phase).length).toBeLessThanOrEqual(1);
    }
  });

  it('extends the proposals phase one step at a time while there are fewer verified users than required', () => {
    const world = new World(start);
    world.tick();
    world.verifiedUsers = 149;
    const [extension] = world.advance(14 * DAY);
    expect(extension).toMatchObject({ kind: 'extend', reason: 'start-rule', verifiedUsers: 149, proposals: 10, until: new Date(start.getTime() + 15 * DAY) });
    expect(world.advance(DAY - 1)).toEqual([]);
    expect(world.advance(1)[0]).toMatchObject({ kind: 'extend' });
    world.verifiedUsers = 150;
    expect(world.advance(DAY).map((t) => t.kind)).toEqual(['advance', 'open']);
    expect(world.cycles[0]!.extensions).toBe(2);
  });

  it('extends while there are fewer proposals than required, and counts only the cycle open for proposals', () => {
    const world = new World(start);
    world.tick();
    world.proposals.set('c1', 9);
    expect(world.advance(14 * DAY)[0]).toMatchObject({ kind: 'extend', cycleId: 'c1', proposals: 9 });
    world.proposals.set('c1', 10);
    expect(world.advance(DAY)[0]).toMatchObject({ kind: 'advance', from: 'proposals', to: 'voting' });
  });

  it('catches up once after an outage: each overdue cycle moves one step, the new phase runs its full length from now', () => {
    const world = new World(start);
    world.tick();
    const outageEnd = new Date(start.getTime() + 40 * DAY);
    world.now = outageEnd;
    const transitions = world.tick();
    expect(transitions.map((t) => t.kind)).toEqual(['advance', 'open']);
    expect(world.phases()).toEqual(['1:voting', '2:proposals']);
    // The vote was not opened and closed in the same instant: it lasts 7 days from the restart.
    expect(world.cycles[0]!.phaseEndsAt).toEqual(new Date(outageEnd.getTime() + 7 * DAY));
    expect(world.tick()).toEqual([]);

    // An unmet start rule overdue by ten days extends once, not once per missed day.
    const stalled = new World(start);
    stalled.tick();
    stalled.verifiedUsers = 0;
    stalled.now = new Date(start.getTime() + 24 * DAY);
    expect(stalled.tick()).toHaveLength(1);
    expect(stalled.cycles[0]!.phaseEndsAt).toEqual(new Date(start.getTime() + 25 * DAY));
    expect(stalled.tick()).toEqual([]);
  });

  it('keeps a cycle waiting (extended) while the next phase is still held by the cycle ahead', () => {
    const short: EngineSettings = { ...settings, durations: { ...settings.durations, proposalsMs: DAY, votingMs: 5 * DAY } };
    const cycles: CycleSnapshot[] = [
      { id: 'a', number: 1, phase: 'voting', phaseStartedAt: start, phaseEndsAt: new Date(start.getTime() + 5 * DAY), extensions: 0 },
      { id: 'b', number: 2, phase: 'proposals', phaseStartedAt: start, phaseEndsAt: new Date(start.getTime() + DAY), extensions: 0 },
    ];
    const now = new Date(start.getTime() + 2 * DAY);
    const transitions = dueTransitions(cycles, now, { verifiedUsers: 500, proposalsIn: () => 20 }, short);
    expect(transitions).toEqual([expect.objectContaining({ kind: 'extend', cycleId: 'b', reason: 'next-phase-busy' })]);
  });

  it('numbers a new cycle after the highest number ever used', () => {
    const transitions = dueTransitions([], start, { verifiedUsers: 0, proposalsIn: () => 0, highestNumber: 7 }, settings);
    expect(transitions).toEqual([expect.objectContaining({ kind: 'open', number: 8 })]);
  });
});
