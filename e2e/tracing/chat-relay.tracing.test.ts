/**
 * A chat message across two pods is one trace (docs/architecture.md#tracing): two built chat pods
 * share rooms through Redis and export to an OTLP receiver in this test. A member posts on pod A; a
 * reader connected to pod B receives the message, and pod B's delivery is a CONSUMER span in the
 * trace of the post, under pod A's span that relayed it.
 */
import { randomUUID } from 'node:crypto';
import { CyclePhaseChanged, UserRegistered, type ChatMessage, type EventDefinition } from '@civic/contracts';
import { connectBus, type EventBus } from '@civic/service-kit';
import { createTestDatabase, deleteRedisKeys, deleteStreams, migrateServices, publishEvent, TestTokens, testNatsPrefix, testRedisPrefix, waitFor, type TestDatabase } from '@civic/test-kit';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { Static } from 'typebox';
import { ServiceProcess } from '../fault/processes.js';
import { OtlpReceiver, SpanKinds, traceAsText } from './otlp-receiver.js';

let database: TestDatabase;
let tokens: TestTokens;
let bus: EventBus;
let receiver: OtlpReceiver;
const pods: ServiceProcess[] = [];
const sockets: Socket[] = [];
const natsPrefix = testNatsPrefix();
const redisPrefix = testRedisPrefix();

async function publish<D extends EventDefinition>(definition: D, payload: Static<D['payload']>): Promise<void> {
  await publishEvent(bus, definition, payload);
}

beforeAll(async () => {
  receiver = await OtlpReceiver.start();
  database = await createTestDatabase('chat_tracing');
  await migrateServices(database.url, ['chat']);
  tokens = await TestTokens.start();
  bus = await connectBus({ url: process.env.NATS_URL!, prefix: natsPrefix, name: 'chat-tracing-test' });
  // The streams of the events this test publishes in identity's and decisions' place.
  await bus.ensureStream('identity');
  await bus.ensureStream('decisions');
  const shared = {
    DATABASE_URL: database.url,
    NATS_URL: process.env.NATS_URL!,
    NATS_PREFIX: natsPrefix,
    JWKS_URL: tokens.jwksUrl,
    REDIS_URL: process.env.REDIS_URL!,
    REDIS_PREFIX: redisPrefix,
    CHAT_RATE_LIMIT: '100',
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_TRACES_SAMPLER: 'always_on',
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
  // Named apart, so that the receiver tells which pod each span came from.
  pods.push(...(await Promise.all(['chat-a', 'chat-b'].map((name) => ServiceProcess.start('chat', { ...shared, OTEL_SERVICE_NAME: name })))));
}, 90_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const pod of pods) await pod.stop();
  await tokens?.close();
  await bus?.close();
  await receiver?.close();
  await deleteStreams(natsPrefix);
  await deleteRedisKeys(redisPrefix);
  await database?.drop();
});

async function connect(pod: ServiceProcess, token: string | null): Promise<Socket> {
  const socket = connectSocket(pod.origin, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Joins once the pod has opened the room from decisions' event. */
const join = (socket: Socket, room: string) =>
  waitFor(async () => ((await socket.timeout(5000).emitWithAck('room:join', { room })) as { ok: boolean }).ok || undefined, 20_000, 100);

test('a message posted on one pod is delivered by the other in the same trace', async () => {
  const member = { id: randomUUID(), name: 'Ada Citizen' };
  await publish(UserRegistered, { userId: member.id, userName: member.name, registeredAt: new Date().toISOString() });
  const cycleId = randomUUID();
  const room = `cycle:${cycleId}:proposals`;
  await publish(CyclePhaseChanged, { cycleId, number: 1, from: null, to: 'proposals', at: new Date().toISOString(), phaseEndsAt: null });

  const poster = await connect(pods[0]!, await tokens.sign(member, '1h'));
  const reader = await connect(pods[1]!, null);
  await join(poster, room);
  await join(reader, room);
  const received: ChatMessage[] = [];
  reader.on('message:new', (message: ChatMessage) => received.push(message));

  // The member may be known to pod A a little after the event: the post is tried until accepted.
  const posted = await waitFor(async () => {
    const ack = (await poster.timeout(5000).emitWithAck('message:post', { room, text: 'Shade trees along the river' })) as { ok: boolean; data?: ChatMessage };
    return ack.ok ? ack.data : undefined;
  }, 20_000, 200);
  await waitFor(() => received.some((message) => message.id === posted!.id) || undefined, 10_000, 50);

  const spans = await waitFor(() => {
    const deliver = receiver.spans.find((span) => span.service === 'chat-b' && span.name === 'socket.io relay deliver' && span.attributes['socket.io.rooms'] === room);
    if (!deliver) return undefined;
    const trace = receiver.trace(deliver.traceId);
    return trace.some((span) => span.spanId === deliver.parentSpanId) ? trace : undefined;
  }, 15_000, 100);
  const deliver = spans.find((span) => span.service === 'chat-b' && span.name === 'socket.io relay deliver')!;
  const relayedBy = spans.find((span) => span.spanId === deliver.parentSpanId)!;
  expect(deliver.kind).toBe(SpanKinds.consumer);
  // Pod A's relay of the room's frame is the parent and the link of pod B's delivery.
  expect(relayedBy).toMatchObject({ service: 'chat-a', name: 'chat room relay' });
  expect(deliver.links).toContainEqual({ traceId: relayedBy.traceId, spanId: relayedBy.spanId });
  // The trace starts at pod A's receipt of the post.
  const root = spans.find((span) => span.parentSpanId === '')!;
  expect(root).toMatchObject({ service: 'chat-a', attributes: { 'messaging.socket.io.event_name': 'message:post' } });
  expect(new Set(spans.map((span) => span.service))).toEqual(new Set(['chat-a', 'chat-b']));
  // The reader got the message without the trace field: the packet alone.
  expect(Object.keys(received.find((message) => message.id === posted!.id)!)).not.toContain('trace');
  process.stdout.write(`\nA message posted on pod A, delivered by pod B:\n${traceAsText(spans)}\n`);
}, 90_000);
