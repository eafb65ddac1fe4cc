import type { FastifyBaseLogger } from 'fastify';
import type { Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { AckPolicy, DeliverPolicy, JetStreamApiError, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { EventEnvelope, ownerOf, type EventDefinition } from '@civic/contracts';
import { quoteIdent, type SqlClient, type SqlExecutor } from './prisma.js';
import { nanos, type EventBus } from './nats.js';

export interface ConsumerOptions<D extends EventDefinition> {
  bus: EventBus;
  db: SqlClient;
  /** The consuming service's schema, which holds its inbox table. */
  schema: string;
  /** Durable consumer name, unique per consuming service and purpose, e.g. `decisions-user-registered`. */
  name: string;
  event: D;
  /** Applies the event's effect inside the transaction that also records it in the inbox. */
  handle(tx: SqlExecutor, payload: Static<D['payload']>, envelope: EventEnvelope): Promise<void>;
  log: FastifyBaseLogger;
  ackWaitMs?: number;
  /** Delay before a failed message is offered again, by attempt number (1 = first failure). */
  retryDelayMs?(attempt: number): number;
  /** Runs after the effect committed and before the ack. Tests use it to die at the worst moment. */
  beforeAck?(envelope: EventEnvelope): Promise<void>;
}

export interface RunningConsumer {
  stop(): Promise<void>;
}

const envelopeValidator = Compile(EventEnvelope);
const defaultRetryDelay = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 60_000);

/**
 * A durable pull consumer that applies each event exactly once: the inbox row and the effect
 * commit together, the ack follows the commit, and a redelivered event finds its inbox row and is
 * only acknowledged. Payloads that fail their schema are terminated and logged, never retried.
 */
export async function startConsumer<D extends EventDefinition>(options: ConsumerOptions<D>): Promise<RunningConsumer> {
  const { bus, db, event, log, name } = options;
  const payloadValidator = Compile(event.payload);
  const inbox = `${quoteIdent(options.schema)}."inbox_event"`;
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

  async function process(message: JsMsg): Promise<void> {
    let envelope: unknown;
    try {
      envelope = JSON.parse(message.string());
    } catch {
      // No reason text: NATS servers before 2.10 ignore a +TERM that carries one.
      log.error({ consumer: name, seq: message.seq }, 'event is not JSON, terminated');
      message.term();
      return;
    }
    if (!envelopeValidator.Check(envelope) || envelope.subject !== event.subject || envelope.version !== event.version || !payloadValidator.Check(envelope.payload)) {
      const errors = envelopeValidator.Check(envelope)
        ? [...payloadValidator.Errors(envelope.payload)].map((e) => `${e.instancePath} ${e.message}`)
        : [...envelopeValidator.Errors(envelope)].map((e) => `${e.instancePath} ${e.message}`);
      log.error({ consumer: name, seq: message.seq, errors, expected: { subject: event.subject, version: event.version } }, 'event fails its schema, terminated');
      message.term();
      return;
    }
    const valid = envelope as EventEnvelope;
    try {
      await db.$transaction(async (tx) => {
        const inserted = await tx.$executeRawUnsafe(
          `INSERT INTO ${inbox} (consumer, event_id, subject) VALUES ($1, $2::uuid, $3) ON CONFLICT DO NOTHING`,
          name,
          valid.id,
          valid.subject,
        );
        if (inserted === 0) return; // applied before: a redelivery after a lost ack
        await options.handle(tx, valid.payload as Static<D['payload']>, valid);
      });
      if (options.beforeAck) await options.beforeAck(valid);
      message.ack();
    } catch (error) {
      const attempt = message.info.deliveryCount;
      log.warn({ err: error, consumer: name, eventId: valid.id, attempt }, 'event handling failed, will retry');
      message.nak(retryDelay(attempt));
    }
  }

  let messages: ConsumerMessages | null = await consumer.consume({ max_messages: 64 });
  const loop = (async () => {
    for await (const message of messages) await process(message);
  })();

  return {
    async stop() {
      if (!messages) return;
      const current = messages;
      messages = null;
      await current.close();
      await loop.catch(() => undefined);
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
    for (const start of starters) running.push(await start());
  });
  app.addHook('onClose', async () => {
    await Promise.all(running.splice(0).map((consumer) => consumer.stop()));
  });
}
