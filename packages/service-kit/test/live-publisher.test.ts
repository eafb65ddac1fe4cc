import pino from 'pino';
import type { LiveTopic, LiveUpdate } from '@civic/contracts';
import { LivePublisher, type LivePublisherOptions } from '../src/live-publisher.js';
import type { EventBus } from '../src/nats.js';

const silent = pino({ level: 'silent' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await pause(2);
  }
}

/** A bus that keeps what is published, or fails to publish while `failing`. */
function fakeBus() {
  const sent: { subject: string; update: LiveUpdate; at: number }[] = [];
  const state = { failing: false };
  const bus = {
    nc: {
      publish(subject: string, payload: string) {
        if (state.failing) throw new Error('connection closed');
        sent.push({ subject, update: JSON.parse(payload) as LiveUpdate, at: Date.now() });
      },
    },
    subject: (logical: string) => `test.${logical}`,
  } as unknown as EventBus;
  return { bus, sent, state };
}

const law: LiveTopic = 'law:6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
const cycle: LiveTopic = 'cycle:7a1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';

/** A publisher on a fake bus that records the topics it reads, each read answered by `figures`. */
function readingPublisher(intervalMs: number, figures: (topic: LiveTopic) => Awaited<ReturnType<LivePublisherOptions['read']>>) {
  const { bus, sent } = fakeBus();
  const reads: LiveTopic[] = [];
  const publisher = new LivePublisher({
    bus,
    log: silent,
    intervalMs,
    read: async (topic) => {
      reads.push(topic);
      return figures(topic);
    },
  });
  return { publisher, sent, reads };
}

describe('LivePublisher', () => {
  it('reads and publishes a topic at once, then at most once per interval however many changes come, each time its latest figures', async () => {
    let figure = 0;
    const { publisher, sent, reads } = readingPublisher(80, () => ({ kind: 'counts', data: { figure } }));
    figure = 1;
    publisher.changed(law);
    await until(() => sent.length === 1);
    expect(sent[0]).toMatchObject({ subject: 'test.live.update', update: { topic: law, kind: 'counts', data: { figure: 1 } } });
    expect(Number.isNaN(Date.parse(sent[0]!.update.at))).toBe(false);

    for (figure = 2; figure <= 50; figure++) publisher.changed(law);
    figure = 50;
    await until(() => sent.length === 2);
    expect(sent[1]!.update.data).toEqual({ figure: 50 });
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(75);
    expect(reads).toEqual([law, law]);
    await pause(120);
    expect(sent).toHaveLength(2); // nothing changed since: nothing read, nothing sent
    await publisher.stop();
  });

  it('reads each changed topic once per flush, skips a topic read as null, and goes on after a failed read', async () => {
    let failCycle = true;
    const { publisher, sent, reads } = readingPublisher(20, (topic) => {
      if (topic === cycle && failCycle) throw new Error('database away');
      return topic === 'phases' ? null : { kind: topic.split(':')[0]!, data: {} };
    });
    publisher.changed(law);
    publisher.changed(cycle);
    publisher.changed('phases');
    publisher.changed(law);
    await until(() => reads.length === 3);
    await pause(40);
    expect(reads.sort()).toEqual([cycle, law, 'phases'].sort());
    expect(sent.map((each) => each.update.topic)).toEqual([law]);

    failCycle = false;
    publisher.changed(cycle);
    await until(() => sent.length === 2);
    expect(sent[1]!.update).toMatchObject({ topic: cycle, kind: 'cycle' });
    await publisher.stop();
  });

  it('publishes given figures at once, and a failed publication is only logged', async () => {
    const { bus, sent, state } = fakeBus();
    const publisher = new LivePublisher({ bus, log: silent, read: async () => null, clock: () => Date.parse('2026-03-01T08:00:00.000Z') });
    publisher.publish('phases', 'phases', { cycles: [] });
    expect(sent.map((each) => each.update)).toEqual([{ topic: 'phases', kind: 'phases', data: { cycles: [] }, at: '2026-03-01T08:00:00.000Z' }]);
    state.failing = true;
    expect(() => publisher.publish('phases', 'phases', { cycles: [] })).not.toThrow();
    await publisher.stop();
  });

  it('stop waits for the read under way and publishes nothing after it', async () => {
    const { bus, sent } = fakeBus();
    let release: () => void = () => undefined;
    const publisher = new LivePublisher({
      bus,
      log: silent,
      intervalMs: 10,
      read: () =>
        new Promise((resolve) => {
          release = () => resolve({ kind: 'counts', data: {} });
        }),
    });
    publisher.changed(law);
    await pause(20);
    let stopped = false;
    const stopping = publisher.stop().then(() => {
      stopped = true;
    });
    await pause(10);
    expect(stopped).toBe(false);
    release();
    await stopping;
    const after = sent.length;
    publisher.changed(law);
    await pause(40);
    expect(sent).toHaveLength(after);
  });
});
