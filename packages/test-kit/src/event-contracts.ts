import { randomUUID } from 'node:crypto';
import { eventBySubject, streamOwners, UserRegistered, type EventDefinition, type NewestPayload, type StreamOwner } from '@civic/contracts';
import { connectBus, eventReader, type EventBus } from '@civic/service-kit';
import { deadLettered, durableConsumers, eventAs, parkedFor, publishEnvelope, type MetricsRegistry } from './events.js';
import { serviceEnv, setupServiceTest, type ServiceTestContext } from './isolation.js';
import { waitFor } from './wait.js';

/**
 * One consumer in a contract test (docs/events.md): the test publishes `sample()` in every version
 * of the event that producers may still send and expects `applied` to turn true, once.
 */
export interface ContractCase<D extends EventDefinition = EventDefinition> {
  consumer: string;
  event: D;
  /** A fresh payload of the newest version (a new user, a new proposal…). */
  sample(): NewestPayload<D>;
  /** Whether the payload's effect shows in the service's data. */
  applied(payload: NewestPayload<D>): Promise<boolean>;
}

/** Lets a case of a precise event join a table of cases. */
export const contractCase = <D extends EventDefinition>(contract: ContractCase<D>): ContractCase => contract as unknown as ContractCase;

/**
 * The case of every service with a member projection: a registration (any version) gives the
 * projection's row the member's name. `userNameOf` reads that name back from the service's table.
 */
export const registrationCase = (consumer: string, userNameOf: (userId: string) => Promise<string | undefined>): ContractCase =>
  contractCase({
    consumer,
    event: UserRegistered,
    sample: () => ({ userId: randomUUID(), displayName: `Citizen ${randomUUID().slice(0, 6)}`, registeredAt: new Date().toISOString(), locale: 'fr' as const }),
    applied: async (payload) => (await userNameOf(payload.userId)) === payload.displayName,
  });

/** The rows of a contract test: every case with every version of its event, `[consumer, version, case]`. */
export function versionTable(cases: ContractCase[]): [string, number, ContractCase][] {
  return cases.flatMap((contract) => contract.event.versions.map((version) => [contract.consumer, version.version, contract] as [string, number, ContractCase]));
}

/** Cases of events that have more than one version: those a consumer build may predate. */
export const evolvedCases = (cases: ContractCase[]): [string, ContractCase][] =>
  cases.filter((contract) => contract.event.versions.length > 1).map((contract) => [contract.consumer, contract]);

/** The running consumers (on the bus's prefix) whose event has several versions but no contract case. */
export async function consumersWithoutCase(bus: EventBus, cases: ContractCase[]): Promise<string[]> {
  const covered = new Set(cases.map((contract) => contract.consumer));
  return (await durableConsumers(bus, streamOwners))
    .filter(({ subject }) => (eventBySubject(subject)?.versions.length ?? 1) > 1)
    .map(({ name }) => name)
    .filter((name) => !covered.has(name));
}

/** Waits until a durable consumer has nothing left to deliver nor to be acknowledged. */
export async function consumerSettled(bus: EventBus, subject: string, consumer: string): Promise<void> {
  const stream = bus.streamName(subject.split('.', 1)[0] as never);
  await waitFor(async () => {
    const info = await bus.jsm.consumers.info(stream, consumer);
    return info.num_pending === 0 && info.num_ack_pending === 0;
  });
}

/** What a contract test needs of a service's built app. */
interface ContractApp {
  metrics: MetricsRegistry;
  ready(): PromiseLike<unknown>;
  close(): PromiseLike<unknown>;
}

/** What a contract test needs of a service's Prisma client: its inbox (every service has one, docs/architecture.md#inbox). */
export interface ContractDatabase {
  $disconnect(): Promise<void>;
  inboxEvent: { count(query: { where: { consumer: string; eventId: string } }): PromiseLike<number> };
}

export interface EventContractSuite<DB extends ContractDatabase> {
  /** The service whose schema and consumers are under test. */
  service: StreamOwner;
  /** The service's Prisma client for a database URL (one for the assertions, one per start). */
  createDatabase(databaseUrl: string): DB;
  /**
   * Builds the service's app, consumers included, from its environment (the test's database and
   * NATS prefix, plus settings such as READ_EVENT_VERSIONS_UP_TO).
   */
  build(deps: { env: Record<string, string>; db: DB; bus: EventBus }): Promise<ContractApp>;
  /** The cases; `db()` is the assertions' client, available once the tests run. */
  cases(db: () => DB): ContractCase[];
}

/**
 * The contract test of a service's consumers (docs/events.md): every consumer with every version of
 * its event that a producer may still send, through the real NATS, applied once; a version newer
 * than a consumer build reads is parked and counted, then applied once when the upgraded build starts.
 */
export function describeEventContracts<DB extends ContractDatabase>(suite: EventContractSuite<DB>): void {
  let context: ServiceTestContext;
  let bus: EventBus;
  let db: DB;
  let service: { metrics: MetricsRegistry; close(): Promise<void> } | null = null;
  const cases = suite.cases(() => db);
  // Inbox rows of a consumer for an event id: 1 once applied, whatever the deliveries.
  const inboxCount = (consumer: string, eventId: string) => db.inboxEvent.count({ where: { consumer, eventId } });

  const start = async (env: Record<string, string>) => {
    const serviceDb = suite.createDatabase(context.databaseUrl);
    const serviceBus = await connectBus({ url: context.natsUrl, prefix: context.natsPrefix, name: `${suite.service}-contracts` });
    const app = await suite.build({
      env: { ...serviceEnv(context), ...env },
      db: serviceDb,
      bus: serviceBus,
    });
    await app.ready();
    return {
      metrics: app.metrics,
      async close() {
        await app.close();
        await serviceBus.close();
        await serviceDb.$disconnect();
      },
    };
  };
  const restart = async (env: Record<string, string> = {}) => {
    await service?.close();
    service = null;
    service = await start(env);
    return service;
  };

  beforeAll(async () => {
    context = await setupServiceTest([suite.service], 'contracts');
    db = suite.createDatabase(context.databaseUrl);
    bus = await connectBus({ url: context.natsUrl, prefix: context.natsPrefix, name: 'contract-publisher' });
    await restart();
  });

  afterAll(async () => {
    await service?.close();
    await bus?.close();
    await db?.$disconnect();
    await context?.cleanup();
  });

  it('has a case for every running consumer of an event with several versions', async () => {
    expect(await consumersWithoutCase(bus, cases)).toEqual([]);
  });

  it.each(versionTable(cases))('%s applies version %i once, delivered twice', async (consumer, version, contract) => {
    const payload = contract.sample();
    const envelope = eventAs(contract.event, version, payload);
    await publishEnvelope(bus, envelope);
    // The producer's retry after a lost publish ack: same event id, new Nats-Msg-Id.
    await publishEnvelope(bus, envelope, randomUUID());
    await waitFor(() => contract.applied(payload));
    await consumerSettled(bus, contract.event.subject, consumer);
    expect(await inboxCount(consumer, envelope.id)).toBe(1);
    expect(await parkedFor(bus, consumer)).toEqual([]);
  });

  it.each(evolvedCases(cases))('%s, built before the newest version, reads it as docs/events.md says (at once when it only adds fields, else parked and applied once after the upgrade)', async (consumer, contract) => {
    const newest = contract.event.newest.version;
    const older = await restart({ READ_EVENT_VERSIONS_UP_TO: String(newest - 1) });
    const payload = contract.sample();
    const event = eventAs(contract.event, newest, payload);
    const broken = { ...eventAs(contract.event, newest, contract.sample()), payload: { unreadable: true } };
    // Another case of the same event may have parked events of its own for this consumer.
    const idOf = (parked: { data: Uint8Array }) => (JSON.parse(new TextDecoder().decode(parked.data)) as { id: string }).id;
    const parkedBefore = new Set((await parkedFor(bus, consumer)).map(idOf));
    const parkedNow = async () => (await parkedFor(bus, consumer)).filter((parked) => !parkedBefore.has(idOf(parked)));
    const additive = eventReader(contract.event, newest - 1)(JSON.stringify(event)).readable;
    await publishEnvelope(bus, event);
    await publishEnvelope(bus, broken);
    if (additive) {
      await waitFor(() => contract.applied(payload));
      await waitFor(async () => (await parkedNow()).length === 1);
      expect((await parkedNow()).map((parked) => [idOf(parked), parked.version, parked.reason])).toEqual([[broken.id, newest, 'unknown-version']]);
    } else {
      await waitFor(async () => (await parkedNow()).length === 2);
      expect((await parkedNow()).map((parked) => [parked.subject, parked.version, parked.reason])).toEqual([
        [contract.event.subject, newest, 'unknown-version'],
        [contract.event.subject, newest, 'unknown-version'],
      ]);
      expect(await deadLettered(older.metrics, consumer, 'unknown-version')).toBeGreaterThanOrEqual(2);
      expect(await contract.applied(payload)).toBe(false);
    }

    // The upgraded build replays what was parked as it starts: the event once, the broken one stays.
    await restart();
    await waitFor(() => contract.applied(payload));
    expect(await inboxCount(consumer, event.id)).toBe(1);
    await restart();
    await consumerSettled(bus, contract.event.subject, consumer);
    expect(await inboxCount(consumer, event.id)).toBe(1);
    expect((await parkedNow()).map(idOf)).toEqual([broken.id]);
    // Three builds start and stop here: on a loaded machine that alone can take most of the default 30 s.
  }, 90_000);
}
