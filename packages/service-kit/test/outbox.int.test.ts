import pino from 'pino';
import { UserRegistered } from '@civic/contracts';
import { connectBus, enqueueEvent, newEvent, OutboxRelay, type EventBus } from '@civic/service-kit';
import { pgSqlClient, testNatsPrefix, useEventTestBed, waitFor } from '@civic/test-kit';

const SCHEMA = 'identity';
const log = pino({ level: 'silent' });

const bed = useEventTestBed('outbox', SCHEMA, 4);

function registration(i: number) {
  return newEvent(UserRegistered, {
    userId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    userName: `citizen ${i}`,
    registeredAt: new Date().toISOString(),
  });
}

async function streamIds(bus: EventBus): Promise<string[]> {
  const stream = bus.streamName('identity');
  const info = await bus.jsm.streams.info(stream);
  const ids: string[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
    const message = await bus.jsm.streams.getMessage(stream, { seq });
    if (message) ids.push((message.json() as { id: string }).id);
  }
  return ids;
}

describe('transactional outbox', () => {
  it('publishes only committed events, each once, in commit order', async () => {
    const db = pgSqlClient(bed.pool);
    const bus = await connectBus({ url: bed.nats.url, prefix: testNatsPrefix(), name: 'outbox-order' });
    await bus.ensureStream('identity');
    const relay = new OutboxRelay({ db, schema: SCHEMA, bus, log, pollMs: 20 });

    const committed = [registration(1), registration(2), registration(3)];
    for (const event of committed) await db.$transaction((tx) => enqueueEvent(tx, SCHEMA, event));
    // A business transaction that rolls back takes its event with it.
    await expect(
      db.$transaction(async (tx) => {
        await enqueueEvent(tx, SCHEMA, registration(99));
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');

    relay.start();
    await waitFor(async () => (await streamIds(bus)).length === 3);
    await relay.stop();
    expect(await streamIds(bus)).toEqual(committed.map((e) => e.id));
    const unsent = await bed.pool.query(`SELECT count(*)::int AS n FROM "${SCHEMA}".outbox_event WHERE sent_at IS NULL`);
    expect(unsent.rows[0].n).toBe(0);
    await bus.jsm.streams.delete(bus.streamName('identity'));
    await bus.close();
  });

  it('delivers every event exactly once when NATS is killed and restarted mid-stream', async () => {
    await bed.pool.query(`DELETE FROM "${SCHEMA}".outbox_event`);
    const db = pgSqlClient(bed.pool);
    const bus = await connectBus({ url: bed.nats.url, prefix: testNatsPrefix(), name: 'outbox-outage' });
    await bus.ensureStream('identity');
    const relays = [1, 2].map(() => new OutboxRelay({ db, schema: SCHEMA, bus, log, pollMs: 10, batchSize: 7, maxBackoffMs: 200 }));
    relays.forEach((relay) => relay.start());

    const total = 300;
    const produced: string[] = [];
    const producer = (async () => {
      for (let i = 0; i < total; i++) {
        const event = registration(1000 + i);
        await db.$transaction((tx) => enqueueEvent(tx, SCHEMA, event));
        produced.push(event.id);
        if (i % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();

    await waitFor(() => produced.length > 60);
    await bed.nats.kill(); // mid-stream: some events published, some committed but not yet sent
    await new Promise((resolve) => setTimeout(resolve, 800));
    const pendingDuringOutage = await bed.pool.query(`SELECT count(*)::int AS n FROM "${SCHEMA}".outbox_event WHERE sent_at IS NULL`);
    expect(pendingDuringOutage.rows[0].n).toBeGreaterThan(0);
    await bed.nats.restart();
    await producer;

    await waitFor(async () => {
      const { rows } = await bed.pool.query(`SELECT count(*)::int AS n FROM "${SCHEMA}".outbox_event WHERE sent_at IS NULL`);
      return rows[0].n === 0;
    }, 30_000);
    await Promise.all(relays.map((relay) => relay.stop()));

    const delivered = await streamIds(bus);
    expect(delivered).toHaveLength(total);
    expect(new Set(delivered).size).toBe(total);
    expect([...delivered].sort()).toEqual([...produced].sort());
    await bus.jsm.streams.delete(bus.streamName('identity'));
    await bus.close();
  }, 60_000);
  it('publishes a commit at once when listening, with a poll far away, and again after its connection is cut', async () => {
    await bed.pool.query(`DELETE FROM "${SCHEMA}".outbox_event`);
    const db = pgSqlClient(bed.pool);
    const bus = await connectBus({ url: bed.nats.url, prefix: testNatsPrefix(), name: 'outbox-listen' });
    await bus.ensureStream('identity');
    // A minute between polls: only the commit notice can make the relay publish within the test.
    const relay = new OutboxRelay({ db, schema: SCHEMA, bus, log, pollMs: 60_000, listenUrl: bed.database.url });
    relay.start();
    try {
      const listening = async () => (await bed.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN \"outbox_identity\"'")).rows[0]!.n === 1;
      await waitFor(listening);
      // The relay read the empty outbox when it started and now sleeps for a minute.
      const first = registration(10);
      await db.$transaction((tx) => enqueueEvent(tx, SCHEMA, first));
      await waitFor(async () => (await streamIds(bus)).includes(first.id), 5_000);

      // The listening connection is cut: the relay connects again and reads what was committed meanwhile.
      await bed.pool.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN \"outbox_identity\"'");
      const second = registration(11);
      await db.$transaction((tx) => enqueueEvent(tx, SCHEMA, second));
      await waitFor(async () => (await streamIds(bus)).includes(second.id), 10_000);
      expect(await streamIds(bus)).toEqual([first.id, second.id]);
    } finally {
      await relay.stop();
      await bus.jsm.streams.delete(bus.streamName('identity'));
      await bus.close();
    }
  });
});
