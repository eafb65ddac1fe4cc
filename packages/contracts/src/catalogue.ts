/** The event catalogue: every event of the platform with the versions still supported (docs/events.md). */
import * as chatEvents from './chat-events.js';
import * as decisionsEvents from './decisions-events.js';
import * as electionsEvents from './elections-events.js';
import type { EventDefinition } from './event-definitions.js';
import * as identityEvents from './identity-events.js';
import * as notificationsEvents from './notifications-events.js';

const isEvent = (value: unknown): value is EventDefinition =>
  typeof value === 'object' && value !== null && typeof (value as EventDefinition).subject === 'string' && Array.isArray((value as EventDefinition).versions);

export const eventCatalogue: readonly EventDefinition[] = [identityEvents, decisionsEvents, electionsEvents, chatEvents, notificationsEvents]
  .flatMap((module) => Object.values(module))
  .filter(isEvent)
  .sort((a, b) => a.subject.localeCompare(b.subject));

/** The event with this subject, if the catalogue has it. */
export function eventBySubject(subject: string): EventDefinition | undefined {
  return eventCatalogue.find((event) => event.subject === subject);
}
