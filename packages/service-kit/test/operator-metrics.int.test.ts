import { randomUUID } from 'node:crypto';
import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
import { UserRegistered } from '@civic/contracts';
import { connectBus, createEventedApp, loadConfig, BaseConfig, nanos, startConsumer, type ConsumerHost, type EventBus, type ServiceApp, type Sql } from '@civic/service-kit';
import { metricSample, pgSqlClient, publishEvent, testNatsPrefix, useEventTestBed, waitFor } from '@civic/test-kit';

const bed = useEventTestBed('opmetrics', 'decisions', 3);

async function scrape(app: ServiceApp): Promise<string> {
  const answer = await app.inject({ url: '/metrics' });
  expect(answer.statusCode).toBe(200);
  return answer.body;
}

/** An outbox row as enqueueEvent writes it, `ageMs` old. */
async function enqueueRow(ageMs: number): Promise<void> {
  await bed.pool.query(`INSERT INTO decisions.outbox_event (id, subject, version, payload, occurred_at) VALUES ($1, 'decisions.test.happened', 1, '{}', now() - make_interval(secs => $2))`, [
    randomUUID(),
    ageMs / 1000,
  ]);
}

describe('operator metrics of an evented service', () => {
  let bus: EventBus;
  let app: ServiceApp;
  let consumers: ConsumerHost;
  let databaseUp = true;
  let prefix: string;

  beforeAll(async () => {
    prefix = testNatsPrefix();
    const config = loadConfig(BaseConfig, { PORT: '0', DATABASE_URL: bed.database.url, NATS_URL: bed.nats.url, NATS_PREFIX: prefix });
    bus = await connectBus({ url: bed.nats.url, prefix, name: 'operator-metrics' });
    const client = pgSqlClient(bed.pool);
    const db = {
      ...client,
      $queryRaw: <T>(query: Sql) => (databaseUp ? client.$queryRaw<T>(query) : Promise.reject(new Error('connection refused'))),
      $disconnect: async () => undefined,
    };
    const evented = await createEventedApp({ name: 'decisions', config, db, bus, logger: false });
    app = evented.app;
    consumers = evented.consumers;
    await app.ready();
    // No relay: the rows enqueued below stay pending.
    await evented.relay.stop();
  });

  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  it('shows the outbox backlog and the age of its oldest row, 0 once published, and keeps the last values while PostgreSQL is away', async () => {
    const empty = await scrape(app);
    expect(metricSample(empty, 'outbox_events_pending', { service: 'decisions' })).toBe(0);
    expect(metricSample(empty, 'outbox_oldest_pending_age_seconds', { service: 'decisions' })).toBe(0);

    await enqueueRow(90_000);
    await enqueueRow(1000);
    const backlog = await scrape(app);
    expect(metricSample(backlog, 'outbox_events_pending', { service: 'decisions' })).toBe(2);
    const age = metricSample(backlog, 'outbox_oldest_pending_age_seconds', { service: 'decisions' })!;
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(120);

    databaseUp = false;
    const withoutDatabase = await scrape(app);
    expect(metricSample(withoutDatabase, 'outbox_events_pending', { service: 'decisions' })).toBe(2);
    databaseUp = true;

    await bed.pool.query('UPDATE decisions.outbox_event SET sent_at = now()');
    const published = await scrape(app);
    expect(metricSample(published, 'outbox_events_pending', { service: 'decisions' })).toBe(0);
    expect(metricSample(published, 'outbox_oldest_pending_age_seconds', { service: 'decisions' })).toBe(0);
  });

  it('counts the redeliveries of a failing event by consumer and subject', async () => {
    let attempts = 0;
    const consumer = await startConsumer({
      ...consumers,
      name: 'decisions-redelivery-probe',
      event: UserRegistered,
      retryDelayMs: () => 50,
      handle: async () => {
        attempts += 1;
        if (attempts < 3) throw new Error('not yet');
      },
    });
    await publishEvent(bus, UserRegistered, { userId: randomUUID(), userName: 'Redelivered', registeredAt: new Date().toISOString() });
    await waitFor(() => attempts >= 3);
    const labels = { service: 'decisions', consumer: 'decisions-redelivery-probe', subject: 'identity.user.registered' };
    await waitFor(async () => metricSample(await scrape(app), 'events_redelivered_total', labels) === 2);
    await consumer.stop();
  });

  it("shows the lag, unacknowledged and redelivered messages of the service's durable consumers only, and the last values while NATS is away", async () => {
    const stream = await bus.ensureStream('identity');
    const consumer = 'decisions-metrics-probe';
    await bus.jsm.consumers.add(stream, {
      durable_name: consumer,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: bus.subject('identity.user.probed'),
      ack_wait: nanos(3000),
    });
    // Another service's consumer on the same stream is not this service's to report.
    await bus.jsm.consumers.add(stream, { durable_name: 'chat-metrics-probe', ack_policy: AckPolicy.Explicit, filter_subject: bus.subject('identity.user.probed') });
    for (let i = 0; i < 3; i++) await bus.js.publish(bus.subject('identity.user.probed'), JSON.stringify({ n: i }));

    const labels = { service: 'decisions', stream, consumer };
    const lagging = await scrape(app);
    expect(metricSample(lagging, 'nats_consumer_pending_messages', labels)).toBe(3);
    expect(metricSample(lagging, 'nats_consumer_ack_pending_messages', labels)).toBe(0);
    expect(metricSample(lagging, 'nats_consumer_pending_messages', { consumer: 'chat-metrics-probe' })).toBeUndefined();

    // One message taken and never acknowledged: in flight, then redelivered after the ack wait.
    const reader = await bus.js.consumers.get(stream, consumer);
    const first = await reader.next({ expires: 2000 });
    expect(first).not.toBeNull();
    const inFlight = await scrape(app);
    expect(metricSample(inFlight, 'nats_consumer_pending_messages', labels)).toBe(2);
    expect(metricSample(inFlight, 'nats_consumer_ack_pending_messages', labels)).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, 3100)); // past the ack wait
    const again = await reader.next({ expires: 2000 });
    expect(again?.info.deliveryCount).toBe(2);
    const redelivered = await scrape(app);
    expect(metricSample(redelivered, 'nats_consumer_redelivered_messages', labels)).toBe(1);
    again?.ack();

    // NATS away: the scrape still answers, with the last values.
    await bed.nats.kill();
    const started = Date.now();
    const withoutNats = await scrape(app);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(metricSample(withoutNats, 'nats_consumer_pending_messages', labels)).toBe(2);
    await bed.nats.restart();
  });
});
