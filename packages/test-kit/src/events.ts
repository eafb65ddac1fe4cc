import { randomUUID } from 'node:crypto';
import { downgradePayload, type EventDefinition, type EventEnvelope, type NewestPayload } from '@civic/contracts';
import { DEAD_LETTERED_METRIC, newEvent, parkedEvents, type EventBus, type ParkedEvent } from '@civic/service-kit';

/** The part of a prom-client Registry read here (`app.metrics`). */
export interface MetricsRegistry {
  getSingleMetric(name: string): { get(): Promise<{ values: { labels: Record<string, string | number | undefined>; value: number }[] }> } | undefined;
}

/** Publishes an event as its owner's outbox relay would: the envelope, with its id as Nats-Msg-Id. */
export async function publishEvent<D extends EventDefinition>(bus: EventBus, definition: D, payload: Parameters<typeof newEvent<D>>[1], occurredAt?: Date): Promise<EventEnvelope> {
  const event = newEvent(definition, payload, occurredAt);
  await bus.js.publish(bus.subject(event.subject), JSON.stringify(event), { msgID: event.id });
  return event;
}

/** Publishes an envelope as given (any version, any payload), with `msgID` as Nats-Msg-Id (default its id). */
export async function publishEnvelope(bus: EventBus, envelope: EventEnvelope, msgID = envelope.id): Promise<EventEnvelope> {
  await bus.js.publish(bus.subject(envelope.subject), JSON.stringify(envelope), { msgID });
  return envelope;
}

/**
 * The envelope of the event in one of its versions, the payload given in the newest version and
 * written down by the contract, as a producer configured with PUBLISH_EVENT_VERSIONS would.
 */
export function eventAs<D extends EventDefinition>(definition: D, version: number, payload: NewestPayload<D>, occurredAt = new Date()): EventEnvelope {
  return { id: randomUUID(), subject: definition.subject, version, occurredAt: occurredAt.toISOString(), payload: downgradePayload(definition, payload, version) };
}

/** The events parked for one consumer, oldest first. */
export async function parkedFor(bus: EventBus, consumer: string): Promise<ParkedEvent[]> {
  const parked: ParkedEvent[] = [];
  for await (const event of parkedEvents(bus, consumer)) parked.push(event);
  return parked;
}

/** events_dead_lettered_total of one consumer on an app's registry (every subject and reason, or one reason). */
export async function deadLettered(registry: MetricsRegistry, consumer: string, reason?: string): Promise<number> {
  const metric = registry.getSingleMetric(DEAD_LETTERED_METRIC);
  if (!metric) return 0;
  const { values } = await metric.get();
  return values.filter((value) => value.labels['consumer'] === consumer && (!reason || value.labels['reason'] === reason)).reduce((sum, value) => sum + value.value, 0);
}

/** The durable consumers on the owners' streams of the bus's prefix, with the logical subject each reads. */
export async function durableConsumers(bus: EventBus, owners: readonly string[]): Promise<{ name: string; subject: string }[]> {
  const found: { name: string; subject: string }[] = [];
  for await (const name of bus.jsm.streams.names()) {
    if (!owners.some((owner) => bus.streamName(owner as never) === name)) continue;
    for await (const info of bus.jsm.consumers.list(name)) {
      found.push({ name: info.name, subject: bus.logical(info.config.filter_subject ?? '') });
    }
  }
  return found;
}

/** A clock the test sets and moves by hand, for services that take a `clock` function. */
export class ManualClock {
  constructor(public current: Date) {}
  now = (): Date => new Date(this.current);
  set(instant: string | Date): void {
    this.current = new Date(instant);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
