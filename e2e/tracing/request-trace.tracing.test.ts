/**
 * Tracing across processes (docs/architecture.md#tracing): the built gateway, decisions and
 * notifications run with OTEL_EXPORTER_OTLP_ENDPOINT pointing to an OTLP receiver in this test.
 * (a) one vote through the gateway is one trace: gateway, decisions and its PostgreSQL queries;
 * (b) a phase change written by decisions' scheduler is consumed by notifications in the producer's
 * trace (parent and link), and the unread count pushed to an open stream is in that trace too.
 */
import { randomUUID } from 'node:crypto';
import { CyclePhaseChanged, UserRegistered, UserVerified, type EventDefinition } from '@civic/contracts';
import { connectBus, type EventBus } from '@civic/service-kit';
import { createTestDatabase, deleteStreams, migrateServices, publishEvent, TestTokens, testNatsPrefix, waitFor, type TestDatabase } from '@civic/test-kit';
import type { Static } from 'typebox';
import { ServiceProcess } from '../fault/processes.js';
import { OtlpReceiver, SpanKinds, traceAsText, type ReceivedSpan } from './otlp-receiver.js';

let database: TestDatabase;
let tokens: TestTokens;
let bus: EventBus;
let receiver: OtlpReceiver;
let decisions: ServiceProcess;
let notifications: ServiceProcess;
let gateway: ServiceProcess;
const natsPrefix = testNatsPrefix();
const streamAborts = new AbortController();

const tracing = () => ({
  OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
  OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
  OTEL_TRACES_SAMPLER: 'always_on',
  // Spans leave every 100 ms, so the test does not wait for the default 5 s batches.
  OTEL_BSP_SCHEDULE_DELAY: '100',
});

async function publish<D extends EventDefinition>(definition: D, payload: Static<D['payload']>): Promise<void> {
  await bus.ensureStream('identity');
  await publishEvent(bus, definition, payload);
}

beforeAll(async () => {
  receiver = await OtlpReceiver.start();
  database = await createTestDatabase('tracing');
  await migrateServices(database.url, ['decisions', 'notifications']);
  tokens = await TestTokens.start();
  bus = await connectBus({ url: process.env.NATS_URL!, prefix: natsPrefix, name: 'tracing-test' });
  const shared = { DATABASE_URL: database.url, NATS_URL: process.env.NATS_URL!, NATS_PREFIX: natsPrefix, JWKS_URL: tokens.jwksUrl, ...tracing() };
  [decisions, notifications] = await Promise.all([
    ServiceProcess.start('decisions', {
      ...shared,
      START_MIN_VERIFIED_USERS: '1',
      START_MIN_PROPOSALS: '1',
      PHASE_PROPOSALS_SECONDS: '1',
      PHASE_EXTENSION_SECONDS: '1',
      PHASE_VOTING_SECONDS: '600',
      PHASE_TICK_MS: '100',
    }),
    ServiceProcess.start('notifications', shared),
  ]);
  gateway = await ServiceProcess.start('gateway', { DECISIONS_URL: decisions.origin, NOTIFICATIONS_URL: notifications.origin, ...tracing() });
}, 90_000);

afterAll(async () => {
  streamAborts.abort();
  await gateway?.stop();
  await notifications?.stop();
  await decisions?.stop();
  await tokens?.close();
  await bus?.close();
  await receiver?.close();
  await deleteStreams(natsPrefix);
  await database?.drop();
});

const citizen = { id: randomUUID(), name: 'Ada Citizen', verified: true };
let authorization = '';

/** Reads an SSE answer until `count` unread frames arrived; returns their counts. */
async function openUnreadStream(): Promise<{ counts: number[] }> {
  const answer = await fetch(`${gateway.origin}/api/users/notifications/stream`, { headers: { authorization }, signal: streamAborts.signal });
  expect(answer.status).toBe(200);
  const seen = { counts: [] as number[] };
  void (async () => {
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of answer.body!) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        for (const match of text.matchAll(/event: unread\ndata: (\{[^\n]*\})/g)) seen.counts.push((JSON.parse(match[1]!) as { count: number }).count);
        text = text.slice(text.lastIndexOf('\n\n') + 2);
      }
    } catch {
      // aborted at the end of the tests
    }
  })();
  return seen;
}

function servicesOf(spans: ReceivedSpan[]): Set<string> {
  return new Set(spans.map((span) => span.service));
}

test('a phase change is consumed by notifications in the producer\'s trace, with the pushed unread count', async () => {
  await publish(UserRegistered, { userId: citizen.id, userName: citizen.name, registeredAt: new Date().toISOString() });
  await publish(UserVerified, { userId: citizen.id, verifiedAt: new Date().toISOString() });
  authorization = `Bearer ${await tokens.sign(citizen, '1h')}`;
  const stream = await openUnreadStream();

  // One proposal meets the start rule: the scheduler opens a cycle and moves its phases.
  await waitFor(async () => {
    const answer = await fetch(`${gateway.origin}/api/proposals`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Shade trees along the river', description: 'Plant trees where people walk in summer.', category: 'environment' }),
    });
    return answer.status === 201 || undefined;
  }, 20_000, 200);

  // The producer: the relay's publish span of a phase change, in a trace of its own (no request wrote it).
  const phaseTrace = await waitFor(() => {
    for (const publish of receiver.spans.filter((s) => s.kind === SpanKinds.producer && s.name === `publish ${CyclePhaseChanged.subject}`)) {
      const spans = receiver.trace(publish.traceId);
      const consumer = spans.find((s) => s.service === 'notifications' && s.kind === SpanKinds.consumer && s.name === `process ${CyclePhaseChanged.subject}`);
      const push = spans.find((s) => s.service === 'notifications' && s.name === 'notifications unread push');
      if (consumer && push) return { publish, consumer, push, spans };
    }
    return undefined;
  }, 30_000, 100);
  const { publish: producer, consumer, push, spans } = phaseTrace;
  expect(producer.service).toBe('decisions');
  // The consumer continues the producer's trace: its parent and its link are the publish span.
  expect(consumer.traceId).toBe(producer.traceId);
  expect(consumer.parentSpanId).toBe(producer.spanId);
  expect(consumer.links).toContainEqual({ traceId: producer.traceId, spanId: producer.spanId });
  // The consumer wrote the alert in PostgreSQL within its span.
  expect(spans.some((s) => s.service === 'notifications' && s.attributes['db.system.name'] === 'postgresql' || s.attributes['db.system'] === 'postgresql')).toBe(true);
  // The push to the open stream belongs to the same trace, under the consumer's span.
  expect(push.traceId).toBe(producer.traceId);
  expect(push.parentSpanId).toBe(consumer.spanId);
  await waitFor(() => stream.counts.some((count) => count > 0) || undefined, 10_000, 50);
  process.stdout.write(`\nPhase change -> notifications -> unread push:\n${traceAsText(spans)}\n`);
}, 90_000);

test('one vote through the gateway is one trace across gateway, decisions and PostgreSQL', async () => {
  const proposalId = await waitFor(async () => {
    const view = (await (await fetch(`${gateway.origin}/api/decisions/voting-on-proposals`)).json()) as { cycle: { phase: string } | null; proposals?: { id: string }[] };
    return view.cycle?.phase === 'voting' ? view.proposals?.[0]?.id : undefined;
  }, 30_000, 100);
  const answer = await fetch(`${gateway.origin}/api/proposals/${proposalId}/vote`, {
    method: 'PUT',
    headers: { authorization, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ vote: 'for' }),
  });
  expect(answer.status).toBe(200);

  const isVoteServer = (span: ReceivedSpan, service: string) =>
    span.service === service && span.kind === SpanKinds.server && String(span.attributes['url.path'] ?? span.attributes['http.target'] ?? '').endsWith(`/api/proposals/${proposalId}/vote`);
  const spans = await waitFor(() => {
    const entry = receiver.spans.find((span) => isVoteServer(span, 'gateway'));
    if (!entry) return undefined;
    const trace = receiver.trace(entry.traceId);
    const inDecisions = trace.some((span) => isVoteServer(span, 'decisions'));
    const queries = trace.filter((span) => span.service === 'decisions' && span.kind === SpanKinds.client && (span.attributes['db.system.name'] ?? span.attributes['db.system']) === 'postgresql');
    // The vote makes several statements; their spans may come in more than one export batch.
    return inDecisions && queries.length > 1 ? trace : undefined;
  }, 15_000, 100);

  const gatewayServer = spans.find((span) => isVoteServer(span, 'gateway'))!;
  const decisionsServer = spans.find((span) => isVoteServer(span, 'decisions'))!;
  expect(gatewayServer.parentSpanId).toBe('');
  // decisions' server span is a child of the gateway's outgoing (undici) call.
  const forward = spans.find((span) => span.spanId === decisionsServer.parentSpanId)!;
  expect(forward.service).toBe('gateway');
  expect(forward.kind).toBe(SpanKinds.client);
  expect(servicesOf(spans)).toEqual(new Set(['gateway', 'decisions']));
  // The vote's own statements, within decisions' request.
  expect(spans.filter((span) => span.service === 'decisions' && span.kind === SpanKinds.client).length).toBeGreaterThan(1);
  process.stdout.write(`\nOne vote through the gateway:\n${traceAsText(spans)}\n`);
}, 60_000);
