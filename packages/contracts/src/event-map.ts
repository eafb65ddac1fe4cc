/**
 * Who produces and who consumes each event. Every service declares its map in
 * `services/<service>/src/event-map.ts`; a unit test holds the maps to the services' code and
 * docs/events.md shows them as one table (`pnpm events:doc`).
 */
import { ownerOf, type EventDefinition, type StreamOwner } from './event-definitions.js';
import { SessionRevoked, UserTokensRevoked } from './identity-events.js';

/** An event of the service's own stream: its subject starts with the service's name. */
export type OwnEvent<S extends StreamOwner> = EventDefinition<`${S}.${string}`>;

/**
 * What every process of a service built with the service kit's `createEventedApp` reads besides its
 * own consumers: identity's revocations, through an ordered consumer per process and no durable
 * name (packages/service-kit/src/revocations.ts, docs/sessions.md).
 */
export const serviceKitConsumes: readonly EventDefinition[] = [SessionRevoked, UserTokensRevoked];

export interface EventMap<S extends StreamOwner = StreamOwner> {
  service: S;
  /** The events it writes into its outbox. */
  produces: readonly OwnEvent<S>[];
  /** Every event its processes read: `viaConsumers`, then `viaServiceKit`. */
  consumes: readonly EventDefinition[];
  /** The events its own durable consumers read (`startConsumer`, applied once through the inbox). */
  viaConsumers: readonly EventDefinition[];
  /** The events the service kit reads in each of its processes (`serviceKitConsumes`). */
  viaServiceKit: readonly EventDefinition[];
}

/**
 * A service's map. Only events of its own stream can be declared as produced (a type error, and an
 * error at run time for an untyped caller); `consumes` lists what its own consumers read, the service
 * kit's revocations are added.
 */
export function defineEventMap<S extends StreamOwner>(map: {
  service: S;
  // NoInfer: the service alone names S, else another stream's event would widen it to both services.
  produces: readonly OwnEvent<NoInfer<S>>[];
  consumes: readonly EventDefinition[];
}): EventMap<S> {
  for (const event of map.produces) {
    if (ownerOf(event.subject) !== map.service) throw new Error(`${map.service} cannot produce ${event.subject}: a service produces the events of its own stream only`);
  }
  for (const [list, events] of [['produces', map.produces], ['consumes', map.consumes]] as const) {
    const subjects = events.map((event) => event.subject);
    const twice = subjects.find((subject, i) => subjects.indexOf(subject) !== i);
    if (twice) throw new Error(`${map.service} lists ${twice} twice in ${list}`);
  }
  return {
    service: map.service,
    produces: map.produces,
    consumes: [...map.consumes, ...serviceKitConsumes.filter((event) => !map.consumes.includes(event))],
    viaConsumers: map.consumes,
    viaServiceKit: serviceKitConsumes,
  };
}
