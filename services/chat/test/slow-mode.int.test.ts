/**
 * Slow mode through the socket (docs/product.md#chat), on two instances sharing Redis and the
 * database: the members online are summed across the instances, an early post is refused with the
 * time of the next one, moderators and scribes are exempt, and a moderator's switch holds on both.
 */
import { ErrorMessages, Role, type ChatAckData, type ChatMessage, type ChatRoomSettings } from '@civic/contracts';
import { waitFor } from '@civic/test-kit';
import type { Socket } from 'socket.io-client';
import { collect, emit, startHarness, type Harness, type Instance, type Member } from './support/harness.js';

let h: Harness;
let b: Instance;
let room: string;
let alice: Member;
let bob: Member;
let scribe: Member;
let moderator: Member;

beforeAll(async () => {
  // Automatic slow mode past 3 sockets in a room; each pod writes its count every 200 ms.
  h = await startHarness({ CHAT_SLOW_MODE_THRESHOLD: '3', CHAT_SLOW_MODE_INTERVAL_S: '30', CHAT_ONLINE_REFRESH_MS: '200', CHAT_RATE_LIMIT: '50' }, { redis: true });
  b = await h.instance();
  ({ room } = await h.openCycle('proposals'));
  [alice, bob] = [await h.member({ name: 'Alice' }), await h.member({ name: 'Bob' })];
  scribe = await h.member({ name: 'Sam', role: Role.Scribe });
  moderator = await h.member({ name: 'Mo', role: Role.Moderator });
});

afterAll(async () => {
  await h.close();
});

async function joinedOn(member: Member | null, instance: Instance): Promise<{ socket: Socket; joined: ChatAckData['room:join'] }> {
  const socket = await h.client(member, instance);
  const ack = await emit<ChatAckData['room:join']>(socket, 'room:join', { room });
  expect(ack).toMatchObject({ ok: true });
  return { socket, joined: (ack as { data: ChatAckData['room:join'] }).data };
}

const post = (socket: Socket, text: string) => emit<ChatMessage>(socket, 'message:post', { room, text });
const messagesOf = (userId: string) => h.db.message.count({ where: { roomId: room, userId } });

describe('slow mode across two instances', () => {
  let aliceSocket: Socket;
  let bobSocket: Socket;
  let scribeSocket: Socket;
  let modSocket: Socket;

  it('stays off while few members are online, and tells the joining member so', async () => {
    const first = await joinedOn(alice, h.a);
    aliceSocket = first.socket;
    expect(first.joined.room.slowMode).toEqual({ mode: 'auto', intervalS: 30, active: false, exempt: false, retryAt: null });
    expect(await post(aliceSocket, 'One')).toMatchObject({ ok: true });
    expect(await post(aliceSocket, 'Two')).toMatchObject({ ok: true });
  });

  it('turns on by itself past the threshold, counting the sockets of both instances', async () => {
    bobSocket = (await joinedOn(bob, b)).socket;
    scribeSocket = (await joinedOn(scribe, b)).socket;
    await joinedOn(null, b);
    // 3 sockets on b and 2 on a: neither instance alone is past 3, both together are once b's count is written.
    modSocket = await h.client(moderator, h.a);
    let joined!: ChatAckData['room:join'];
    await waitFor(async () => {
      joined = (await emit<ChatAckData['room:join']>(modSocket, 'room:join', { room }) as { data: ChatAckData['room:join'] }).data;
      return joined.room.slowMode?.active === true;
    });
    expect(joined.room.slowMode).toMatchObject({ mode: 'auto', intervalS: 30, active: true, exempt: true, retryAt: null });
    // Each instance keeps its sum for a second: instance b, where Bob posts next, sees it too.
    await waitFor(async () => {
      const again = (await emit<ChatAckData['room:join']>(bobSocket, 'room:join', { room })) as { data: ChatAckData['room:join'] };
      return again.data.room.slowMode?.active === true;
    });
  });

  it('refuses a member’s second post within the interval with the time of the next one, and stores nothing', async () => {
    const before = await messagesOf(bob.id);
    expect(await post(bobSocket, 'First under slow mode')).toMatchObject({ ok: true });
    const refused = await post(bobSocket, 'Too soon');
    expect(refused).toMatchObject({ statusCode: 429, statusMessage: ErrorMessages.slowMode, data: { reason: 'slow-mode', intervalS: 30 } });
    const retryAt = Date.parse((refused as { data: { retryAt: string } }).data.retryAt);
    expect(retryAt - Date.now()).toBeGreaterThan(25_000);
    expect(retryAt - Date.now()).toBeLessThanOrEqual(30_000);
    expect(await messagesOf(bob.id)).toBe(before + 1);
    // Alice posted before slow mode began: her next post is still counted from her last one.
    expect(await post(aliceSocket, 'Three')).toMatchObject({ statusCode: 429, statusMessage: ErrorMessages.slowMode });
    // The join's answer tells a slowed member when they may post again.
    const again = (await joinedOn(bob, b)).joined.room.slowMode;
    expect(again).toMatchObject({ active: true, exempt: false });
    expect(Date.parse(again!.retryAt!)).toBe(retryAt);
  });

  it('never slows moderators and scribes', async () => {
    for (const socket of [modSocket, scribeSocket]) {
      expect(await post(socket, 'Keeping the discussion going')).toMatchObject({ ok: true });
      expect(await post(socket, 'And again')).toMatchObject({ ok: true });
    }
  });

  it('refuses the switch to a member (403) and a visitor (401), changing nothing', async () => {
    expect(await emit(bobSocket, 'room:slow-mode', { room, mode: 'off', intervalS: 30 })).toMatchObject({ statusCode: 403, statusMessage: ErrorMessages.unauthorizedAction });
    const visitor = (await joinedOn(null, h.a)).socket;
    expect(await emit(visitor, 'room:slow-mode', { room, mode: 'off', intervalS: 30 })).toMatchObject({ statusCode: 401 });
    expect(await emit(modSocket, 'room:slow-mode', { room, mode: 'sometimes', intervalS: 30 })).toMatchObject({ statusCode: 400 });
    expect(await h.db.room.findUniqueOrThrow({ where: { id: room } })).toMatchObject({ slowMode: 'auto', slowModeIntervalS: null });
  });

  it('holds a moderator’s switch on the other instance at once, and tells every socket of the room', async () => {
    const toldOnB = collect<ChatRoomSettings>(bobSocket, 'room:settings');
    const off = await emit<ChatRoomSettings>(modSocket, 'room:slow-mode', { room, mode: 'off', intervalS: 30 });
    expect(off).toEqual({ ok: true, data: { room, slowMode: { mode: 'off', intervalS: 30, active: false } } });
    // Bob, on the other instance, posts again at once.
    expect(await post(bobSocket, 'Free again')).toMatchObject({ ok: true });
    await waitFor(() => toldOnB.length === 1);
    expect(toldOnB[0]).toEqual({ room, slowMode: { mode: 'off', intervalS: 30, active: false } });

    expect(await emit(modSocket, 'room:slow-mode', { room, mode: 'on', intervalS: 60 })).toMatchObject({ ok: true, data: { slowMode: { mode: 'on', intervalS: 60, active: true } } });
    const refused = await post(bobSocket, 'Slowed again');
    expect(refused).toMatchObject({ statusCode: 429, statusMessage: ErrorMessages.slowMode, data: { intervalS: 60 } });
    expect(Date.parse((refused as { data: { retryAt: string } }).data.retryAt) - Date.now()).toBeGreaterThan(55_000);
    await waitFor(() => toldOnB.length === 2);
    expect(toldOnB[1]?.slowMode).toEqual({ mode: 'on', intervalS: 60, active: true });
  });
});
