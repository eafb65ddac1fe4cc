import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { CyclePhaseChanged, Role, UserRegistered, type ChatAck, type DecisionPhase, type EventDefinition } from '@civic/contracts';
import { connectBus, loadConfig, type EventBus } from '@civic/service-kit';
import { deleteRedisKeys, publishEvent, startHarnessBase, testRedisPrefix, waitFor, type ServiceTestContext, type TestProcess, type TestTokens } from '@civic/test-kit';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { Static } from 'typebox';
import { createChat, type Chat } from '../../src/app.js';
import { ChatConfig } from '../../src/config.js';
import { createPrisma, type ChatPrisma } from '../../src/store/prisma.js';

export interface Instance extends Chat {
  url: string;
  db: ChatPrisma;
  bus: EventBus;
}

export interface Member {
  id: string;
  name: string;
  token: string;
  headers: { authorization: string };
}

export interface Harness {
  context: ServiceTestContext;
  tokens: TestTokens;
  config: ChatConfig;
  /** The first instance (its database client is the one tests read). */
  a: Instance;
  db: ChatPrisma;
  redisPrefix: string | null;
  /** Another instance on the same database, stream and Redis. */
  instance(): Promise<Instance>;
  /** Closes one instance as on SIGTERM (the app's close: its clients are handed over). */
  stop(instance: Instance): Promise<void>;
  publish<D extends EventDefinition>(definition: D, payload: Static<D['payload']>, occurredAt?: Date): Promise<void>;
  member(options?: { name?: string; role?: Role }): Promise<Member>;
  /** Opens a cycle's room of `phase` through decisions' event; answers the room name. */
  openCycle(phase?: DecisionPhase): Promise<{ cycleId: string; room: string }>;
  client(member?: Member | null, instance?: Instance): Promise<Socket>;
  close(): Promise<void>;
}

/** How long an emit waits for its acknowledgement: a loaded machine (the whole suite beside) takes seconds; a hang never answers. */
const ACK_TIMEOUT_MS = 15_000;

/** Emits and waits for the acknowledgement. */
export function emit<T = unknown>(socket: Socket, event: string, payload?: unknown): Promise<ChatAck<T>> {
  return socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload) as Promise<ChatAck<T>>;
}

/** Collects the events of one name a socket receives, alone or inside `batch` frames (as the page socket unpacks them). */
export function collect<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (value: T) => seen.push(value));
  socket.on('batch', (frame: [string, unknown][]) => {
    for (const [name, value] of frame) if (name === event) seen.push(value as T);
  });
  return seen;
}

/** The messages a member's chat panel shows of those received: their muted authors' left out, as the panel does. */
export const shownTo = <M extends { userId: string }>(received: readonly M[], muted: readonly string[]): M[] => received.filter((message) => !muted.includes(message.userId));

/** Counts the frames a socket receives: events alone and `batch` frames. */
export function countFrames(socket: Socket): { single: number; batches: number; batchSizes: number[]; arrivals: number[] } {
  const counts = { single: 0, batches: 0, batchSizes: [] as number[], arrivals: [] as number[] };
  socket.onAny((event: string, frame: unknown) => {
    counts.arrivals.push(performance.now());
    if (event !== 'batch') counts.single++;
    else {
      counts.batches++;
      counts.batchSizes.push((frame as unknown[]).length);
    }
  });
  return counts;
}

export async function startHarness(env: Record<string, string> = {}, { redis = false } = {}): Promise<Harness> {
  const base = await startHarnessBase('chat');
  const { context, tokens } = base;
  const redisPrefix = redis ? testRedisPrefix() : null;
  const config = loadConfig(ChatConfig, {
    ...base.env,
    ...(redis ? { REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', REDIS_PREFIX: redisPrefix! } : {}),
    ...env,
  });
  const processes = new Map<Instance, TestProcess<ChatPrisma, Chat>>();
  const sockets: Socket[] = [];

  async function instance(): Promise<Instance> {
    const started = await base.start('chat-test', createPrisma, async (db, bus) => {
      const chat = await createChat({ config, db, bus, logger: false });
      await chat.app.listen({ port: 0, host: '127.0.0.1' });
      return chat;
    });
    const { port } = started.service.app.server.address() as AddressInfo;
    const created = { ...started.service, db: started.db, bus: started.bus, url: `http://127.0.0.1:${port}` };
    processes.set(created, started);
    return created;
  }

  async function stop(created: Instance): Promise<void> {
    await processes.get(created)!.close();
  }

  const a = await instance();
  const publisher = await connectBus({ url: context.natsUrl, prefix: context.natsPrefix, name: 'chat-test-publisher' });
  const publish: Harness['publish'] = async (definition, payload, occurredAt) => {
    await publishEvent(publisher, definition, payload, occurredAt);
  };

  return {
    context,
    tokens,
    config,
    a,
    db: a.db,
    redisPrefix,
    instance,
    stop,
    publish,
    async member({ name, role = Role.User } = {}) {
      const id = randomUUID();
      const userName = name ?? `Citizen ${id.slice(0, 4)}`;
      await publish(UserRegistered, { userId: id, userName, registeredAt: new Date().toISOString() });
      await waitFor(async () => (await a.db.member.findUnique({ where: { userId: id } })) !== null);
      const token = await tokens.sign({ id, name: userName, role });
      return { id, name: userName, token, headers: { authorization: `Bearer ${token}` } };
    },
    async openCycle(phase = 'proposals') {
      const cycleId = randomUUID();
      const room = phase === 'proposals' ? `cycle:${cycleId}:proposals` : phase === 'voting' ? `cycle:${cycleId}:voting` : `cycle:${cycleId}:final-vote`;
      await publish(CyclePhaseChanged, { cycleId, number: 1, from: null, to: phase, at: new Date().toISOString(), phaseEndsAt: null });
      await waitFor(async () => (await a.db.room.findUnique({ where: { id: room } })) !== null);
      return { cycleId, room };
    },
    async client(member, target = a) {
      const socket = connectSocket(target.url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: member ? { token: member.token } : {},
        reconnectionDelay: 50,
        reconnectionDelayMax: 200,
        forceNew: true,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    },
    async close() {
      for (const socket of sockets) socket.disconnect();
      await base.close();
      await publisher.close();
      if (redisPrefix) await deleteRedisKeys(redisPrefix);
    },
  };
}

/** Subjects of the events in the outbox, in order. */
export async function outboxSubjects(db: ChatPrisma): Promise<string[]> {
  const rows = await db.outboxEvent.findMany({ orderBy: { seq: 'asc' }, select: { subject: true } });
  return rows.map((row) => row.subject);
}
