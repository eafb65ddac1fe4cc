/**
 * Scale-out (issue 7): two instances sharing rooms through the Redis streams adapter deliver every
 * message exactly once to every client, wherever it is connected; a client that drops and comes back
 * within the recovery window receives what it missed. Without Redis, one instance recovers alone.
 */
import { UserRoleChanged, type ChatAck, type ChatMayCase, type ChatMessage } from '@civic/contracts';
import { waitFor } from '@civic/test-kit';
import type { Socket } from 'socket.io-client';
import { createClient } from '@redis/client';
import { collect, countFrames, emit, startHarness, type Harness, type Instance, type Member } from './support/harness.js';

/** socket.io-adapter's message type of a broadcast, as the streams adapter writes it in an entry's `type`. */
const BROADCAST = 3;
const byTime = (a: ChatMessage, b: ChatMessage) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
const expectAck = <T>(ack: ChatAck<T>): T => {
  expect(ack).toMatchObject({ ok: true });
  return (ack as { data: T }).data;
};

/** The delivery tick, set here rather than left to the default so that the frame count below is exact. */
const batchTickMs = 250;
/**
 * Waits until the posts made while a socket was away are in the stream: the poster's pod writes them
 * at its next tick. A post written while the socket is being restored meets the window that the page
 * closes by reading the history after every reconnection (README.md#delivery), not this replay.
 */
const pastPostersTick = () => new Promise((resolve) => setTimeout(resolve, 2 * batchTickMs));

describe.each([
  ['two instances with Redis', true],
  ['one instance without Redis', false],
] as const)('%s', (_name, redis) => {
  let h: Harness;
  let b: Instance;
  let room: string;
  let members: Member[];

  beforeAll(async () => {
    h = await startHarness({ CHAT_RATE_LIMIT: '100', CHAT_RATE_WINDOW_MS: '10000', CHAT_BATCH_TICK_MS: String(batchTickMs) }, { redis });
    b = redis ? await h.instance() : h.a;
    ({ room } = await h.openCycle('voting'));
    members = [await h.member({ name: 'Ann' }), await h.member({ name: 'Ben' }), await h.member({ name: 'Cleo' }), await h.member({ name: 'Dan' })];
  });

  afterAll(async () => {
    await redisClient?.quit();
    await h.close();
  });

  let redisClient: ReturnType<typeof createClient> | null = null;
  const stream = () => `${h.redisPrefix}socket.io`;
  async function redisOf() {
    redisClient ??= await createClient({ url: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379' }).connect();
    return redisClient;
  }
  /** The id of the adapter stream's last entry ('0' when empty, or without Redis). */
  async function lastStreamEntry(): Promise<string> {
    if (!redis) return '0';
    return (await (await redisOf()).xRevRange(stream(), '+', '-', { COUNT: 1 }))[0]?.id ?? '0';
  }
  /** Broadcasts the adapter wrote to the stream after entry `after` (its heartbeats and the like left out). */
  async function broadcastsSince(after: string): Promise<number> {
    const entries = await (await redisOf()).xRange(stream(), `(${after}`, '+');
    return entries.filter((entry) => entry.message['type'] === String(BROADCAST)).length;
  }

  async function joinedOn(member: Member | null, instance: Instance): Promise<Socket> {
    const socket = await h.client(member, instance);
    expect(await emit(socket, 'room:join', { room })).toMatchObject({ ok: true });
    return socket;
  }

  it('delivers every message once to every client on either instance', async () => {
    const sockets = [
      await joinedOn(members[0]!, h.a),
      await joinedOn(members[1]!, b),
      await joinedOn(members[2]!, h.a),
      await joinedOn(members[3]!, b),
      await joinedOn(null, b),
    ];
    const received = sockets.map((socket) => collect<ChatMessage>(socket, 'message:new'));
    const sent: string[] = [];
    for (let i = 0; i < 20; i++) {
      const ack = await emit<ChatMessage>(sockets[i % 4]!, 'message:post', { room, text: `Message ${i}` });
      expect(ack).toMatchObject({ ok: true });
      sent.push((ack as { data: ChatMessage }).data.id);
    }
    await waitFor(() => received.every((list) => list.length >= sent.length));
    await new Promise((resolve) => setTimeout(resolve, 300)); // any duplicate would have arrived by now
    for (const list of received) {
      // Each pod batches the posts it took (README.md#delivery), so two pods' frames interleave in no
      // fixed order; the panel shows messages by time, and in that order nothing is missing or doubled.
      expect([...list].sort(byTime).map((message) => message.id)).toEqual(sent);
      expect(list).toHaveLength(sent.length);
    }
  });

  it('batches a busy room: 30 posts from sockets on both pods reach everyone once, in each poster’s order, at most one frame per tick, each pod writing one stream entry per tick', async () => {
    const { room: busy } = await h.openCycle('voting');
    const join = async (member: Member | null, instance: Instance) => {
      const socket = await h.client(member, instance);
      expect(await emit(socket, 'room:join', { room: busy })).toMatchObject({ ok: true });
      return socket;
    };
    const posters = [await join(members[0]!, h.a), await join(members[1]!, h.a), await join(members[2]!, b)];
    const readers = [await join(members[3]!, h.a), await join(null, b), await join(null, h.a)];
    const received = readers.map((socket) => collect<ChatMessage>(socket, 'message:new'));
    const frames = readers.map(countFrames);
    const lastEntryBefore = await lastStreamEntry();
    const postingStarted = performance.now();

    // Each poster sends 10 in a row; the three at once.
    const sentBy = await Promise.all(
      posters.map(async (socket, poster) => {
        const ids: string[] = [];
        for (let i = 0; i < 10; i++) ids.push(expectAck(await emit<ChatMessage>(socket, 'message:post', { room: busy, text: `Poster ${poster} line ${i}` })).id);
        return ids;
      }),
    );
    const sent = sentBy.flat();
    await waitFor(() => received.every((list) => list.length >= sent.length));
    await new Promise((resolve) => setTimeout(resolve, 400)); // past a tick: anything doubled would be here
    for (const [reader, list] of received.entries()) {
      const ids = list.map((message) => message.id);
      expect([...ids].sort()).toEqual([...sent].sort()); // all, once
      // A socket's posts go through one pod, which keeps their order within and across its frames.
      for (const own of sentBy) expect(ids.filter((id) => own.includes(id))).toEqual(own);
      expect(frames[reader]!.single + frames[reader]!.batches).toBeLessThan(sent.length);
      expect(frames[reader]!.batches).toBeGreaterThan(0);
      // One frame per tick (250 ms) whatever pod the posts went through: the other pod's frames join
      // this pod's next one. Counted over the whole burst rather than gap by gap, since a late timer or
      // a busy test process bunches arrivals without adding frames: no frame comes before the first
      // post, so the frames fit in the ticks from then to the last arrival, plus the two partial ends.
      const { arrivals } = frames[reader]!;
      const ticks = Math.floor((arrivals.at(-1)! - postingStarted) / batchTickMs);
      expect(arrivals.length).toBeLessThanOrEqual(ticks + 2);
    }
    if (redis) {
      // Pod a took 20 posts, pod b 10: each pod writes one broadcast per tick with its own posts, not
      // one per post, and a reader gets the two pods' posts merged into fewer frames still.
      const broadcasts = await broadcastsSince(lastEntryBefore);
      expect(broadcasts).toBeLessThan(sent.length);
      expect(broadcasts).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives a client that dropped and reconnected within the window what it missed, once', async () => {
    const listener = await joinedOn(members[0]!, h.a);
    const poster = await joinedOn(members[1]!, b);
    const received = collect<ChatMessage>(listener, 'message:new');
    const before = await emit<ChatMessage>(poster, 'message:post', { room, text: 'Before the drop' });
    await waitFor(() => received.length === 1);

    // The connection drops (not a clean disconnect): the session is kept for the recovery window.
    listener.io.reconnection(false);
    listener.io.engine.close();
    await waitFor(() => !listener.connected);
    const missed: string[] = [];
    for (let i = 0; i < 5; i++) {
      const ack = await emit<ChatMessage>(poster, 'message:post', { room, text: `While away ${i}` });
      missed.push((ack as { data: ChatMessage }).data.id);
    }
    await pastPostersTick();
    listener.io.reconnection(true);
    listener.connect();
    await waitFor(() => listener.connected);
    expect(listener.recovered).toBe(true);
    // On a timeout the comparison says which messages came.
    await waitFor(() => received.length === 1 + missed.length, 30_000).catch(() => undefined);
    expect(received.map((message) => message.id)).toEqual([(before as { data: ChatMessage }).data.id, ...missed]);
    const after = await emit<ChatMessage>(poster, 'message:post', { room, text: 'After the return' });
    await waitFor(() => received.length === 2 + missed.length, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.map((message) => message.id)).toEqual([
      (before as { data: ChatMessage }).data.id,
      ...missed,
      (after as { data: ChatMessage }).data.id,
    ]);
    // Longer than its waits: a message that never comes is reported as such, not as a test timeout.
  }, 90_000);

  it('sends a member’s sockets on either instance their new table when they are made moderator', async () => {
    const promoted = await h.member({ name: 'Eve' });
    const sockets = [await joinedOn(promoted, h.a), await joinedOn(promoted, b)];
    // Whichever instance reads identity's event, every instance's sockets of the member are told.
    const tables = sockets.map((socket) => new Promise<ChatMayCase[]>((resolve) => socket.once('may:changed', ({ mayByCase }: { mayByCase: ChatMayCase[] }) => resolve(mayByCase))));
    await h.publish(UserRoleChanged, { userId: promoted.id, moderator: true, scribe: false });
    for (const table of await Promise.all(tables)) expect(table.find((row) => !row.author && row.open && !row.deleted && row.moderationStatus === 0)?.may.pin).toBe(true);
  });

  // Only with Redis does a frame come from another pod: its stream offset is the one a socket recovers from.
  if (redis) it('recovers, once, a client whose last frame was relayed from the other pod', async () => {
    const listener = await joinedOn(members[1]!, b);
    const poster = await joinedOn(members[0]!, h.a);
    const received = collect<ChatMessage>(listener, 'message:new');
    const first = expectAck(await emit<ChatMessage>(poster, 'message:post', { room, text: 'Relayed, before' }));
    await waitFor(() => received.length === 1);
    listener.io.reconnection(false);
    listener.io.engine.close();
    await waitFor(() => !listener.connected);
    const missed: string[] = [];
    for (let i = 0; i < 3; i++) missed.push(expectAck(await emit<ChatMessage>(poster, 'message:post', { room, text: `Relayed ${i}` })).id);
    await pastPostersTick();
    listener.io.reconnection(true);
    listener.connect();
    await waitFor(() => listener.connected);
    expect(listener.recovered).toBe(true);
    await waitFor(() => received.length === 1 + missed.length, 30_000).catch(() => undefined); // the comparison says what came
    await new Promise((resolve) => setTimeout(resolve, 300)); // past a tick: anything doubled would be here
    expect(received.map((message) => message.id)).toEqual([first.id, ...missed]);
  }, 60_000);

  // Only with Redis is there another instance to come back through.
  if (redis) it('recovers a client that drops from one instance and comes back through the other (sessions in Redis)', async () => {
    const listener = await joinedOn(members[2]!, h.a);
    const poster = await joinedOn(members[3]!, h.a);
    const received = collect<ChatMessage>(listener, 'message:new');
    // socket.io recovers from the offset of the last event a client received.
    const first = (await emit<ChatMessage>(poster, 'message:post', { room, text: 'Across, before' })) as { data: ChatMessage };
    await waitFor(() => received.length === 1);
    listener.io.reconnection(false);
    listener.io.engine.close();
    await waitFor(() => !listener.connected);
    const missed: string[] = [first.data.id];
    for (let i = 0; i < 3; i++) missed.push(((await emit<ChatMessage>(poster, 'message:post', { room, text: `Across ${i}` })) as { data: ChatMessage }).data.id);
    // The load balancer sends the reconnection to the other instance.
    (listener.io as unknown as { uri: string }).uri = b.url;
    listener.io.reconnection(true);
    listener.connect();
    await waitFor(() => listener.connected);
    expect(listener.recovered).toBe(true);
    // As long as the same-instance case: a loaded machine (the rehearsal beside) takes seconds to restore.
    await waitFor(() => received.length === missed.length, 30_000);
    const after = (await emit<ChatMessage>(poster, 'message:post', { room, text: 'Across, after' })) as { data: ChatMessage };
    await waitFor(() => received.length === missed.length + 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.map((message) => message.id)).toEqual([...missed, after.data.id]);
  });
});
