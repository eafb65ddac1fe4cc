import type { EventDefinition, EventEnvelope } from '@civic/contracts';
import { newEvent, type EventBus } from '@civic/service-kit';

/** Publishes an event as its owner's outbox relay would: the envelope, with its id as Nats-Msg-Id. */
export async function publishEvent<D extends EventDefinition>(bus: EventBus, definition: D, payload: Parameters<typeof newEvent<D>>[1], occurredAt?: Date): Promise<EventEnvelope> {
  const event = newEvent(definition, payload, occurredAt);
  await bus.js.publish(bus.subject(event.subject), JSON.stringify(event), { msgID: event.id });
  return event;
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
