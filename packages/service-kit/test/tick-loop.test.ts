import pino from 'pino';
import { TickLoop } from '../src/tick-loop.js';

const silent = pino({ level: 'silent' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('TickLoop', () => {
  it('runs at once and then on its interval, never two ticks at the same time', async () => {
    let running = 0;
    let overlapped = false;
    let ticks = 0;
    const loop = new TickLoop(
      async () => {
        running += 1;
        if (running > 1) overlapped = true;
        ticks += 1;
        await pause(30); // longer than the interval: the next ticks must wait their turn
        running -= 1;
      },
      5,
      silent,
      'test tick',
    );
    loop.start();
    expect(ticks).toBe(1);
    while (ticks < 3) await pause(5);
    await loop.stop();
    expect(overlapped).toBe(false);
  });

  it('goes on after a failed tick, and stop waits for the tick under way', async () => {
    let calls = 0;
    let finished = false;
    const loop = new TickLoop(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
        await pause(20);
        finished = true;
      },
      5,
      silent,
      'test tick',
    );
    loop.start();
    while (calls < 2) await pause(1);
    await loop.stop();
    expect(finished).toBe(true);
    const after = calls;
    await pause(20);
    expect(calls).toBe(after);
  });
});
