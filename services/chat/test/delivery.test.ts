/** The pacing of a room's events and of live topics (README.md#delivery, docs/live.md), on a fake clock. */
import type { LiveUpdate } from '@civic/contracts';
import { newer, parseLiveUpdate } from '../src/live/live-relay.js';
import { frameOf } from '../src/socket/room-delivery.js';
import { KeyedPacer, type Timer } from '../src/socket/pacing.js';

/** Timers run by hand: `advance(ms)` fires those due, in order. */
function fakeTimers() {
  let now = 0;
  const timers: { at: number; run: () => void; cancelled: boolean }[] = [];
  return {
    schedule(run: () => void, delayMs: number): Timer {
      const timer = { at: now + delayMs, run, cancelled: false };
      timers.push(timer);
      return { cancel: () => (timer.cancelled = true) };
    },
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((timer) => !timer.cancelled && timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        now = due.at;
        due.cancelled = true;
        due.run();
      }
      now = until;
    },
    get pending() {
      return timers.filter((timer) => !timer.cancelled).length;
    },
  };
}

function batcher() {
  const clock = fakeTimers();
  const flushed: { key: string; items: number[] }[] = [];
  const pacer = new KeyedPacer<number, number[]>({
    intervalMs: 250,
    add: (pending, item) => [...(pending ?? []), item],
    flush: (key, items) => flushed.push({ key, items }),
    schedule: clock.schedule,
  });
  return { clock, flushed, pacer };
}

describe('pacing per key', () => {
  it('sends the first item of a quiet key at once, alone', () => {
    const { flushed, pacer } = batcher();
    pacer.offer('room', 1);
    expect(flushed).toEqual([{ key: 'room', items: [1] }]);
  });

  it('holds what follows within the interval and sends it together, in order, at its end', () => {
    const { clock, flushed, pacer } = batcher();
    pacer.offer('room', 1);
    clock.advance(10);
    pacer.offer('room', 2);
    pacer.offer('room', 3);
    clock.advance(200);
    expect(flushed).toHaveLength(1);
    clock.advance(40);
    expect(flushed).toEqual([
      { key: 'room', items: [1] },
      { key: 'room', items: [2, 3] },
    ]);
  });

  it('flushes at most once per interval under a steady stream, losing nothing', () => {
    const { clock, flushed, pacer } = batcher();
    for (let item = 0; item < 100; item++) {
      pacer.offer('room', item);
      clock.advance(10); // 100 items a second
    }
    clock.advance(1000);
    expect(flushed.flatMap((flush) => flush.items)).toEqual(Array.from({ length: 100 }, (_, item) => item));
    expect(flushed.length).toBeLessThanOrEqual(Math.ceil((100 * 10) / 250) + 1);
  });

  it('treats a key quiet again once an interval passed with nothing, and forgets it', () => {
    const { clock, flushed, pacer } = batcher();
    pacer.offer('room', 1);
    clock.advance(250);
    expect(pacer.activeKeys).toBe(0);
    expect(clock.pending).toBe(0);
    pacer.offer('room', 2);
    expect(flushed.map((flush) => flush.items)).toEqual([[1], [2]]);
  });

  it('paces each key on its own', () => {
    const { flushed, pacer } = batcher();
    pacer.offer('a', 1);
    pacer.offer('b', 2);
    pacer.offer('a', 3);
    expect(flushed).toEqual([
      { key: 'a', items: [1] },
      { key: 'b', items: [2] },
    ]);
  });

  it('sends what waits when stopped', () => {
    const { clock, flushed, pacer } = batcher();
    pacer.offer('room', 1);
    pacer.offer('room', 2);
    pacer.stop();
    expect(flushed.map((flush) => flush.items)).toEqual([[1], [2]]);
    expect(clock.pending).toBe(0);
  });
});

describe('room frames', () => {
  it('sends an event alone as itself, leaving out its author’s muters', () => {
    expect(frameOf([{ event: 'message:new', payload: { id: 'm1' }, author: 'u1' }])).toEqual({ event: 'message:new', payload: { id: 'm1' }, except: 'muting:u1' });
    expect(frameOf([{ event: 'room:closed', payload: { room: 'r' } }])).toEqual({ event: 'room:closed', payload: { room: 'r' } });
  });

  it('sends several as one batch to the whole room, in order', () => {
    expect(
      frameOf([
        { event: 'message:new', payload: { id: 'm1' }, author: 'u1' },
        { event: 'message:updated', payload: { id: 'm1' }, author: 'u1' },
        { event: 'room:closed', payload: { room: 'r' } },
      ]),
    ).toEqual({
      event: 'batch',
      payload: [
        ['message:new', { id: 'm1' }],
        ['message:updated', { id: 'm1' }],
        ['room:closed', { room: 'r' }],
      ],
    });
  });
});

describe('live updates', () => {
  const topic = 'law:0b7c1f0e-8a4e-4a57-9d1f-3f2f1b2c3d4e';
  const update = (at: string, votes: number): LiveUpdate => ({ topic, kind: 'law.figures', data: { votes }, at });

  it('reads a well-formed update and refuses anything else', () => {
    expect(parseLiveUpdate(JSON.stringify(update('2026-11-27T10:00:00.000Z', 1)))).toEqual(update('2026-11-27T10:00:00.000Z', 1));
    for (const bad of ['', 'null', '[]', '{"topic":"law:1","kind":"x","data":1,"at":"2026-11-27T10:00:00Z"}', JSON.stringify({ topic, kind: 'x', at: 'yesterday', data: 1 }), JSON.stringify({ topic, kind: 'x', at: '2026-11-27T10:00:00Z' })]) {
      expect(parseLiveUpdate(bad)).toBeNull();
    }
  });

  it('keeps the newest of a topic’s updates, whatever order the replicas’ arrive in', () => {
    const early = update('2026-11-27T10:00:00.000Z', 1);
    const late = update('2026-11-27T10:00:01.000Z', 2);
    expect(newer(undefined, early)).toBe(early);
    expect(newer(early, late)).toBe(late);
    expect(newer(late, early)).toBe(late);
  });
});
