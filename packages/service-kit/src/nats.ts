import { connect, headers, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import {
  jetstream,
  jetstreamManager,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
} from '@nats-io/jetstream';
import type { StreamOwner } from '@civic/contracts';
import { injectIntoHeaders, tracingEnabled } from './telemetry.js';

/** How long JetStream remembers a Nats-Msg-Id: a re-publish inside it is dropped as a duplicate. */
export const DUPLICATE_WINDOW_MS = 2 * 60_000;
const STREAM_MAX_AGE_MS = 30 * 24 * 3600_000;
/** First token of the dead-letter subjects (after the prefix): `deadletter.<consumer>`. */
const DEAD_LETTER_TOKEN = 'deadletter';

/**
 * NATS headers carrying the active trace context (traceparent, tracestate), or undefined when tracing
 * is off or no span is active: a message then goes out exactly as without tracing.
 */
export function traceHeaders(): MsgHdrs | undefined {
  if (!tracingEnabled()) return undefined;
  const carried = headers();
  return injectIntoHeaders(carried) ? carried : undefined;
}

/** JetStream durations are in nanoseconds. */
export const nanos = (ms: number): number => ms * 1_000_000;

/**
 * The event bus of one service: a JetStream connection plus the naming rules. Every subject and
 * stream carries `prefix`, so several test runs (or environments) can share one NATS server.
 */
export interface EventBus {
  readonly nc: NatsConnection;
  readonly js: JetStreamClient;
  readonly jsm: JetStreamManager;
  /** Wire subject of a logical subject such as `identity.user.registered`. */
  subject(logical: string): string;
  /** Logical subject of a wire subject. */
  logical(wire: string): string;
  /** Stream that holds the subjects of one owning service. */
  streamName(owner: StreamOwner): string;
  /** Creates the owner's stream when missing (idempotent; producers and consumers both call it). */
  ensureStream(owner: StreamOwner): Promise<string>;
  /** Name of the stream of parked events, `<PREFIX>DEADLETTER`. */
  readonly deadLetterStream: string;
  /** Wire subject under which a consumer's parked events are kept. */
  deadLetterSubject(consumer: string): string;
  /** Creates the dead-letter stream (`<PREFIX>DEADLETTER`) when missing and returns its name. */
  ensureDeadLetterStream(): Promise<string>;
  /** Resolves when the server answers a round trip. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface BusOptions {
  url: string;
  prefix?: string;
  /** Connection name, shown by the NATS server's monitoring. */
  name: string;
}

/** How long a JetStream management request (a stream's or a consumer's info or creation) may take; publishing keeps the default. */
const JETSTREAM_API_TIMEOUT_MS = 20_000;

export async function connectBus(options: BusOptions): Promise<EventBus> {
  const prefix = options.prefix ?? '';
  const nc = await connect({
    servers: options.url.split(','),
    name: options.name,
    // Never give up: the outbox keeps events while NATS is away and the relay resumes after.
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    pingInterval: 10_000,
  });
  // JetStream's API answers within 5 s by default; creating file streams and durable consumers on a
  // busy machine (a whole test suite, a node starting many pods) has taken longer, and a service
  // that cannot create its consumer exits at start-up.
  const jsm = await jetstreamManager(nc, { timeout: JETSTREAM_API_TIMEOUT_MS });
  const js = jetstream(nc);
  /** Each stream is looked up once per connection: consumers starting side by side share the lookup. */
  const ensured = new Map<string, Promise<string>>();
  const streamPrefix = prefix.replace(/\./g, '_').toUpperCase();

  function ensure(name: string, config: { subjects: string[]; max_age?: number }): Promise<string> {
    let ensuring = ensured.get(name);
    if (!ensuring) {
      ensuring = lookUpOrCreate(name, config);
      // A failed look is not kept: the next caller tries again.
      ensuring.catch(() => ensured.delete(name));
      ensured.set(name, ensuring);
    }
    return ensuring;
  }

  async function lookUpOrCreate(name: string, config: { subjects: string[]; max_age?: number }): Promise<string> {
    try {
      await jsm.streams.info(name);
    } catch (error) {
      if (!(error instanceof JetStreamApiError) || error.status !== 404) throw error;
      try {
        await jsm.streams.add({
          name,
          storage: StorageType.File,
          retention: RetentionPolicy.Limits,
          duplicate_window: nanos(DUPLICATE_WINDOW_MS),
          ...config,
        });
      } catch (addError) {
        // Another process created it between our look and our add.
        await jsm.streams.info(name).catch(() => {
          throw addError;
        });
      }
    }
    return name;
  }

  const bus: EventBus = {
    nc,
    js,
    jsm,
    subject: (logical) => `${prefix}${logical}`,
    logical: (wire) => (wire.startsWith(prefix) ? wire.slice(prefix.length) : wire),
    streamName: (owner) => `${streamPrefix}${owner.toUpperCase()}`,
    ensureStream: (owner) =>
      ensure(bus.streamName(owner), {
        subjects: [`${prefix}${owner}.>`],
        max_age: nanos(STREAM_MAX_AGE_MS),
      }),
    deadLetterStream: `${streamPrefix}DEADLETTER`,
    deadLetterSubject: (consumer) => `${prefix}${DEAD_LETTER_TOKEN}.${consumer}`,
    // Parked events stay until replayed or removed by an operator: no age limit.
    ensureDeadLetterStream: () => ensure(bus.deadLetterStream, { subjects: [`${prefix}${DEAD_LETTER_TOKEN}.>`] }),
    async ping() {
      if (nc.isClosed()) throw new Error('NATS connection closed');
      await nc.rtt();
    },
    async close() {
      if (!nc.isClosed()) await nc.drain().catch(() => nc.close());
    },
  };
  return bus;
}
