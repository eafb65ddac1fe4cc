/**
 * Redis stops under two chat instances (a Redis of the test's own, killed and restarted on the same
 * port). While it is down each instance keeps serving alone: posts are accepted and stored once,
 * delivered to the clients of the instance they were posted on, the per-user rate still holds
 * (counted in each instance), a client that reconnects gets a fresh session at once, and readiness
 * stays ok so the instances stay behind the load balancer. Once Redis is back the instances share
 * rooms again by themselves, and the history gives every client what it could not receive live.
 */
import type { ChatHistory, ChatMessage } from '@civic/contracts';
import { deleteRedisKeys, OwnRedisServer, waitFor } from '@civic/test-kit';
import type { Socket } from 'socket.io-client';
import { collect, emit, startHarness, type Harness, type Instance, type Member } from './support/harness.js';

const RATE_LIMIT = 40;
/** A minute: the 40 posts of the rate test fall in one window however slowly a busy machine sends them. */
const RATE_WINDOW_MS = 60_000;

let redis: OwnRedisServer;
let h: Harness;
let b: Instance;
let room: string;
let ann: Member;
let ben: Member;
let cleo: Member;
let dan: Member;
/** Ann and Cleo are on instance A, Ben and Dan on instance B. */
let sockets: { ann: Socket; ben: Socket; cleo: Socket; dan: Socket };
let received: { ann: ChatMessage[]; ben: ChatMessage[]; cleo: ChatMessage[]; dan: ChatMessage[] };
/** Every message the server acknowledged as accepted: id to text. */
const accepted = new Map<string, string>();
const unhandled: unknown[] = [];
const recordUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', recordUnhandled);
  redis = await OwnRedisServer.start();
  h = await startHarness({ REDIS_URL: redis.url, CHAT_RATE_LIMIT: String(RATE_LIMIT), CHAT_RATE_WINDOW_MS: String(RATE_WINDOW_MS) }, { redis: true });
  b = await h.instance();
  ({ room } = await h.openCycle('proposals'));
  [ann, ben, cleo, dan] = [await h.member({ name: 'Ann' }), await h.member({ name: 'Ben' }), await h.member({ name: 'Cleo' }), await h.member({ name: 'Dan' })];
  sockets = { ann: await joinedOn(ann, h.a), ben: await joinedOn(ben, b), cleo: await joinedOn(cleo, h.a), dan: await joinedOn(dan, b) };
  received = {
    ann: collect(sockets.ann, 'message:new'),
    ben: collect(sockets.ben, 'message:new'),
    cleo: collect(sockets.cleo, 'message:new'),
    dan: collect(sockets.dan, 'message:new'),
  };
});

afterAll(async () => {
  await h.close();
  await deleteRedisKeys(h.redisPrefix!, redis.url);
  await redis.dispose();
  process.off('unhandledRejection', recordUnhandled);
});

async function joinedOn(member: Member, instance: Instance): Promise<Socket> {
  const socket = await h.client(member, instance);
  expect(await emit(socket, 'room:join', { room })).toMatchObject({ ok: true });
  return socket;
}

/** Posts and keeps what was accepted; an emit left unanswered comes back as `unanswered`. */
async function post(socket: Socket, text: string): Promise<unknown> {
  const ack = await emit<ChatMessage>(socket, 'message:post', { room, text }).catch(() => 'unanswered');
  if (typeof ack === 'object' && 'ok' in ack) accepted.set(ack.data.id, text);
  return ack;
}

async function postedId(socket: Socket, text: string): Promise<string> {
  const ack = await post(socket, text);
  expect(ack).toMatchObject({ ok: true });
  return (ack as { data: ChatMessage }).data.id;
}

const ids = (messages: ChatMessage[]) => messages.map((message) => message.id);
const timesSeen = (messages: ChatMessage[], id: string) => messages.filter((message) => message.id === id).length;
const readiness = async (instance: Instance) => {
  const answer = await fetch(`${instance.url}/readyz`);
  return { status: answer.status, body: (await answer.json()) as unknown };
};

/** An answer is `{ ok: true }`, or a 4xx/503 in the catalogue's error shape: never unanswered, never a 500. */
function expectCleanAnswer(ack: unknown) {
  if (typeof ack === 'object' && ack !== null && 'ok' in ack) return;
  expect(ack).toEqual(expect.objectContaining({ statusCode: expect.any(Number), statusMessage: expect.any(String) }));
  const { statusCode } = ack as { statusCode: number };
  expect(statusCode === 503 || (statusCode >= 400 && statusCode < 500)).toBe(true);
}

/** Posts on A and B (as members of their own, out of the others' rates) until each side's message reaches a client on the other instance. */
async function untilRoomsAreShared(): Promise<void> {
  const [probeA, probeB] = [await h.client(await h.member({ name: 'Fay' }), h.a), await h.client(await h.member({ name: 'Gus' }), b)];
  const [fromA, fromB] = [new Set<string>(), new Set<string>()];
  let n = 0;
  await waitFor(
    async () => {
      fromA.add(await postedId(probeA, `Probe from A ${n}`));
      fromB.add(await postedId(probeB, `Probe from B ${n++}`));
      return received.dan.some((message) => fromA.has(message.id)) && received.cleo.some((message) => fromB.has(message.id));
    },
    15_000,
    250,
  );
}

it('shares the room across the two instances while Redis is up', async () => {
  const fromA = await postedId(sockets.ann, 'Hello from A');
  const fromB = await postedId(sockets.ben, 'Hello from B');
  await waitFor(() => [received.ben, received.dan].every((list) => ids(list).includes(fromA)) && [received.ann, received.cleo].every((list) => ids(list).includes(fromB)));
});

describe('while Redis is down', () => {
  it('answers every post around the moment Redis dies, with no 500 and nothing left unanswered', async () => {
    const answers: unknown[] = [];
    let posting = true;
    const loops = [sockets.ann, sockets.ben].map(async (socket, side) => {
      for (let n = 0; posting; n++) answers.push(await post(socket, `Around the outage ${side}-${n}`));
    });
    await waitFor(() => answers.length >= 6);
    await redis.kill();
    const atKill = answers.length;
    await waitFor(() => answers.length >= atKill + 10, 15_000);
    posting = false;
    await Promise.all(loops);
    for (const ack of answers) expectCleanAnswer(ack);
  });

  it('accepts posts and delivers them to the clients of the instance they were posted on', async () => {
    const onA = await postedId(sockets.ann, 'Posted on A during the outage');
    const onB = await postedId(sockets.ben, 'Posted on B during the outage');
    await waitFor(() => ids(received.cleo).includes(onA) && ids(received.dan).includes(onB));
    expect(timesSeen(received.cleo, onA)).toBe(1);
    expect(timesSeen(received.dan, onB)).toBe(1);
  });

  it('still holds the per-user rate (counted in each instance meanwhile)', async () => {
    const eve = await h.member({ name: 'Eve' });
    const socket = await joinedOn(eve, h.a);
    for (let n = 0; n < RATE_LIMIT; n++) expect(await post(socket, `Eve ${n}`)).toMatchObject({ ok: true });
    expect(await post(socket, 'Eve, one too many')).toMatchObject({ statusCode: 429, data: { reason: 'rate-limit' } });
  });

  it('lets a client that dropped come back at once, with a fresh session', async () => {
    const socket = await joinedOn(dan, b);
    const seen = collect<ChatMessage>(socket, 'message:new');
    socket.io.engine.close();
    await waitFor(() => !socket.connected);
    await waitFor(() => socket.connected, 5000);
    // The session lived in Redis: it cannot be restored, so the client joins again (and reads the history).
    expect(socket.recovered).toBe(false);
    expect(await emit(socket, 'room:join', { room })).toMatchObject({ ok: true });
    const onB = await postedId(sockets.ben, 'After Dan came back');
    await waitFor(() => ids(seen).includes(onB));
  });

  it('stays ready: PostgreSQL and NATS serve, and a Redis outage is no reason to leave the load balancer', async () => {
    for (const instance of [h.a, b]) expect(await readiness(instance)).toEqual({ status: 200, body: { status: 'ready', checks: { postgres: 'ok', nats: 'ok' } } });
  });
});

describe('once Redis is back', () => {
  beforeAll(async () => {
    await redis.restart();
  });

  it('shares the room across the instances again by itself, each message delivered once', async () => {
    await untilRoomsAreShared();
    const fromA = await postedId(sockets.ann, 'Back together, from A');
    const fromB = await postedId(sockets.ben, 'Back together, from B');
    // Each instance delivers in order: once the fence arrived, any duplicate would have too.
    const fenceA = await postedId(sockets.ann, 'Fence from A');
    const fenceB = await postedId(sockets.ben, 'Fence from B');
    const everyone = [received.ann, received.ben, received.cleo, received.dan];
    await waitFor(() => everyone.every((list) => ids(list).includes(fenceA) && ids(list).includes(fenceB)));
    for (const list of everyone) {
      expect(timesSeen(list, fromA)).toBe(1);
      expect(timesSeen(list, fromB)).toBe(1);
    }
    for (const instance of [h.a, b]) expect((await readiness(instance)).status).toBe(200);
  });

  it('stored every accepted message exactly once, and the history gives a client what it missed live', async () => {
    const stored = await h.db.message.findMany({ where: { roomId: room }, select: { id: true, text: true } });
    expect(stored.length).toBe(accepted.size);
    expect(new Map(stored.map((row) => [row.id, row.text]))).toEqual(accepted);

    // Dan stayed connected to B throughout; what was posted on A during the outage never reached him live.
    const missedLive = [...accepted.keys()].filter((id) => !ids(received.dan).includes(id));
    expect(missedLive.length).toBeGreaterThan(0);
    const history: string[] = [];
    let before: string | null = null;
    do {
      const answer = await fetch(`${b.url}/api/chat/rooms/${room}/messages?limit=200${before ? `&before=${before}` : ''}`, { headers: dan.headers });
      expect(answer.status).toBe(200);
      const page = (await answer.json()) as ChatHistory;
      history.unshift(...ids(page.messages));
      before = page.nextBefore;
    } while (before);
    expect(new Set(history)).toEqual(new Set(accepted.keys()));
    expect(history.length).toBe(accepted.size);
  });

  it('never crashed nor left a promise rejection unhandled', async () => {
    expect(unhandled).toEqual([]);
    for (const socket of Object.values(sockets)) expect(socket.connected).toBe(true);
    for (const instance of [h.a, b]) expect((await fetch(`${instance.url}/healthz`)).status).toBe(200);
  });
});
