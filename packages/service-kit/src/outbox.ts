import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { downgradePayload, type EventDefinition, type EventEnvelope, type NewestPayload } from '@civic/contracts';
import { qualifiedTable, sql, type Sql, type SqlClient, type SqlExecutor } from './prisma.js';
import { traceHeaders, type EventBus } from './nats.js';
import { contextFromCarrier, currentTraceCarrier, SpanKind, traced, tracingEnabled, type TraceCarrier } from './telemetry.js';

/** Builds an event envelope in the event's oldest supported version, after checking the payload against its schema. */
export function newEvent<D extends EventDefinition>(definition: D, payload: Static<D['payload']>, now = new Date()): EventEnvelope {
  return envelopeOf(definition, definition.version, payload, now);
}

/** Which version this service writes of each event that has several, by subject (PUBLISH_EVENT_VERSIONS). */
export type PublishedVersions = ReadonlyMap<string, number>;

/** Reads PUBLISH_EVENT_VERSIONS, e.g. `identity.user.registered=2,decisions.law.archived=3`. */
export function parsePublishedVersions(text: string): PublishedVersions {
  const versions = new Map<string, number>();
  for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const [subject, version] = entry.split('=');
    if (!subject || !version || !/^[1-9][0-9]*$/.test(version)) throw new Error(`PUBLISH_EVENT_VERSIONS: "${entry}" is not <subject>=<version>`);
    versions.set(subject, Number(version));
  }
  return versions;
}

/** The version a producer writes of the event: the configured one, else the oldest still supported. */
export function publishedVersion(definition: EventDefinition, published: PublishedVersions): number {
  const version = published.get(definition.subject) ?? definition.version;
  if (!definition.versions.some((known) => known.version === version)) {
    const known = definition.versions.map((v) => v.version).join(', ');
    throw new Error(`PUBLISH_EVENT_VERSIONS asks for ${definition.subject} version ${version}; this build knows versions ${known}`);
  }
  return version;
}

/**
 * Builds the event in the version this service publishes (PUBLISH_EVENT_VERSIONS) from a payload of
 * its newest version, converted down when an older version is still the one written.
 */
export function newPublishedEvent<D extends EventDefinition>(definition: D, payload: NewestPayload<D>, published: PublishedVersions, now = new Date()): EventEnvelope {
  const version = publishedVersion(definition, published);
  return envelopeOf(definition, version, downgradePayload(definition, payload, version), now);
}

const validators = new WeakMap<TSchema, ReturnType<typeof Compile>>();
function validatorOf(schema: TSchema): ReturnType<typeof Compile> {
  let validator = validators.get(schema);
  if (!validator) validators.set(schema, (validator = Compile(schema)));
  return validator;
}

function envelopeOf(definition: EventDefinition, version: number, payload: unknown, now: Date): EventEnvelope {
  const schema = definition.versions.find((known) => known.version === version)?.payload;
  if (!schema) throw new Error(`${definition.subject} has no version ${version}`);
  const validator = validatorOf(schema);
  if (!validator.Check(payload)) {
    const details = [...validator.Errors(payload)].map((e) => `${e.instancePath} ${e.message}`).join('; ');
    throw new Error(`Invalid payload for ${definition.subject} v${version}: ${details}`);
  }
  return { id: randomUUID(), subject: definition.subject, version, occurredAt: now.toISOString(), payload };
}

/**
 * Writes the event into the service's outbox inside the caller's transaction, so the event exists
 * exactly when the business change it describes is committed. With tracing on, the row keeps the
 * request's trace context, which the relay sends on as NATS headers.
 */
export async function enqueueEvent(tx: SqlExecutor, schema: string, event: EventEnvelope): Promise<void> {
  const carrier = currentTraceCarrier();
  const traceContext = carrier ? JSON.stringify(carrier) : null;
  // The notice reaches every relay listening on this schema at commit, whatever replica wrote the row
  // (PostgreSQL folds the notices of one transaction into one); one statement, one round trip.
  await tx.$executeRaw(
    sql`WITH queued AS (
          INSERT INTO ${qualifiedTable(schema, 'outbox_event')} (id, subject, version, payload, occurred_at, trace_context)
          VALUES (${event.id}::uuid, ${event.subject}, ${event.version}, ${JSON.stringify(event.payload)}::jsonb, ${event.occurredAt}::timestamptz, ${traceContext}::jsonb)
          RETURNING 1)
        SELECT pg_notify(${outboxChannel(schema)}, '') FROM queued`,
  );
}

/** The channel a schema's outbox announces its commits on (LISTEN/NOTIFY, per database). */
export function outboxChannel(schema: string): string {
  return `outbox_${schema}`;
}

interface OutboxRow {
  id: string;
  subject: string;
  version: number;
  payload: unknown;
  occurred_at: Date;
  trace_context: TraceCarrier | null;
}

export interface OutboxRelayOptions {
  db: SqlClient;
  schema: string;
  bus: EventBus;
  log: FastifyBaseLogger;
  /**
   * The longest wait between two reads of the outbox. With `listenUrl` a commit wakes the relay at
   * once and the poll is only a safety net (a notice lost while the listening connection was down).
   */
  pollMs?: number;
  /**
   * A direct PostgreSQL connection (not through a transaction-mode pooler, which drops LISTEN) on
   * which the relay listens for the outbox's commits. Without it, the relay only polls.
   */
  listenUrl?: string;
  batchSize?: number;
  /** Longest pause between attempts while NATS or PostgreSQL is failing. */
  maxBackoffMs?: number;
}

/**
 * Publishes committed outbox rows to JetStream in commit order, with `Nats-Msg-Id` = event id so a
 * re-publish after a crash is dropped by the stream, and marks each row sent after its ack.
 * Rows are claimed with SKIP LOCKED, so several replicas can run a relay at once.
 */
export class OutboxRelay {
  private readonly table: Sql;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly maxBackoffMs: number;
  private running: Promise<void> | null = null;
  private stopping = false;
  private wakeUp: (() => void) | null = null;
  /** A wake that came while a batch was being published: the loop reads again before it sleeps. */
  private woken = false;
  private failures = 0;
  private listener: OutboxListener | null = null;

  constructor(private readonly options: OutboxRelayOptions) {
    this.table = qualifiedTable(options.schema, 'outbox_event');
    this.pollMs = options.pollMs ?? 250;
    this.batchSize = options.batchSize ?? 100;
    this.maxBackoffMs = options.maxBackoffMs ?? 5000;
  }

  start(): void {
    if (this.running) return;
    this.stopping = false;
    if (this.options.listenUrl) {
      this.listener = new OutboxListener(this.options.listenUrl, outboxChannel(this.options.schema), () => this.wake(), this.options.log);
      this.listener.start();
    }
    this.running = this.loop();
  }

  /** Publish now instead of at the next poll (a commit enqueued events). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.listener?.stop();
    this.listener = null;
    await this.running;
    this.running = null;
  }

  /** Publishes one batch; returns how many rows were sent. Throws when publishing failed. */
  async publishBatch(): Promise<number> {
    const { db } = this.options;
    let failure: unknown = null;
    const sent = await db.$transaction(
      async (tx) => {
        const rows = await tx.$queryRaw<OutboxRow[]>(
          sql`SELECT id::text AS id, subject, version, payload, occurred_at, trace_context FROM ${this.table}
              WHERE sent_at IS NULL ORDER BY seq LIMIT ${this.batchSize} FOR UPDATE SKIP LOCKED`,
        );
        const published: string[] = [];
        for (const row of rows) {
          const envelope: EventEnvelope = {
            id: row.id,
            subject: row.subject,
            version: row.version,
            occurredAt: new Date(row.occurred_at).toISOString(),
            payload: row.payload,
          };
          try {
            await this.publish(row, envelope);
          } catch (error) {
            // Keep what was acknowledged; the rest stays in the outbox for the next attempt.
            failure = error;
            break;
          }
          published.push(row.id);
        }
        if (published.length > 0) {
          await tx.$executeRaw(sql`UPDATE ${this.table} SET sent_at = now() WHERE id = ANY(${published}::uuid[])`);
        }
        return published.length;
      },
      { timeout: 60_000, maxWait: 10_000 },
    );
    if (failure) throw failure;
    return sent;
  }

  /**
   * Publishes one row; with tracing on, in a PRODUCER span whose context goes out as the message's
   * traceparent header. The span continues the trace of the request that wrote the row; a row
   * written outside any trace (a scheduler's tick) starts its trace here, so its consumers still
   * share one.
   */
  private publish(row: OutboxRow, envelope: EventEnvelope): Promise<unknown> {
    const { bus } = this.options;
    const subject = bus.subject(row.subject);
    const data = JSON.stringify(envelope);
    if (!tracingEnabled()) return bus.js.publish(subject, data, { msgID: row.id, timeout: 5000 });
    return traced(
      `publish ${row.subject}`,
      {
        kind: SpanKind.PRODUCER,
        from: contextFromCarrier(row.trace_context),
        attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject, 'messaging.message.id': row.id },
      },
      () => bus.js.publish(subject, data, { msgID: row.id, timeout: 5000, headers: traceHeaders() }),
    );
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      this.woken = false;
      let sent = 0;
      try {
        sent = await this.publishBatch();
        if (this.failures > 0) this.options.log.info({ afterFailures: this.failures }, 'outbox relay recovered');
        this.failures = 0;
      } catch (error) {
        this.failures += 1;
        if (this.failures === 1 || this.failures % 20 === 0) {
          this.options.log.warn({ err: error, failures: this.failures }, 'outbox relay could not publish, will retry');
        }
      }
      if (this.stopping) break;
      if (sent === this.batchSize || (this.woken && this.failures === 0)) continue;
      const pause = this.failures > 0 ? Math.min(this.pollMs * 2 ** this.failures, this.maxBackoffMs) : this.pollMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pause);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }
}

/**
 * Listens for an outbox's commit notices on a connection of its own, and connects again after a
 * failure (the relay's poll covers what was missed meanwhile).
 */
class OutboxListener {
  private client: pg.Client | null = null;
  private stopping = false;
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onNotice: () => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    void this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopping) return;
    const client = new pg.Client({ connectionString: this.url, application_name: `${this.channel} listener` });
    this.client = client;
    const again = (error?: Error) => {
      if (this.client !== client || this.stopping) return;
      this.client = null;
      client.end().catch(() => undefined);
      this.log.warn({ err: error }, 'outbox listener lost its connection, polling until it is back');
      this.retry = setTimeout(() => void this.connect(), LISTEN_RETRY_MS);
      this.retry.unref();
    };
    client.on('error', again);
    client.on('end', () => again());
    client.on('notification', () => this.onNotice());
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel}"`);
      // Rows committed while the connection was down are read at once.
      this.onNotice();
    } catch (error) {
      again(error as Error);
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

const LISTEN_RETRY_MS = 2000;
