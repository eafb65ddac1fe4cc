import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import { Counter, Gauge, type Registry } from 'prom-client';
import { streamOwners } from '@civic/contracts';
import type { EventBus } from './nats.js';
import { qualifiedTable, sql, type SqlExecutor } from './prisma.js';

/**
 * The operator metrics every service exports besides the HTTP histogram (docs: the service-kit
 * README's "Metrics" table). The chart's dashboards and alerts use these exact names: never rename.
 */
export const OperatorMetrics = {
  outboxPending: 'outbox_events_pending',
  outboxOldestAge: 'outbox_oldest_pending_age_seconds',
  consumerPending: 'nats_consumer_pending_messages',
  consumerAckPending: 'nats_consumer_ack_pending_messages',
  consumerRedelivered: 'nats_consumer_redelivered_messages',
  eventsRedelivered: 'events_redelivered_total',
  serviceReady: 'service_ready',
} as const;

/** A scrape never waits longer than this for PostgreSQL or JetStream: past it, the last values are served. */
const SCRAPE_LOOKUP_TIMEOUT_MS = 2000;

/** The metric of that name on the registry, created by `make` the first time (one per registry). */
function single<M>(registry: Registry, name: string, make: () => M): M {
  return (registry.getSingleMetric(name) as M | undefined) ?? make();
}

/** Counts a delivery of an event to a consumer that is not its first (`info.deliveryCount > 1`). */
export function countRedelivery(registry: Registry, consumer: string, subject: string): void {
  single(
    registry,
    OperatorMetrics.eventsRedelivered,
    () =>
      new Counter({
        name: OperatorMetrics.eventsRedelivered,
        help: 'Deliveries of an event to a consumer after the first (failed handling, lost ack, ack wait exceeded)',
        labelNames: ['consumer', 'subject'],
        registers: [registry],
      }),
  ).inc({ consumer, subject });
}

/** `service_ready`: 1 while /readyz last answered ready (or degraded), 0 after it answered 503. */
export function readinessGauge(registry: Registry): Gauge {
  return single(
    registry,
    OperatorMetrics.serviceReady,
    () => new Gauge({ name: OperatorMetrics.serviceReady, help: 'Whether /readyz last answered ready (1) or not (0)', registers: [registry] }),
  );
}

/**
 * A lookup done at scrape time: the gauges of one scrape (collected together) and concurrent
 * scrapes share the one in flight, a scrape waits for it at most SCRAPE_LOOKUP_TIMEOUT_MS, and a
 * failure answers null so the gauges keep their last values rather than failing the scrape. A lookup
 * that outlived its scrape is never doubled: later scrapes keep the last values until it ends.
 */
function scrapeLookup<T>(lookup: () => Promise<T>, onFailure: (error: unknown) => void): () => Promise<T | null> {
  let running = false;
  let shared: Promise<T | null> | null = null;
  return () => {
    if (shared) return shared;
    if (running) return Promise.resolve(null);
    running = true;
    const done = lookup().finally(() => {
      running = false;
    });
    shared = new Promise<T | null>((resolve) => {
      const timer = setTimeout(() => {
        onFailure(new Error(`lookup timed out after ${SCRAPE_LOOKUP_TIMEOUT_MS} ms`));
        resolve(null);
      }, SCRAPE_LOOKUP_TIMEOUT_MS);
      done.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          onFailure(error);
          resolve(null);
        },
      );
    }).finally(() => {
      shared = null;
    });
    return shared;
  };
}

interface Warn {
  warn(details: object, message: string): void;
}

/** Logs a failing lookup once, then every 20th time, so a long outage does not flood the logs. */
function sparseWarning(log: Warn | undefined, message: string): (error: unknown) => void {
  let failures = 0;
  return (error) => {
    failures += 1;
    if (failures === 1 || failures % 20 === 0) log?.warn({ err: error, failures }, message);
  };
}

/**
 * `outbox_events_pending` and `outbox_oldest_pending_age_seconds` of the service's outbox, read at
 * scrape time by one query on the unpublished rows. Both parts use the index on (sent_at, seq)
 * every outbox has: the count walks only the pending rows, and the oldest is the index's first
 * pending entry (ordered by sent_at too, or the planner may walk the seq index over every sent row).
 */
export function installOutboxMetrics(registry: Registry, db: SqlExecutor, schema: string, log?: Warn): void {
  const table = qualifiedTable(schema, 'outbox_event');
  const read = scrapeLookup(async () => {
    const [row] = await db.$queryRaw<{ pending: number; age: number }[]>(
      sql`SELECT count(*)::int AS pending,
                 COALESCE(EXTRACT(EPOCH FROM now() - (SELECT occurred_at FROM ${table} WHERE sent_at IS NULL ORDER BY sent_at, seq LIMIT 1)), 0)::float8 AS age
          FROM ${table} WHERE sent_at IS NULL`,
    );
    return { pending: Number(row?.pending ?? 0), age: Math.max(0, Number(row?.age ?? 0)) };
  }, sparseWarning(log, 'outbox metrics: cannot read the outbox, serving the last values'));
  const gauge = (name: string, help: string, value: (outbox: { pending: number; age: number }) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const outbox = await read();
        if (outbox) this.set(value(outbox));
      },
    });
  gauge(OperatorMetrics.outboxPending, 'Outbox rows not yet published to NATS', (outbox) => outbox.pending);
  gauge(OperatorMetrics.outboxOldestAge, 'Age in seconds of the oldest outbox row not yet published (0 when none)', (outbox) => outbox.age);
}

interface ConsumerState {
  stream: string;
  consumer: string;
  pending: number;
  ackPending: number;
  redelivered: number;
}

/**
 * The JetStream state of the service's durable consumers, on every owner's stream: those whose
 * name starts with `<service>-`, as every consumer is named (docs/events.md lists them). Ephemeral
 * readers (revocation feed, dead-letter listings) have no durable name and are left out.
 */
async function durableConsumersOf(bus: EventBus, service: string): Promise<ConsumerState[]> {
  const states: ConsumerState[] = [];
  await Promise.all(
    streamOwners.map(async (owner) => {
      const stream = bus.streamName(owner);
      try {
        for await (const info of bus.jsm.consumers.list(stream)) {
          const durable = info.config.durable_name;
          if (!durable?.startsWith(`${service}-`)) continue;
          states.push({ stream, consumer: durable, pending: info.num_pending, ackPending: info.num_ack_pending, redelivered: info.num_redelivered });
        }
      } catch (error) {
        // A stream nobody created yet (no event of that owner so far) has no consumer to report.
        if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) return;
        throw error;
      }
    }),
  );
  return states;
}

/**
 * `nats_consumer_pending_messages`, `nats_consumer_ack_pending_messages` and
 * `nats_consumer_redelivered_messages` per stream and durable consumer of the service, from
 * JetStream's consumer info at scrape time. While NATS does not answer, the last values stay.
 */
export function installConsumerMetrics(registry: Registry, bus: EventBus, service: string, log?: Warn): void {
  const read = scrapeLookup(() => durableConsumersOf(bus, service), sparseWarning(log, 'consumer metrics: JetStream does not answer, serving the last values'));
  const gauge = (name: string, help: string, value: (state: ConsumerState) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['stream', 'consumer'],
      registers: [registry],
      async collect() {
        const states = await read();
        if (!states) return;
        // Consumers deleted since the last scrape disappear instead of showing their last lag forever.
        this.reset();
        for (const state of states) this.set({ stream: state.stream, consumer: state.consumer }, value(state));
      },
    });
  gauge(OperatorMetrics.consumerPending, 'Messages of the stream the durable consumer has not yet been delivered (lag)', (state) => state.pending);
  gauge(OperatorMetrics.consumerAckPending, 'Messages delivered to the durable consumer and not yet acknowledged', (state) => state.ackPending);
  gauge(OperatorMetrics.consumerRedelivered, 'Messages JetStream is redelivering to the durable consumer', (state) => state.redelivered);
}
