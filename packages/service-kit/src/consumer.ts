import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import Value from 'typebox/value';
import { AckPolicy, DeliverPolicy, JetStreamApiError, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import type { Subscription } from '@nats-io/transport-node';
import { EventEnvelope, ownerOf, upgradePayload, type EventDefinition, type NewestPayload } from '@civic/contracts';
import { deadLetterCounter, parkedEvents, parkEvent, removeParked, replaySubject, type DeadLetterReason, type ReplayOutcome } from './dead-letters.js';
import { qualifiedTable, sql, type SqlClient, type SqlExecutor } from './prisma.js';
import type { TransactionRunner } from './unit-of-work.js';
import { nanos, type EventBus } from './nats.js';
import { contextFromHeaders, SpanKind, traced, tracingEnabled } from './telemetry.js';
import { countRedelivery } from './operator-metrics.js';

/** What every consumer of a service shares; createEventedApp builds it (`consumers`). */
export interface ConsumerHost {
  bus: EventBus;
  db: SqlClient;
  /** The consuming service's schema, which holds its inbox table. */
  schema: string;
  log: FastifyBaseLogger;
  /** The app's registry (`app.metrics`): parked events are counted there in events_dead_lettered_total. */
  metrics?: Registry;
  /** READ_EVENT_VERSIONS_UP_TO: newer versions are read as unknown (unset: every version of the build). */
  readVersionsUpTo?: number;
}

export interface ConsumerOptions<D extends EventDefinition, Tx extends SqlExecutor = SqlExecutor> extends Omit<ConsumerHost, 'db'> {
  /**
   * Opens each event's transaction. The host's client hands `handle` the plain SQL executor; a
   * service's own Prisma client hands its transaction client, for a service written with Prisma's API.
   */
  db: TransactionRunner<Tx>;
  /** Durable consumer name, unique per consuming service and purpose, e.g. `decisions-user-registered`. */
  name: string;
  event: D;
  /**
   * Applies the event's effect inside the transaction that also records it in the inbox. Every
   * version is handed over as the event's newest version (older ones upgraded by the contract).
   */
  handle(tx: Tx, payload: NewestPayload<D>, envelope: EventEnvelope): Promise<void>;
  ackWaitMs?: number;
  /** Limits of each event's transaction, for a handler that waits on something slow (Prisma's default: 5 s). */
  transaction?: { maxWait?: number; timeout?: number };
  /** How often parked events are retried while the consumer runs (they are also retried at start). */
  replayEveryMs?: number;
  /** Delay before a failed message is offered again, by attempt number (1 = first failure). */
  retryDelayMs?(attempt: number): number;
  /** Runs after the effect committed and before the ack. Tests use it to die at the worst moment. */
  beforeAck?(envelope: EventEnvelope): Promise<void>;
}

export interface RunningConsumer {
  /** Applies the consumer's parked events it can read now and removes them from the dead-letter stream. */
  replayParked(): Promise<ReplayOutcome>;
  stop(): Promise<void>;
}

/** A message read as an event of the consumer, or why it cannot be. */
export type EventReading =
  | { readable: true; envelope: EventEnvelope; payload: unknown }
  | { readable: false; reason: DeadLetterReason; detail: string; version: number | null };

const envelopeValidator = Compile(EventEnvelope);
const DEFAULT_REPLAY_EVERY_MS = 15_000;
const defaultRetryDelay = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 60_000);
const describe = (errors: Iterable<{ instancePath: string; message: string }>) =>
  [...errors]
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message}`)
    .join('; ');

/**
 * How a consumer reads the event: every version it knows (up to `upTo`) by its own schema; a newer
 * version tolerantly, by the newest schema it knows with unknown fields dropped. Either way the
 * payload is upgraded to the event's newest version for the handler.
 */
export function eventReader(event: EventDefinition, upTo = Number.POSITIVE_INFINITY): (text: string) => EventReading {
  const known = event.versions.filter((version) => version.version <= upTo);
  const validators = new Map(known.map((version) => [version.version, Compile(version.payload)]));
  const newestKnown = known.at(-1);

  function readAs(version: { version: number; payload: TSchema }, payload: unknown): unknown {
    return upgradePayload(event, version.version, Value.Clean(version.payload, Value.Clone(payload)));
  }

  return (text) => {
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch {
      return { readable: false, reason: 'not-json', detail: 'the message is not JSON', version: null };
    }
    if (!envelopeValidator.Check(envelope)) {
      return { readable: false, reason: 'bad-envelope', detail: describe(envelopeValidator.Errors(envelope)), version: null };
    }
    if (envelope.subject !== event.subject) {
      return { readable: false, reason: 'bad-envelope', detail: `subject ${envelope.subject}, expected ${event.subject}`, version: envelope.version };
    }
    const exact = known.find((version) => version.version === envelope.version);
    if (exact) {
      const validator = validators.get(exact.version)!;
      if (!validator.Check(envelope.payload)) {
        return { readable: false, reason: 'invalid-payload', detail: describe(validator.Errors(envelope.payload)), version: envelope.version };
      }
      return { readable: true, envelope, payload: readAs(exact, envelope.payload) };
    }
    if (newestKnown && envelope.version > newestKnown.version && validators.get(newestKnown.version)!.Check(envelope.payload)) {
      return { readable: true, envelope, payload: readAs(newestKnown, envelope.payload) };
    }
    const versions = known.map((version) => version.version).join(', ');
    return { readable: false, reason: 'unknown-version', detail: `version ${envelope.version}; this consumer reads ${versions}`, version: envelope.version };
  };
}

/**
 * A durable pull consumer that applies each event exactly once: the inbox row and the effect
 * commit together, the ack follows the commit, and a redelivered event finds its inbox row and is
 * only acknowledged. An event it cannot read is parked in the dead-letter stream, counted and
 * acknowledged, never dropped; parked events are replayed when the consumer starts and on request
 * (the dead-letters command), so an upgraded consumer applies what its older build parked.
 */
export async function startConsumer<D extends EventDefinition, Tx extends SqlExecutor = SqlExecutor>(options: ConsumerOptions<D, Tx>): Promise<RunningConsumer> {
  const { bus, db, event, log, name } = options;
  const read = eventReader(event, options.readVersionsUpTo);
  const parked = options.metrics ? deadLetterCounter(options.metrics) : null;
  const inbox = qualifiedTable(options.schema, 'inbox_event');
  const stream = await bus.ensureStream(ownerOf(event.subject));
  const config = {
    durable_name: name,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: bus.subject(event.subject),
    ack_wait: nanos(options.ackWaitMs ?? 30_000),
    max_deliver: -1,
  };
  try {
    await bus.jsm.consumers.add(stream, config);
  } catch (error) {
    if (!(error instanceof JetStreamApiError)) throw error;
    await bus.jsm.consumers.update(stream, name, { ack_wait: config.ack_wait, filter_subject: config.filter_subject });
  }
  const consumer = await bus.js.consumers.get(stream, name);
  const retryDelay = options.retryDelayMs ?? defaultRetryDelay;

  /** Applies the event once (inbox), then runs beforeAck. */
  async function apply(envelope: EventEnvelope, payload: unknown): Promise<void> {
    await db.$transaction(async (tx) => {
      const inserted = await tx.$executeRaw(
        sql`INSERT INTO ${inbox} (consumer, event_id, subject) VALUES (${name}, ${envelope.id}::uuid, ${envelope.subject}) ON CONFLICT DO NOTHING`,
      );
      if (inserted === 0) return; // applied before: a redelivery after a lost ack
      await options.handle(tx, payload as NewestPayload<D>, envelope);
    }, options.transaction);
    if (options.beforeAck) await options.beforeAck(envelope);
  }

  /**
   * With tracing on, each delivery is a CONSUMER span continuing the producer's trace (its publish
   * span is the parent and a link), so what the handler and beforeAck do lands in that trace.
   */
  function process(message: JsMsg): Promise<void> {
    if (options.metrics && message.info.deliveryCount > 1) countRedelivery(options.metrics, name, event.subject);
    if (!tracingEnabled()) return handle(message);
    return traced(
      `process ${event.subject}`,
      {
        kind: SpanKind.CONSUMER,
        from: contextFromHeaders(message.headers),
        attributes: {
          'messaging.system': 'nats',
          'messaging.destination.name': message.subject,
          'messaging.consumer.group.name': name,
          'messaging.nats.delivery_count': message.info.deliveryCount,
        },
      },
      () => handle(message),
    );
  }

  async function handle(message: JsMsg): Promise<void> {
    const reading = read(message.string());
    if (!reading.readable) {
      try {
        const first = await parkEvent(bus, {
          consumer: name,
          subject: event.subject,
          version: reading.version,
          stream,
          streamSequence: message.seq,
          reason: reading.reason,
          detail: reading.detail,
          data: message.data,
        });
        if (first) {
          parked?.inc({ consumer: name, subject: event.subject, reason: reading.reason });
          log.error({ consumer: name, seq: message.seq, reason: reading.reason, detail: reading.detail }, 'event cannot be read, parked in the dead-letter stream');
        }
        message.ack();
      } catch (error) {
        log.warn({ err: error, consumer: name, seq: message.seq }, 'event could not be parked, will retry');
        message.nak(retryDelay(message.info.deliveryCount));
      }
      return;
    }
    try {
      await apply(reading.envelope, reading.payload);
      message.ack();
    } catch (error) {
      const attempt = message.info.deliveryCount;
      log.warn({ err: error, consumer: name, eventId: reading.envelope.id, attempt }, 'event handling failed, will retry');
      message.nak(retryDelay(attempt));
    }
  }

  let replaying: Promise<ReplayOutcome> = Promise.resolve({ consumer: name, applied: 0, remaining: 0 });
  /** One replay at a time per consumer instance; replicas replaying at once are kept apart by the inbox. */
  function replayParked(): Promise<ReplayOutcome> {
    replaying = replaying.catch(() => undefined).then(async () => {
      const outcome: ReplayOutcome = { consumer: name, applied: 0, remaining: 0 };
      for await (const parkedEvent of parkedEvents(bus, name)) {
        const reading = read(new TextDecoder().decode(parkedEvent.data));
        if (!reading.readable) {
          outcome.remaining += 1;
          continue;
        }
        try {
          await apply(reading.envelope, reading.payload);
        } catch (error) {
          log.warn({ err: error, consumer: name, eventId: reading.envelope.id }, 'parked event could not be applied, it stays parked');
          outcome.remaining += 1;
          continue;
        }
        await removeParked(bus, parkedEvent.seq);
        outcome.applied += 1;
      }
      if (outcome.applied > 0 || outcome.remaining > 0) log.info(outcome, 'parked events replayed');
      return outcome;
    });
    return replaying;
  }

  // Parked events are replayed at start, and retried now and then while the consumer runs: a replica
  // that predates a version may still park events after this one started (a rolling update replaces
  // replicas one by one). Nothing parked costs one stream lookup. A replay that fails (NATS slow to
  // answer on a loaded node: "heartbeats missed") does not stop the start: the next retry replays.
  const replayOrWarn = () =>
    replayParked().catch((error: unknown) => log.warn({ err: error, consumer: name }, 'replay of parked events failed, will retry'));
  await replayOrWarn();
  const retries = setInterval(replayOrWarn, options.replayEveryMs ?? DEFAULT_REPLAY_EVERY_MS);
  retries.unref();
  // Operators ask for a replay with the dead-letters command; one running instance answers.
  const replayRequests: Subscription = bus.nc.subscribe(replaySubject(bus, name), {
    queue: name,
    callback: (error, request) => {
      if (error) return;
      replayParked().then(
        (outcome) => request.respond(JSON.stringify(outcome)),
        (replayError: unknown) => {
          log.warn({ err: replayError, consumer: name }, 'replay of parked events failed');
          request.respond(JSON.stringify({ consumer: name, error: String(replayError) }));
        },
      );
    },
  });

  let messages: ConsumerMessages | null = await consumer.consume({ max_messages: 64 });
  const loop = (async () => {
    for await (const message of messages) await process(message);
  })();

  return {
    replayParked,
    async stop() {
      if (!messages) return;
      const current = messages;
      messages = null;
      replayRequests.unsubscribe();
      clearInterval(retries);
      await current.close();
      await loop.catch(() => undefined);
      await replaying.catch(() => undefined);
    },
  };
}

/** Starts the consumers when the app is ready and stops them when it closes. */
export function runConsumersWithApp(
  app: { addHook(name: 'onReady' | 'onClose', hook: () => Promise<void>): unknown },
  starters: (() => Promise<RunningConsumer>)[],
): void {
  const running: RunningConsumer[] = [];
  app.addHook('onReady', async () => {
    // Side by side: each start is a few JetStream requests, and one after the other a service's twenty
    // consumers kept a replica unready for over a minute on a busy node. Each one started is stopped
    // on close, even when another failed.
    const starts = await Promise.allSettled(starters.map(async (start) => running.push(await start())));
    const failed = starts.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  });
  app.addHook('onClose', async () => {
    await Promise.all(running.splice(0).map((consumer) => consumer.stop()));
  });
}
