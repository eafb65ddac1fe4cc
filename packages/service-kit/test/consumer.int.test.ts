import pg from 'pg';
import pino from 'pino';
import { Registry } from 'prom-client';
import { UserRegistered, type EventEnvelope } from '@civic/contracts';
import { connectBus, deadLettersCommand, newEvent, parkEvent, qualifiedTable, sql, startConsumer, type EventBus, type SqlExecutor } from '@civic/service-kit';
import { closePool, createEventTables, createTestDatabase, deadLettered, deleteStreams, eventAs, parkedFor, pgSqlClient, testNatsPrefix, waitFor, type TestDatabase } from '@civic/test-kit';

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

const applyEffect = async (tx: SqlExecutor, payload: { displayName: string }, envelope: EventEnvelope) => {
  await tx.$executeRaw(sql`INSERT INTO ${qualifiedTable(SCHEMA, 'effect')} (event_id, user_name) VALUES (${envelope.id}::uuid, ${payload.displayName})`);
};

/** A durable consumer of registrations named `name` on `bus`, its inbox in this file's database. */
const registrations = (bus: EventBus, name: string) => ({ bus, db: pgSqlClient(pool), schema: SCHEMA, name, event: UserRegistered, log });

/** The options of a durable consumer of registrations named `<label>-<now>` that applies the effect, on a bus of its own. */
async function effectConsumer(label: string) {
  const durable = `${label}-${Date.now()}`;
  const bus = await connectBus({ url: process.env['NATS_URL']!, prefix, name: `consumer-${label}` });
  return { durable, bus, options: { ...registrations(bus, durable), handle: applyEffect } };
}

/** A new member's registration written in `version`. */
const newcomer = (version: number, displayName: string, locale: 'en' | 'fr') =>
  eventAs(UserRegistered, version, { userId: crypto.randomUUID(), displayName, registeredAt: new Date().toISOString(), locale });

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
    // Both processes run the same consumer; a redelivery comes after a second.
    const processOf = (bus: EventBus) => ({ ...registrations(bus, durable), ackWaitMs: 1000, handle: applyEffect });
    const first = await connectBus({ url: process.env['NATS_URL']!, prefix, name: 'consumer-1' });
    let committedOnce!: () => void;
    const committed = new Promise<void>((resolve) => (committedOnce = resolve));
    const dying = await startConsumer({
      ...processOf(first),
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
      ...processOf(second),
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
      ...registrations(bus, `retry-${Date.now()}`),
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

  it('parks what it cannot read, with headers saying why, counts each once and goes on with the next', async () => {
    const bus = await connectBus({ url: process.env['NATS_URL']!, prefix, name: 'consumer-park' });
    const metrics = new Registry();
    const handled: string[] = [];
    const durable = `park-${Date.now()}`;
    const consumer = await startConsumer({
      ...registrations(bus, durable),
      metrics,
      handle: async (tx, payload, envelope) => {
        handled.push(payload.displayName);
        await applyEffect(tx, payload, envelope);
      },
    });
    const bad = { ...event('bad'), payload: { userId: 'not-a-uuid', userName: '' } };
    await publish(bus, bad);
    await bus.js.publish(bus.subject(UserRegistered.subject), 'not json at all');
    // A version 3 that no longer carries what version 2 requires: not readable by this build.
    const breaking = { ...event('breaking'), version: 3, payload: { userId: crypto.randomUUID(), names: { display: 'x' } } };
    await publish(bus, breaking);
    const good = event('linus');
    await publish(bus, good);
    await waitFor(() => handled.includes('linus'));
    const stream = bus.streamName('identity');
    await waitFor(async () => (await parkedFor(bus, durable)).length === 3);
    expect(handled).toEqual(['linus']);
    const parked = await parkedFor(bus, durable);
    expect(parked.map(({ consumer, subject, version, stream: from, streamSequence, reason }) => ({ consumer, subject, version, from, streamSequence, reason }))).toEqual([
      { consumer: durable, subject: 'identity.user.registered', version: 1, from: stream, streamSequence: 1, reason: 'invalid-payload' },
      { consumer: durable, subject: 'identity.user.registered', version: null, from: stream, streamSequence: 2, reason: 'not-json' },
      { consumer: durable, subject: 'identity.user.registered', version: 3, from: stream, streamSequence: 3, reason: 'unknown-version' },
    ]);
    expect(parked[0]!.detail).toContain('/userId');
    expect(JSON.parse(new TextDecoder().decode(parked[0]!.data))).toEqual(bad);
    expect(await deadLettered(metrics, durable)).toBe(3);
    expect(await deadLettered(metrics, durable, 'unknown-version')).toBe(1);
    await waitFor(async () => (await bus.jsm.consumers.info(stream, durable)).num_ack_pending === 0);
    expect((await bus.jsm.consumers.info(stream, durable)).num_pending).toBe(0);
    await consumer.stop();
    await bus.close();
  });

  it('reads every known version as the newest, and a newer one by the newest schema it knows', async () => {
    const bus = await connectBus({ url: process.env['NATS_URL']!, prefix, name: 'consumer-versions' });
    const seen: unknown[] = [];
    const consumer = await startConsumer({
      ...registrations(bus, `versions-${Date.now()}`),
      metrics: new Registry(),
      handle: async (tx, payload, envelope) => {
        seen.push(payload);
        await applyEffect(tx, payload, envelope);
      },
    });
    const userId = crypto.randomUUID();
    const registeredAt = new Date().toISOString();
    await publish(bus, eventAs(UserRegistered, 1, { userId, displayName: 'ada', registeredAt, locale: 'fr' }));
    await publish(bus, eventAs(UserRegistered, 2, { userId, displayName: 'grace', registeredAt, locale: 'fr' }));
    // An additive version 3 (a new field): read as version 2, the unknown field left out.
    await publish(bus, { ...eventAs(UserRegistered, 2, { userId, displayName: 'linus', registeredAt, locale: 'en' }), version: 3, payload: { userId, displayName: 'linus', registeredAt, locale: 'en', pronouns: 'he' } });
    await waitFor(() => seen.length === 3);
    expect(seen).toEqual([
      { userId, displayName: 'ada', registeredAt, locale: 'en' }, // version 1 never carried the locale
      { userId, displayName: 'grace', registeredAt, locale: 'fr' },
      { userId, displayName: 'linus', registeredAt, locale: 'en' },
    ]);
    await consumer.stop();
    await bus.close();
  });

  it('replays parked events once when the upgraded consumer starts, and on request; unreadable ones stay parked', async () => {
    const { durable, bus, options } = await effectConsumer('upgrade');
    const old = await startConsumer({ ...options, metrics: new Registry(), readVersionsUpTo: 1 });
    const newer = newcomer(2, 'ada', 'fr');
    await publish(bus, newer, newer.id);
    const bad = { ...event('bad'), payload: { userId: crypto.randomUUID() } };
    await publish(bus, bad, bad.id);
    await waitFor(async () => (await parkedFor(bus, durable)).length === 2);
    expect((await parkedFor(bus, durable)).map((p) => p.reason)).toEqual(['unknown-version', 'invalid-payload']);
    expect(await effects()).toEqual([]);
    await old.stop();

    // Two upgraded replicas start at once: each replays, the inbox applies the event once.
    const replicas = await Promise.all([1, 2].map(() => startConsumer({ ...options, metrics: new Registry() })));
    expect(await effects()).toEqual([{ event_id: newer.id, user_name: 'ada' }]);
    expect((await parkedFor(bus, durable)).map((p) => p.reason)).toEqual(['invalid-payload']);

    // The operator command asks a running instance; what it still cannot read stays.
    const lines: string[] = [];
    expect(await deadLettersCommand(['replay', durable], bus, (line) => lines.push(line))).toBe(0);
    expect(lines).toEqual([`${durable}: 0 applied, 1 still parked`]);
    lines.length = 0;
    expect(await deadLettersCommand(['list', durable], bus, (line) => lines.push(line))).toBe(0);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${durable}\tidentity.user.registered\tv1\tinvalid-payload`);
    expect(lines[1]).toContain(bad.id);
    expect(await effects()).toHaveLength(1);
    await Promise.all(replicas.map((replica) => replica.stop()));

    lines.length = 0;
    expect(await deadLettersCommand(['replay', durable], bus, (line) => lines.push(line))).toBe(1);
    expect(lines[0]).toContain('no running instance');
    await bus.close();
  });

  it('starts even when the replay at start fails, and replays on its next retry', async () => {
    const { durable, bus, options } = await effectConsumer('replay-fails');
    const parked = newcomer(2, 'hedy', 'en');
    await parkEvent(bus, {
      consumer: durable,
      subject: UserRegistered.subject,
      version: 2,
      stream: bus.streamName('identity'),
      streamSequence: 1,
      reason: 'unknown-version',
      detail: 'an older replica reads versions up to 1',
      data: new TextEncoder().encode(JSON.stringify(parked)),
    });
    // The first look at the dead-letter stream fails, as a fetch whose heartbeats a loaded node missed.
    let failures = 1;
    const streams = new Proxy(bus.jsm.streams, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (key !== 'info' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
        return async (stream: string, ...rest: unknown[]) => {
          if (stream === bus.deadLetterStream && failures > 0) {
            failures -= 1;
            throw new Error('heartbeats missed');
          }
          return value.call(target, stream, ...rest);
        };
      },
    });
    const jsm = new Proxy(bus.jsm, { get: (target, key) => (key === 'streams' ? streams : Reflect.get(target, key)) });
    const flakyBus: EventBus = { ...bus, jsm };
    try {
      const consumer = await startConsumer({ ...options, bus: flakyBus, metrics: new Registry(), replayEveryMs: 200 });
      expect(failures).toBe(0);
      await waitFor(async () => (await effects()).length === 1);
      expect(await effects()).toEqual([{ event_id: parked.id, user_name: 'hedy' }]);
      await consumer.stop();
    } finally {
      await bus.close();
    }
  });

  it('retries parked events while it runs: one an older replica parks after this one started is applied without a restart', async () => {
    const { durable, bus, options } = await effectConsumer('rolling');
    const upgraded = await startConsumer({ ...options, metrics: new Registry(), replayEveryMs: 200 });
    // Mid-rollout, a replica that predates version 2 parks one after the upgraded replica started.
    const newer = newcomer(2, 'grace', 'en');
    await parkEvent(bus, {
      consumer: durable,
      subject: UserRegistered.subject,
      version: 2,
      stream: bus.streamName('identity'),
      streamSequence: 1,
      reason: 'unknown-version',
      detail: 'this replica reads versions up to 1',
      data: new TextEncoder().encode(JSON.stringify(newer)),
    });
    await waitFor(async () => (await effects()).length === 1);
    expect(await effects()).toEqual([{ event_id: newer.id, user_name: 'grace' }]);
    await waitFor(async () => (await parkedFor(bus, durable)).length === 0);
    await upgraded.stop();
    await bus.close();
  });
});
