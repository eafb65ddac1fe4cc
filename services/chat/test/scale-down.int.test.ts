/**
 * Chat across instances behind a balancer without sticky sessions: three instances sharing Redis,
 * behind a round-robin TCP forwarder that picks an instance per connection (as a Kubernetes Service
 * does). Clients are configured as the shipped front end (`chatSocketOptions`, posts re-sent with
 * their client message id). One instance stops as on SIGTERM while everyone posts: its clients
 * reconnect by themselves to the others and recover, every acknowledged message is stored once and
 * reaches every client once. The socket refuses pages of other origins.
 */
import { createServer as createHttpServer } from 'node:http';
import { connect as connectTcp, createServer as createTcpServer, type Server as TcpServer, type Socket as TcpSocket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { ChatAck, ChatMessage } from '@civic/contracts';
import { waitFor } from '@civic/test-kit';
import { Server as SocketServer } from 'socket.io';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { emitUntilAnswered, newClientMessageId } from '../../../frontends/decisions/src/chat/resend.js';
import { chatSocketOptions } from '../../../packages/frontend-kit/src/socket-options.js';
import { collect, emit, startHarness, type Harness, type Instance, type Member } from './support/harness.js';

/** Each new TCP connection goes to the next instance in turn; a stopping instance is taken out first. */
class RoundRobin {
  private ports: number[] = [];
  private turn = 0;
  private readonly open = new Set<TcpSocket>();

  private constructor(private readonly server: TcpServer) {}

  static async start(): Promise<RoundRobin> {
    const server = createTcpServer();
    const balancer = new RoundRobin(server);
    server.on('connection', (client) => balancer.forward(client));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return balancer;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  route(instances: Instance[]): void {
    this.ports = instances.map((instance) => Number(new URL(instance.url).port));
  }

  private forward(client: TcpSocket): void {
    if (this.ports.length === 0) return void client.destroy();
    const upstream = connectTcp(this.ports[this.turn++ % this.ports.length]!, '127.0.0.1');
    for (const socket of [client, upstream]) {
      this.open.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  }

  async close(): Promise<void> {
    for (const socket of this.open) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const PARTNER = 'https://partner.example';

let balancer: RoundRobin;
let h: Harness;
let b: Instance;
let c: Instance;
let room: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  balancer = await RoundRobin.start();
  h = await startHarness({ PUBLIC_URL: balancer.url, CORS_ORIGINS: PARTNER, CHAT_RATE_LIMIT: '1000', CHAT_RATE_WINDOW_MS: '10000' }, { redis: true });
  [b, c] = [await h.instance(), await h.instance()];
  balancer.route([h.a, b, c]);
  ({ room } = await h.openCycle('proposals'));
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await h.close();
  await balancer.close();
});

/** A client as the front end makes it, through the balancer, its page on `origin`. */
function shippedClient(member: Member | null, { origin = balancer.url, reconnection = true } = {}): Socket {
  const socket = connectSocket(balancer.url, { ...chatSocketOptions, reconnection, extraHeaders: { origin }, auth: member ? { token: member.token } : {} });
  sockets.push(socket);
  return socket;
}

async function connected(socket: Socket): Promise<Socket> {
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Posts as the front end does: one client message id, sent again until answered. */
function post(socket: Socket, text: string, clientMessageId = newClientMessageId()): Promise<ChatAck<ChatMessage>> {
  return emitUntilAnswered<ChatAck<ChatMessage>>(socket, 'message:post', { room, text, clientMessageId }, { attempts: 5, timeoutMs: 5000 });
}

const acceptedId = (ack: ChatAck<ChatMessage>) => {
  expect(ack).toMatchObject({ ok: true });
  return (ack as { data: ChatMessage }).data.id;
};

/** How many times each id arrived. */
function counts(messages: ChatMessage[]): Map<string, number> {
  const seen = new Map<string, number>();
  for (const message of messages) seen.set(message.id, (seen.get(message.id) ?? 0) + 1);
  return seen;
}

it('hands the clients of a stopping instance to the others: they reconnect, recover, and nothing is lost or doubled', async () => {
  const members = await Promise.all(Array.from({ length: 6 }, (_, n) => h.member({ name: `Poster ${n}` })));
  const clients: Socket[] = [];
  for (const member of members) clients.push(await connected(shippedClient(member)));
  // Round robin: two connections on each instance.
  for (const instance of [h.a, b, c]) expect(instance.io.engine.clientsCount).toBe(2);
  for (const socket of clients) expect(socket.io.engine.transport.name).toBe('websocket');
  for (const socket of clients) expect(await emit(socket, 'room:join', { room })).toMatchObject({ ok: true });
  const received = clients.map((socket) => collect<ChatMessage>(socket, 'message:new'));
  // As the panel does after a reconnection: the last page of the history read too, merged by id.
  const caughtUp = clients.map(() => [] as ChatMessage[]);
  const reconnections = clients.map((socket, n) => {
    const seen: boolean[] = [];
    socket.on('connect', () => {
      seen.push(socket.recovered);
      void lastPage().then((messages) => caughtUp[n]!.push(...messages));
    });
    return seen;
  });
  const onStopping = new Set(c.io.of('/').sockets.keys());
  const handedOver = clients.filter((socket) => onStopping.has(socket.id!));
  expect(handedOver).toHaveLength(2);

  const accepted: string[] = [];
  let posting = true;
  const loops = clients.map(async (socket, n) => {
    for (let i = 0; posting; i++) {
      accepted.push(acceptedId(await post(socket, `Client ${n}, message ${i}`)));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  await waitFor(() => accepted.length >= 40, 15_000);
  balancer.route([h.a, b]);
  await h.stop(c);
  const atStop = accepted.length;
  await waitFor(() => accepted.length >= atStop + 60, 20_000);
  posting = false;
  await Promise.all(loops);

  // Every acknowledged message stored once.
  const stored = await h.db.message.findMany({ where: { roomId: room }, select: { id: true } });
  expect(stored.map((row) => row.id).sort()).toEqual([...accepted].sort());
  expect(new Set(accepted).size).toBe(accepted.length);

  // Every client reconnected where needed and recovered its session. The others got every message
  // once, live. The handed-over ones show every message: live, or read back from the history (a
  // session recovered elsewhere can start past a message its old instance had not delivered yet,
  // and show one twice, which the panel merges by id).
  for (const socket of handedOver) expect(reconnections[clients.indexOf(socket)]).toEqual([true]);
  for (const socket of clients) expect(socket.connected).toBe(true);
  const shown = (n: number) => new Set([...received[n]!, ...caughtUp[n]!].map((message) => message.id));
  await waitFor(() => {
    const missing = clients.map((socket, n) => ({
      client: n,
      handedOver: handedOver.includes(socket),
      missing: accepted.filter((id) => !shown(n).has(id)).map((id) => `${id} (message ${accepted.indexOf(id)} of ${accepted.length}, stop at ${atStop})`),
    }));
    if (missing.some((entry) => entry.missing.length > 0)) throw new Error(JSON.stringify(missing.filter((entry) => entry.missing.length > 0)));
    return true;
  }, 15_000);
  await new Promise((resolve) => setTimeout(resolve, 300)); // a duplicate would have arrived by now
  clients.forEach((socket, n) => {
    expect([...shown(n)].sort()).toEqual([...accepted].sort());
    if (handedOver.includes(socket)) return;
    const seen = counts(received[n]!);
    expect([...seen.keys()].sort()).toEqual([...accepted].sort());
    expect([...seen.values()].every((times) => times === 1)).toBe(true);
  });
});

/** The room's last history page, as a visitor reads it (200 messages: more than this test posts). */
async function lastPage(): Promise<ChatMessage[]> {
  const answer = await fetch(`${balancer.url}/api/chat/rooms/${encodeURIComponent(room)}/messages?limit=200`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { messages: ChatMessage[] }).messages;
}

it('stores and delivers once a post sent again after its answer was lost, even on two instances at once', async () => {
  const [author, listener] = [await h.member({ name: 'Resender' }), await h.member({ name: 'Listener' })];
  const [onA, onB, watching] = [await h.client(author, h.a), await h.client(author, b), await h.client(listener, b)];
  expect(await emit(watching, 'room:join', { room })).toMatchObject({ ok: true });
  const received = collect<ChatMessage>(watching, 'message:new');

  const clientMessageId = newClientMessageId();
  const payload = { room, text: 'Sent twice, stored once', clientMessageId };
  const [first, second] = await Promise.all([emit<ChatMessage>(onA, 'message:post', payload), emit<ChatMessage>(onB, 'message:post', payload)]);
  const id = acceptedId(first);
  expect(acceptedId(second)).toBe(id);
  expect(acceptedId(await emit<ChatMessage>(onA, 'message:post', payload))).toBe(id);

  const fence = acceptedId(await emit<ChatMessage>(onB, 'message:post', { room, text: 'Fence', clientMessageId: newClientMessageId() }));
  await waitFor(() => received.some((message) => message.id === fence));
  expect(received.filter((message) => message.id === id)).toHaveLength(1);
  expect(await h.db.message.count({ where: { userId: author.id, clientMessageId } })).toBe(1);
  // One chat.message.posted for it in the outbox.
  const posted = await h.db.outboxEvent.findMany({ where: { subject: { endsWith: 'chat.message.posted' } } });
  expect(posted.filter((event) => (event.payload as { messageId: string }).messageId === id)).toHaveLength(1);
});

describe('the origin of a handshake', () => {
  it('lets in pages of the public origin and of CORS_ORIGINS', async () => {
    await connected(shippedClient(null, { reconnection: false }));
    await connected(shippedClient(null, { origin: PARTNER, reconnection: false }));
  });

  it('refuses a page of another site, on either transport', async () => {
    await expect(connected(shippedClient(null, { origin: 'https://evil.example', reconnection: false }))).rejects.toThrow();
    const polling = connectSocket(balancer.url, { ...chatSocketOptions, transports: ['polling'], reconnection: false, extraHeaders: { origin: 'https://evil.example' } });
    sockets.push(polling);
    await expect(connected(polling)).rejects.toThrow();
  });
});

it('falls back to long-polling when WebSocket cannot connect (where sessions are sticky)', async () => {
  const http = createHttpServer();
  const server = new SocketServer(http, { transports: ['polling'] });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  try {
    const socket = connectSocket(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { ...chatSocketOptions, reconnection: false });
    sockets.push(socket);
    await connected(socket);
    expect(socket.io.engine.transport.name).toBe('polling');
  } finally {
    await server.close();
  }
});
