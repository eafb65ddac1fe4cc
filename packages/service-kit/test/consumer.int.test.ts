import pg from 'pg';
import pino from 'pino';
import { UserRegistered, type EventEnvelope } from '@civic/contracts';
import { connectBus, newEvent, startConsumer, type EventBus, type SqlExecutor } from '@civic/service-kit';
import { closePool, createEventTables, createTestDatabase, deleteStreams, pgSqlClient, testNatsPrefix, waitFor, type TestDatabase } from '@civic/test-kit';

const SCHEMA = 'decisions';
const log = pino({ level: 'silent' });

let database: TestDatabase;
let pool: pg.Pool;
let prefix: string;
const prefixes: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase('consumer');
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  await createEventTables(pool, SCHEMA);
  await pool.query(`CREATE TABLE "${SCHEMA}".effect (event_id uuid NOT NULL, user_name text NOT NULL)`);
});

// Each test gets its own stream, so no test sees another's events.
beforeEach(() => {
  prefix = testNatsPrefix();
  prefixes.push(prefix);
});

afterEach(() => pool.query(`TRUNCATE "${SCHEMA}".effect, "${SCHEMA}".inbox_event`));

afterAll(async () => {
  for (const used of prefixes) await deleteStreams(used);
  await closePool(pool);
  await database.drop();
});

const applyEffect = async (tx: SqlExecutor, payload: { userName: string }, envelope: EventEnvelope) => {
  await tx.$executeRawUnsafe(`INSERT INTO "${SCHEMA}".effect (event_id, user_name) VALUES ($1::uuid, $2)`, envelope.id, payload.userName);
};

async function effects(): Promise<{ event_id: string; user_name: string }[]> {
  return (await pool.query(`SELECT event_id::text, user_name FROM "${SCHEMA}".effect`)).rows;
}

async function publish(bus: EventBus, body: unknown, msgID?: string) {
  await bus.ensureStream('identity');
  await bus.js.publish(bus.subject(UserRegistered.subject), JSON.stringify(body), msgID ? { msgID } : undefined);
}

const event = (name: string) => newEvent(UserRegistered, { userId: crypto.randomUUID(), userName: name, registeredAt: new Date().toISOString() });

describe('idempotent consumer', () => {
  it('applies the effect once when the consumer dies after commit and before its ack', async () => {
    const durable = `crash-${Date.now()}`;
    const first = await connectBus({ url: process.env['NATS_URL']!, prefix, name: 'consumer-1' });
    let committedOnce!: () => void;
    const committed = new Promise<void>((resolve) => (committedOnce = resolve));
    const dying = await startConsumer({
      bus: first,
      db: pgSqlClient(pool),
      schema: SCHEMA,
      name: durable,
      event: UserRegistered,
      log,
      ackWaitMs: 1000,
      handle: applyEffect,
      // The process "dies" here: the effect is committed, the ack never leaves.
      beforeAck: () => {
        committedOnce();
        return new Promise<void>(() => undefined);
      },
    });
    const sent = event('ada');
    await publish(first, sent, sent.id);
    await committed;
    expect(await effects()).toHaveLength(1);
    void dying.stop();
    first.nc.close(); // abrupt: no drain, no ack

    const second = await connectBus({ url: process.env['NATS_URL']!, prefix, name: 'consumer-2' });
    const redelivered: string[] = [];
    const survivor = await startConsumer({
      bus: second,
      db: pgSqlClient(pool),
      schema: SCHEMA,
      name: durable,
      event: UserRegistered,
      log,
      ackWaitMs: 1000,
      handle: applyEffect,
      beforeAck: async (envelope) => {
        redelivered.push(envelope.id);
      },
    });
    await waitFor(() => redelivered.includes(sent.id), 15_000);
    expect(await effects()).toEqual([{ event_id: sent.id, user_name: 'ada' }]);
    const info = await second.jsm.consumers.info(second.streamName('identity'), durable);
    await waitFor(async () => (await second.jsm.consumers.info(second.streamName('identity'), durable)).num_ack_pending === 0);
    expect(info.delivered.consumer_seq).toBeGreaterThanOrEqual(2);
    await survivor.stop();
    await second.close();
  });

  it('retries a failing effect with a delay and applies it once when it succeeds', async () => {
    const bus = await connectBus({ url: process.env['NATS_URL']!, prefix, name: 'consumer-retry' });
    let attempts = 0;
    const consumer = await startConsumer({
      bus,
      db: pgSqlClient(pool),
      schema: SCHEMA,
      name: `retry-${Date.now()}`,
      event: UserRegistered,
      log,
      retryDelayMs: () => 50,
      handle: async (tx, payload, envelope) => {
        attempts += 1;
        await applyEffect(tx, payload, envelope);
        if (attempts < 3) throw new Error('database hiccup'); // rolls back the effect and the inbox row
      },
    });
    const sent = event('grace');
    await publish(bus, sent);
    await waitFor(async () => (await effects()).length === 1);
    expect(attempts).toBe(3);
    expect(await effects()).toEqual([{ event_id: sent.id, user_name: 'grace' }]);
    await consumer.stop();
    await bus.close();
  });

  it('terminates payloads that fail their schema and goes on with the next', async () => {
    const bus = await connectBus({ url: process.env['NATS_URL']!, prefix, name: 'consumer-schema' });
    const handled: string[] = [];
    const durable = `schema-${Date.now()}`;
    const consumer = await startConsumer({
      bus,
      db: pgSqlClient(pool),
      schema: SCHEMA,
      name: durable,
      event: UserRegistered,
      log,
      handle: async (tx, payload, envelope) => {
        handled.push(payload.userName);
        await applyEffect(tx, payload, envelope);
      },
    });
    const bad = { ...event('bad'), payload: { userId: 'not-a-uuid', userName: '' } };
    await publish(bus, bad);
    await publish(bus, 'not json at all');
    const good = event('linus');
    await publish(bus, good);
    await waitFor(() => handled.includes('linus'));
    expect(handled).toEqual(['linus']);
    const stream = bus.streamName('identity');
    await waitFor(async () => (await bus.jsm.consumers.info(stream, durable)).num_ack_pending === 0);
    expect((await bus.jsm.consumers.info(stream, durable)).num_pending).toBe(0);
    await consumer.stop();
    await bus.close();
  });
});
