/**
 * Scale-out (issue 7): two instances sharing rooms through the Redis streams adapter deliver every
 * message exactly once to every client, wherever it is connected; a client that drops and comes back
 * within the recovery window receives what it missed. Without Redis, one instance recovers alone.
 */
import type { ChatMessage } from '@civic/contracts';
import { waitFor } from '@civic/test-kit';
import type { Socket } from 'socket.io-client';
import { collect, emit, startHarness, type Harness, type Instance, type Member } from './support/harness.js';

describe.each([
  ['two instances with Redis', true],
  ['one instance without Redis', false],
] as const)('%s', (_name, redis) => {
  let h: Harness;
  let b: Instance;
  let room: string;
  let members: Member[];

  beforeAll(async () => {
    h = await startHarness({ CHAT_RATE_LIMIT: '100', CHAT_RATE_WINDOW_MS: '10000' }, { redis });
    b = redis ? await h.instance() : h.a;
    ({ room } = await h.openCycle('voting'));
    members = [await h.member({ name: 'Ann' }), await h.member({ name: 'Ben' }), await h.member({ name: 'Cleo' }), await h.member({ name: 'Dan' })];
  });

  afterAll(async () => {
    await h.close();
  });

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
      expect(list.map((message) => message.id)).toEqual(sent);
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
    listener.io.reconnection(true);
    listener.connect();
    await waitFor(() => listener.connected);
    expect(listener.recovered).toBe(true);
    await waitFor(() => received.length === 1 + missed.length);
    const after = await emit<ChatMessage>(poster, 'message:post', { room, text: 'After the return' });
    await waitFor(() => received.length === 2 + missed.length);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.map((message) => message.id)).toEqual([
      (before as { data: ChatMessage }).data.id,
      ...missed,
      (after as { data: ChatMessage }).data.id,
    ]);
  });

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
    await waitFor(() => received.length === missed.length);
    const after = (await emit<ChatMessage>(poster, 'message:post', { room, text: 'Across, after' })) as { data: ChatMessage };
    await waitFor(() => received.length === missed.length + 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.map((message) => message.id)).toEqual([...missed, after.data.id]);
  });
});
