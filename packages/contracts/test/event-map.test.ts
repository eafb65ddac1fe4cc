/**
 * The event map: each service's declaration (services/<service>/src/event-map.ts) against what its
 * code produces and consumes, as a scan of the sources reads them (scripts/event-map.mjs says what
 * the scan sees and what it does not); the service kit's own reads; defineEventMap refusing another
 * stream's events; and the table of docs/events.md being the one the maps give.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as contracts from '@civic/contracts';
import {
  defineEventMap,
  eventCatalogue,
  LawArchived,
  ownerOf,
  SessionRevoked,
  serviceKitConsumes,
  UserDeleted,
  UserTokensRevoked,
  type EventDefinition,
  type EventMap,
} from '@civic/contracts';
import { contractsIndex, END, renderEventMap, root, scanService, scanServiceKit, scanSource, serviceNames, START } from '../../../scripts/event-map.mjs';

const { isEvent } = contractsIndex(contracts);
const definitionOf = (name: string) => (contracts as unknown as Record<string, EventDefinition>)[name]!;
const subjectsOf = (events: readonly EventDefinition[]) => events.map((event) => event.subject).sort();

const services: string[] = serviceNames();
const maps = new Map<string, EventMap>();

beforeAll(async () => {
  for (const service of services) {
    const file = path.join(root, 'services', service, 'src', 'event-map.ts');
    if (existsSync(file)) maps.set(service, ((await import(file)) as { eventMap: EventMap }).eventMap);
  }
});

/** What the code does that the map does not say (with where the code does it), and the reverse. */
function difference(inCode: Map<string, unknown[]>, declared: readonly EventDefinition[], where: (seen: unknown) => string) {
  const declaredSubjects = subjectsOf(declared);
  const codeSubjects = [...inCode.keys()].map((name) => definitionOf(name).subject);
  return {
    inCodeNotInMap: [...inCode]
      .filter(([name]) => !declaredSubjects.includes(definitionOf(name).subject))
      .map(([name, seen]) => `${definitionOf(name).subject} (${seen.map(where).join(', ')})`)
      .sort(),
    inMapNotInCode: declaredSubjects.filter((subject) => !codeSubjects.includes(subject)),
  };
}

const agreeing = { inCodeNotInMap: [], inMapNotInCode: [] };

describe("each service's event map against its code", () => {
  it('finds the services, the gateway among those without a map', () => {
    expect(services).toEqual(expect.arrayContaining(['chat', 'decisions', 'elections', 'gateway', 'identity', 'notifications']));
    expect([...maps.keys()].sort()).toEqual(['chat', 'decisions', 'elections', 'identity', 'notifications']);
  });

  it.each(services)('%s: its map (none without events) lists every event its code produces or consumes, and no other', (service) => {
    const code = scanService(service, isEvent);
    // A newEvent whose event the scan cannot name would go unchecked: it must be spelled so it can.
    expect(code.unresolved).toEqual([]);
    const map = maps.get(service);
    expect({
      produces: difference(code.produces, map?.produces ?? [], (at) => String(at)),
      consumes: difference(code.consumes, map?.viaConsumers ?? [], (seen) => (seen as { at: string }).at),
    }).toEqual({ produces: agreeing, consumes: agreeing });
    // Built with createEventedApp, a service reads the service kit's revocations; without it, none.
    expect(subjectsOf(map?.viaServiceKit ?? [])).toEqual(code.evented ? subjectsOf(serviceKitConsumes) : []);
    if (map) expect(map.service).toBe(service);
  });

  it("declares the service kit's reads as the events its code reads", () => {
    expect(scanServiceKit(isEvent).map((name: string) => definitionOf(name).subject)).toEqual(subjectsOf(serviceKitConsumes));
  });

  it('has every event of the catalogue produced by one service, its owner', () => {
    for (const event of eventCatalogue) {
      const producers = [...maps.values()].filter((map) => map.produces.some((produced) => produced.subject === event.subject)).map((map) => map.service);
      expect({ subject: event.subject, producers }).toEqual({ subject: event.subject, producers: [ownerOf(event.subject)] });
    }
  });
});

describe('defineEventMap', () => {
  it("adds the service kit's revocations to what the service consumes", () => {
    const map = defineEventMap({ service: 'chat', produces: [], consumes: [UserDeleted] });
    expect(map.consumes).toEqual([UserDeleted, SessionRevoked, UserTokensRevoked]);
    expect(map.viaConsumers).toEqual([UserDeleted]);
  });

  it("refuses as produced an event of another service's stream, and an event listed twice", () => {
    // @ts-expect-error only events whose subject starts with `chat.` are accepted as chat's
    expect(() => defineEventMap({ service: 'chat', produces: [LawArchived], consumes: [] })).toThrow('chat cannot produce decisions.law.archived');
    expect(() => defineEventMap({ service: 'chat', produces: [], consumes: [UserDeleted, UserDeleted] })).toThrow('chat lists identity.user.deleted twice in consumes');
  });
});

describe('the scan of the sources', () => {
  it('names the event of a local const, and reports a newEvent it cannot name', () => {
    const text = [
      "import { ProposalSecondChance, ProposalSelected, UserDeleted } from '@civic/contracts';",
      'const definition = selected ? ProposalSelected : ProposalSecondChance;',
      'await enqueueEvent(tx, SCHEMA, newEvent(definition, payload));',
      'await enqueueEvent(tx, SCHEMA, newPublishedEvent(UserDeleted, payload, published));',
      'const build = (event) => newEvent(event, payload);',
    ].join('\n');
    const found = scanSource(text, 'store.ts', isEvent);
    expect(found.produces.map((seen: { event: string }) => seen.event).sort()).toEqual(['ProposalSecondChance', 'ProposalSelected', 'UserDeleted']);
    expect(found.unresolved).toEqual([{ line: 5, text: 'newEvent(event, ...)' }]);
    expect(found.consumes).toEqual([]);
  });

  it("reads consumers' events with their durable names, directly or through a helper", () => {
    const text = [
      "import { LawArchived, UserDeleted, type EventDefinition } from '@civic/contracts';",
      "const direct = () => startConsumer({ ...host, name: 'notifications-user-deleted', event: UserDeleted, handle });",
      'function consumer(name: string, event: EventDefinition) {',
      '  return () => startConsumer({ ...host, name: `notifications-${name}`, event, handle });',
      '}',
      "const helped = consumer('law-archived', LawArchived);",
    ].join('\n');
    const found = scanSource(text, 'alert.consumers.ts', isEvent);
    expect(found.consumes).toEqual(
      expect.arrayContaining([
        { event: 'UserDeleted', durable: 'notifications-user-deleted', line: 2 },
        { event: 'LawArchived', durable: 'notifications-law-archived', line: 6 },
      ]),
    );
    expect(found.consumes).toHaveLength(2);
    // Outside a file that starts consumers, an event passed to a call is not a consumption.
    expect(scanSource(text.replaceAll('startConsumer', 'somethingElse'), 'other.ts', isEvent).consumes).toEqual([]);
  });
});

describe('docs/events.md', () => {
  it('shows the table the maps give (after changing a map, run `pnpm events:doc`)', () => {
    const doc = readFileSync(path.join(root, 'docs', 'events.md'), 'utf8');
    const current = doc.slice(doc.indexOf(START), doc.indexOf(END) + END.length);
    expect(current).toBe(renderEventMap(contracts, [...maps.values()]));
  });
});
