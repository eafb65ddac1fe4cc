import { AckPolicy, DeliverPolicy, JetStreamApiCodes, JetStreamApiError, type JsMsg } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { Counter, type Registry } from 'prom-client';
import { nanos, type EventBus } from './nats.js';

/**
 * Events a consumer cannot read are parked in the dead-letter stream instead of being dropped
 * (docs/events.md): the message as received, under `deadletter.<consumer>`, with headers saying why.
 */
export type DeadLetterReason =
  /** The message is not JSON. */
  | 'not-json'
  /** JSON, but not an event envelope of the consumer's subject. */
  | 'bad-envelope'
  /** A version this consumer does not know, and not readable with the newest one it knows. */
  | 'unknown-version'
  /** A known version whose payload fails its schema. */
  | 'invalid-payload';

export const DeadLetterHeaders = {
  consumer: 'Dead-Letter-Consumer',
  subject: 'Dead-Letter-Subject',
  version: 'Dead-Letter-Version',
  stream: 'Dead-Letter-Stream',
  sequence: 'Dead-Letter-Sequence',
  reason: 'Dead-Letter-Reason',
  detail: 'Dead-Letter-Detail',
} as const;

export interface Parking {
  consumer: string;
  /** The event's logical subject, e.g. `identity.user.registered`. */
  subject: string;
  /** The envelope's version, null when there was no readable envelope. */
  version: number | null;
  /** Where the consumer read it: stream name and sequence. */
  stream: string;
  streamSequence: number;
  reason: DeadLetterReason;
  detail: string;
  data: Uint8Array;
}

export interface ParkedEvent extends Parking {
  /** Sequence in the dead-letter stream. */
  seq: number;
  parkedAt: Date;
}

export const DEAD_LETTERED_METRIC = 'events_dead_lettered_total';

/** The app's counter of parked events (one per registry, whatever the number of consumers). */
export function deadLetterCounter(registry: Registry): Counter<'consumer' | 'subject' | 'reason'> {
  const existing = registry.getSingleMetric(DEAD_LETTERED_METRIC);
  if (existing) return existing as Counter<'consumer' | 'subject' | 'reason'>;
  return new Counter({
    name: DEAD_LETTERED_METRIC,
    help: 'Events a consumer could not read, parked in the dead-letter stream',
    labelNames: ['consumer', 'subject', 'reason'],
    registers: [registry],
  });
}

/** Header values are one line. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').slice(0, 1000);

/**
 * Parks a message. Returns false when it was parked already (a redelivery after a lost ack: the
 * dead-letter message id is the consumer and the original stream position, so JetStream drops it).
 */
export async function parkEvent(bus: EventBus, parking: Parking): Promise<boolean> {
  await bus.ensureDeadLetterStream();
  const header = natsHeaders();
  header.set(DeadLetterHeaders.consumer, parking.consumer);
  header.set(DeadLetterHeaders.subject, parking.subject);
  header.set(DeadLetterHeaders.version, parking.version === null ? '' : String(parking.version));
  header.set(DeadLetterHeaders.stream, parking.stream);
  header.set(DeadLetterHeaders.sequence, String(parking.streamSequence));
  header.set(DeadLetterHeaders.reason, parking.reason);
  header.set(DeadLetterHeaders.detail, oneLine(parking.detail));
  const ack = await bus.js.publish(bus.deadLetterSubject(parking.consumer), parking.data, {
    headers: header,
    msgID: `${parking.consumer}:${parking.stream}:${parking.streamSequence}`,
    timeout: 5000,
  });
  return !ack.duplicate;
}

function parkedOf(message: JsMsg): ParkedEvent {
  const get = (name: string) => message.headers?.get(name) ?? '';
  const version = get(DeadLetterHeaders.version);
  return {
    seq: message.seq,
    parkedAt: new Date(Math.floor(message.info.timestampNanos / 1_000_000)),
    consumer: get(DeadLetterHeaders.consumer),
    subject: get(DeadLetterHeaders.subject),
    version: version === '' ? null : Number(version),
    stream: get(DeadLetterHeaders.stream),
    streamSequence: Number(get(DeadLetterHeaders.sequence)),
    reason: get(DeadLetterHeaders.reason) as DeadLetterReason,
    detail: get(DeadLetterHeaders.detail),
    data: message.data,
  };
}

/** The parked events of one consumer (or of all), oldest first. */
export async function* parkedEvents(bus: EventBus, consumer?: string): AsyncGenerator<ParkedEvent> {
  const stream = bus.deadLetterStream;
  const subject = bus.deadLetterSubject(consumer ?? '>');
  let info;
  try {
    info = await bus.jsm.streams.info(stream, { subjects_filter: subject });
  } catch (error) {
    if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) return; // nothing was ever parked
    throw error;
  }
  if (info.state.messages === 0 || Object.keys(info.state.subjects ?? {}).length === 0) return; // the usual case: nothing parked here
  // A short-lived reader of this subject only. (Not "get next message by subject": NATS 2.9 crashes on it.)
  const reader = await bus.jsm.consumers.add(stream, {
    ack_policy: AckPolicy.None,
    deliver_policy: DeliverPolicy.All,
    filter_subject: subject,
    mem_storage: true,
    inactive_threshold: nanos(60_000),
  });
  try {
    const messages = await bus.js.consumers.get(stream, reader.name);
    let pending = reader.num_pending;
    while (pending > 0) {
      let received = 0;
      for await (const message of await messages.fetch({ max_messages: Math.min(pending, 256), expires: 5000 })) {
        received += 1;
        pending = message.info.pending;
        yield parkedOf(message);
      }
      if (received === 0) break;
    }
  } finally {
    await bus.jsm.consumers.delete(stream, reader.name).catch(() => undefined);
  }
}

/** Removes a parked event (applied, or given up by an operator). Removing it twice is harmless. */
export async function removeParked(bus: EventBus, seq: number): Promise<void> {
  try {
    await bus.jsm.streams.deleteMessage(bus.deadLetterStream, seq, false);
  } catch (error) {
    if (!(error instanceof JetStreamApiError)) throw error; // already removed, by another replica
  }
}

/** Subject on which the running instances of a consumer take replay requests (one answers). */
export function replaySubject(bus: EventBus, consumer: string): string {
  return bus.subject(`deadletter-replay.${consumer}`);
}

export interface ReplayOutcome {
  consumer: string;
  /** Parked events now applied (or found applied already) and removed from the dead-letter stream. */
  applied: number;
  /** Parked events still unreadable (or whose effect failed): they stay parked. */
  remaining: number;
}

/** Asks a running instance of the consumer to replay its parked events now. */
export async function requestReplay(bus: EventBus, consumer: string, timeoutMs = 60_000): Promise<ReplayOutcome> {
  const answer = await bus.nc.request(replaySubject(bus, consumer), '', { timeout: timeoutMs });
  return answer.json<ReplayOutcome>();
}

const USAGE = `usage: dead-letters list [<consumer>]     the parked events, oldest first
       dead-letters replay <consumer>...  a running instance of each consumer applies what it reads now
       dead-letters replay --all          the same for every consumer that has parked events
NATS_URL and NATS_PREFIX as the services have them.`;

/** Parked event as one line: where it was parked, why, and what it is. */
function describeParked(event: ParkedEvent): string {
  let id = '';
  try {
    id = String((JSON.parse(new TextDecoder().decode(event.data)) as { id?: unknown }).id ?? '');
  } catch {
    // not JSON: no event id to show
  }
  const version = event.version === null ? '-' : `v${event.version}`;
  return [event.seq, event.parkedAt.toISOString(), event.consumer, event.subject, version, event.reason, `${event.stream}#${event.streamSequence}`, id || '-', event.detail].join('\t');
}

/** The operator command over the dead-letter stream (docs/events.md). Returns the exit code. */
export async function deadLettersCommand(args: string[], bus: EventBus, print: (line: string) => void): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'list' && rest.length <= 1) {
    print(['seq', 'parked at', 'consumer', 'subject', 'version', 'reason', 'read at', 'event id', 'detail'].join('\t'));
    for await (const event of parkedEvents(bus, rest[0])) print(describeParked(event));
    return 0;
  }
  if (command === 'replay' && rest.length > 0) {
    let consumers = rest;
    if (rest.length === 1 && rest[0] === '--all') {
      const names = new Set<string>();
      for await (const event of parkedEvents(bus)) names.add(event.consumer);
      consumers = [...names];
    }
    let failed = false;
    for (const consumer of consumers) {
      try {
        const outcome = await requestReplay(bus, consumer);
        print(`${consumer}: ${outcome.applied} applied, ${outcome.remaining} still parked`);
      } catch (error) {
        failed = true;
        const reason = (error as { code?: string }).code === '503' || /no responders/i.test(String(error)) ? 'no running instance (its parked events are replayed when it starts)' : String(error);
        print(`${consumer}: ${reason}`);
      }
    }
    return failed ? 1 : 0;
  }
  print(USAGE);
  return 2;
}
