// Event delay: from the commit of a business change (with its outbox row) to the consuming service's
// effect (its handler committing in the inbox transaction), through the real outbox relay, JetStream
// and an idempotent consumer, over PostgreSQL and NATS. Baseline in the same run: a bare NATS core
// publish -> subscribe round trip. Target: p99 under 200 ms.
// Run: node bench/run-all.mjs event-delay
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { benchNatsPrefix, createBenchDatabase, NATS_URL, report, root, summarize } from './lib/bench.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const RATE_PER_SECOND = Number(process.env.BENCH_EVENT_RATE ?? 200);
const kit = await import(pathToFileURL(path.join(root, 'packages/service-kit/dist/index.js')).href);
const testKit = await import(pathToFileURL(path.join(root, 'packages/test-kit/dist/index.js')).href);
const { ProposalCreated } = await import(pathToFileURL(path.join(root, 'packages/contracts/dist/index.js')).href);

const database = await createBenchDatabase('events', []);
const nats = benchNatsPrefix('events');
const pool = new pg.Pool({ connectionString: database.url, max: 8 });
// Connections still closing when the database is dropped at the end report it; nothing to do then.
pool.on('error', () => undefined);
const db = testKit.pgSqlClient(pool);
const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child() { return silent; }, level: 'silent' };

try {
  await testKit.createEventTables(pool, 'producer');
  await testKit.createEventTables(pool, 'consumer');
  await pool.query('CREATE TABLE consumer.effect (event_id uuid PRIMARY KEY)');
  const bus = await kit.connectBus({ url: NATS_URL, prefix: nats.prefix, name: 'bench-events' });
  const relay = new kit.OutboxRelay({ db, schema: 'producer', bus, log: silent, pollMs: 250 });
  relay.start();

  const committedAt = new Map();
  const delays = [];
  let done;
  const allDone = new Promise((resolve) => (done = resolve));
  const consumer = await kit.startConsumer({
    bus,
    db,
    schema: 'consumer',
    name: 'bench-proposal-created',
    event: ProposalCreated,
    log: silent,
    async handle(tx, _payload, envelope) {
      await tx.$executeRaw(kit.sql`INSERT INTO consumer.effect (event_id) VALUES (${envelope.id}::uuid)`);
    },
    async beforeAck(envelope) {
      const started = committedAt.get(envelope.id);
      if (started !== undefined) {
        delays.push(Number(process.hrtime.bigint() - started) / 1e6);
        committedAt.delete(envelope.id);
      }
      if (delays.length === EVENTS) done();
    },
  });

  // Baseline: NATS core round trip on the same connection.
  const baselineLatencies = [];
  const subscription = bus.nc.subscribe(`${nats.prefix}baseline`);
  (async () => {
    for await (const message of subscription) baselineLatencies.push(Number(process.hrtime.bigint() - BigInt(message.string())) / 1e6);
  })();
  const baselineStarted = Date.now();
  for (let i = 0; i < EVENTS; i++) {
    bus.nc.publish(`${nats.prefix}baseline`, String(process.hrtime.bigint()));
    if (i % 50 === 49) await bus.nc.flush();
  }
  await bus.nc.flush();
  while (baselineLatencies.length < EVENTS) await new Promise((resolve) => setTimeout(resolve, 10));
  const baseline = summarize(baselineLatencies, Date.now() - baselineStarted);
  subscription.unsubscribe();

  // Business commits at a steady rate, each with its outbox row; the producer wakes its relay.
  const started = Date.now();
  for (let i = 0; i < EVENTS; i++) {
    const event = kit.newEvent(ProposalCreated, { proposalId: randomUUID(), userId: randomUUID() });
    await db.$transaction(async (tx) => kit.enqueueEvent(tx, 'producer', event));
    committedAt.set(event.id, process.hrtime.bigint());
    relay.wake();
    const due = started + ((i + 1) * 1000) / RATE_PER_SECOND;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await Promise.race([allDone, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  const delivered = summarize(delays, Date.now() - started);
  const applied = Number((await pool.query('SELECT count(*) AS n FROM consumer.effect')).rows[0].n);

  report('Event delay (commit -> consumer effect)', [
    { name: 'baseline: NATS core publish -> subscribe', p50: baseline.p50, p99: baseline.p99 },
    {
      name: `outbox -> JetStream -> inbox consumer, ${RATE_PER_SECOND}/s`,
      perSecond: delivered.count / ((Date.now() - started) / 1000),
      p50: delivered.p50,
      p99: delivered.p99,
      errors: EVENTS - applied,
      target: 'p99 < 200 ms',
      met: delivered.p99 < 200 && applied === EVENTS,
    },
  ], [`${EVENTS} events; applied exactly once: ${applied} effects for ${EVENTS} events.`]);

  await consumer.stop();
  await relay.stop();
  await bus.close();
} finally {
  await pool.end();
  await database.drop();
  await nats.cleanup();
}
