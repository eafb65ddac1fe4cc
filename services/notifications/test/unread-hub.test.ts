import type { EventBus } from '@civic/service-kit';
import { UnreadHub, unreadFrame, type LiveStream } from '../src/live/unread-hub.js';

/** A bus whose publish loops back to the subscribers on the same subject, like NATS core. */
function loopbackBus(failPublish = false) {
  const handlers: ((text: string) => void)[] = [];
  const nc = {
    subscribe: () => {
      const queue: string[] = [];
      let wake: (() => void) | null = null;
      let open = true;
      handlers.push((text) => {
        queue.push(text);
        wake?.();
      });
      return {
        unsubscribe: () => {
          open = false;
          wake?.();
        },
        async *[Symbol.asyncIterator]() {
          while (open) {
            if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
            while (queue.length) yield { string: () => queue.shift()! };
          }
        },
      };
    },
    publish: (_subject: string, text: string) => {
      if (failPublish) throw new Error('NATS away');
      for (const handler of handlers) handler(text);
    },
  };
  return { nc, subject: (logical: string) => `t.${logical}` } as unknown as EventBus;
}

const silent = { warn: () => undefined } as never;
const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

function stream(userId: string): LiveStream & { frames: string[]; closed: boolean } {
  const frames: string[] = [];
  const s = {
    userId,
    frames,
    closed: false,
    send: (frame: string) => (frames.push(frame), true),
    close: () => void (s.closed = true),
  };
  return s;
}

describe('the live unread hub', () => {
  it('counts each user’s open streams', () => {
    const hub = new UnreadHub({ bus: loopbackBus(), log: silent, counts: async () => new Map() });
    const removals = [hub.add(stream('a')), hub.add(stream('a')), hub.add(stream('b'))];
    expect([hub.openFor('a'), hub.openFor('b'), hub.openFor('c')]).toEqual([2, 1, 0]);
    removals[0]!();
    expect(hub.openFor('a')).toBe(1);
  });

  it('pushes the counts of concerned connected users only, read together', async () => {
    const asked: string[][] = [];
    const hub = new UnreadHub({ bus: loopbackBus(), log: silent, counts: async (ids) => (asked.push(ids), new Map(ids.map((id) => [id, id.length]))) });
    hub.start();
    const a = stream('aa');
    const b = stream('bbb');
    hub.add(a);
    hub.add(b);
    hub.changed(['aa', 'zz']);
    hub.changed(['bbb']);
    await tick();
    expect(a.frames).toEqual([unreadFrame(2)]);
    expect(b.frames).toEqual([unreadFrame(3)]);
    expect(asked).toEqual([['aa', 'bbb']]);
    hub.changedForEveryone();
    await tick();
    expect(a.frames).toHaveLength(2);
    hub.stop();
    expect(a.closed && b.closed).toBe(true);
  });

  it('forgets a stream once removed, closes deleted users, and pushes locally when NATS is away', async () => {
    const hub = new UnreadHub({ bus: loopbackBus(true), log: silent, counts: async (ids) => new Map(ids.map((id) => [id, 7])) });
    hub.start();
    const a = stream('a');
    const remove = hub.add(a);
    hub.changed(['a']);
    await tick();
    expect(a.frames).toEqual([unreadFrame(7)]);
    remove();
    hub.changed(['a']);
    await tick();
    expect(a.frames).toHaveLength(1);
    const b = stream('b');
    hub.add(b);
    hub.closeUsers(['b']);
    expect(b.closed).toBe(true);
    expect(hub.connections).toBe(0);
    hub.stop();
  });
});
