/**
 * Live topics on the chat socket (docs/live.md): a socket, a visitor's too, watches topics; every
 * instance hears the NATS subject itself and hands a topic's newest figures to its own watchers only,
 * at most once per LIVE_COALESCE_MS. Two instances share Redis, as in production, so an update
 * delivered through the adapter as well would arrive twice.
 */
import { randomUUID } from 'node:crypto';
import { ErrorMessages, LIVE_UPDATE_SUBJECT, liveTopics, type LiveUpdate } from '@civic/contracts';
import { connectBus, type EventBus } from '@civic/service-kit';
import { waitFor } from '@civic/test-kit';
import { collect, emit, startHarness, type Harness, type Instance } from './support/harness.js';

let h: Harness;
let b: Instance;
let publisher: EventBus;

beforeAll(async () => {
  h = await startHarness({ LIVE_COALESCE_MS: '1000' }, { redis: true });
  b = await h.instance();
  publisher = await connectBus({ url: h.context.natsUrl, prefix: h.context.natsPrefix, name: 'live-test-publisher' });
});

afterAll(async () => {
  await publisher.close();
  await h.close();
});

const update = (topic: string, votes: number, at = new Date()): LiveUpdate => ({ topic: topic as LiveUpdate['topic'], kind: 'law.figures', data: { votes }, at: at.toISOString() });
const publish = (value: unknown) => publisher.nc.publish(publisher.subject(LIVE_UPDATE_SUBJECT), typeof value === 'string' ? value : JSON.stringify(value));
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('live topics', () => {
  it('hands an update to the sockets watching its topic on every instance, once each, and to nobody else', async () => {
    const topic = liveTopics.law(randomUUID());
    const member = await h.member();
    const watchers = [await h.client(member, h.a), await h.client(null, h.a), await h.client(null, b)];
    const bystander = await h.client(null, h.a);
    for (const socket of watchers) expect(await emit(socket, 'live:watch', { topics: [topic, 'phases'] })).toEqual({ ok: true, data: { topics: expect.arrayContaining([topic, 'phases']) } });
    expect(await emit(bystander, 'live:watch', { topics: [liveTopics.law(randomUUID())] })).toMatchObject({ ok: true });
    const received = watchers.map((socket) => collect<LiveUpdate>(socket, 'live:update'));
    const overheard = collect<LiveUpdate>(bystander, 'live:update');

    publish(update(topic, 7));
    await waitFor(() => received.every((list) => list.length === 1));
    await settle(300); // a second delivery (through the adapter) would have arrived by now
    for (const list of received) expect(list).toEqual([update(topic, 7, new Date(list[0]!.at))]);
    expect(overheard).toEqual([]);
  });

  it('coalesces a burst to at most two emits per window, the last carrying the newest figures', async () => {
    const topic = liveTopics.law(randomUUID());
    const socket = await h.client(null, b);
    expect(await emit(socket, 'live:watch', { topics: [topic.toUpperCase().replace('LAW', 'law')] })).toMatchObject({ ok: true });
    const received = collect<LiveUpdate>(socket, 'live:update');
    const start = Date.now();
    for (let votes = 1; votes <= 50; votes++) {
      publish(update(topic, votes, new Date(start + votes)));
      await settle(4);
    }
    await waitFor(() => received.some((value) => (value.data as { votes: number }).votes === 50), 3000);
    await settle(1200); // the next window: nothing more
    expect(received.length).toBeLessThanOrEqual(2);
    expect(received.at(-1)!.data).toEqual({ votes: 50 });
  });

  it('stops after unwatch, ignores unreadable updates, and refuses bad topics and a 17th topic with 400', async () => {
    const topic = liveTopics.election(randomUUID());
    const socket = await h.client(null, h.a);
    expect(await emit(socket, 'live:watch', { topics: [topic] })).toMatchObject({ ok: true });
    const received = collect<LiveUpdate>(socket, 'live:update');
    publish('not json');
    publish({ topic: 'law:nope', kind: 'x', data: 1, at: new Date().toISOString() });
    publish(update(topic, 1));
    await waitFor(() => received.length === 1);

    expect(await emit(socket, 'live:unwatch', { topics: [topic] })).toEqual({ ok: true, data: { topics: [] } });
    await settle(1100); // past the window, so an update would go at once
    publish(update(topic, 2));
    await settle(300);
    expect(received).toHaveLength(1);

    for (const payload of [{ topics: ['law:42'] }, { topics: [] }, { topics: 'phases' }, { topics: ['phases'], extra: 1 }]) {
      expect(await emit(socket, 'live:watch', payload)).toMatchObject({ statusCode: 400, statusMessage: ErrorMessages.badRequest });
    }
    const sixteen = Array.from({ length: 16 }, () => liveTopics.cycle(randomUUID()));
    expect(await emit(socket, 'live:watch', { topics: sixteen })).toMatchObject({ ok: true });
    expect(await emit(socket, 'live:watch', { topics: [liveTopics.cycle(randomUUID())] })).toEqual({
      statusCode: 400,
      statusMessage: ErrorMessages.badRequest,
      data: { reason: 'too-many-topics', max: 16 },
    });
    expect(await emit(socket, 'live:watch', { topics: [sixteen[0]!] })).toMatchObject({ ok: true }); // already watched: no more
  });
});
