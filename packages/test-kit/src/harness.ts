import { randomUUID } from 'node:crypto';
import { LIVE_UPDATE_SUBJECT, UserRegistered, UserVerified, type EventDefinition, type EventPayload, type LiveUpdate } from '@civic/contracts';
import type { EventBus } from '@civic/service-kit';
import { publishEvent, type ManualClock } from './events.js';
import { serviceEnv, setupServiceTest, startTestProcess, type ServiceTestContext, type TestProcess } from './isolation.js';
import { TestTokens, type TestUserClaims } from './tokens.js';
import { waitFor } from './wait.js';

type Database = { $disconnect(): Promise<void> };
type Service = { app: { ready(): PromiseLike<unknown>; close(): PromiseLike<unknown> } };

/**
 * What the services' test harnesses (services/<service>/test/support/harness.ts) stand on: the run's
 * database and NATS prefix, tokens standing in for identity, and the service's processes, all closed
 * together by `close`.
 */
export interface HarnessBase {
  context: ServiceTestContext;
  tokens: TestTokens;
  /** The settings of a process of this run: database, NATS prefix, the tokens' JWKS, a quick outbox relay. */
  env: Record<string, string>;
  /** Starts a process (the test's main one or a replica), closed with the harness unless closed before. */
  start<DB extends Database, S extends Service>(name: string, createDatabase: (databaseUrl: string) => DB, build: (db: DB, bus: EventBus) => Promise<S>): Promise<TestProcess<DB, S>>;
  /** Closes the processes (the last started first), then the tokens, then removes the run's database and streams. */
  close(): Promise<void>;
}

export async function startHarnessBase(service: string): Promise<HarnessBase> {
  const context = await setupServiceTest([service]);
  const tokens = await TestTokens.start();
  const running: TestProcess<unknown, unknown>[] = [];
  return {
    context,
    tokens,
    env: { ...serviceEnv(context), JWKS_URL: tokens.jwksUrl, OUTBOX_POLL_MS: '50' },
    async start(name, createDatabase, build) {
      const started = await startTestProcess(context, name, createDatabase, build);
      const tracked = {
        ...started,
        async close() {
          running.splice(running.indexOf(tracked), 1);
          await started.close();
        },
      };
      running.push(tracked);
      return tracked;
    },
    async close() {
      for (const process of [...running].reverse()) await process.close();
      await tokens.close();
      await context.cleanup();
    },
  };
}

/** A member made known to a service, with the header of their access token. */
export interface TestMember {
  id: string;
  name: string;
  headers: { authorization: string };
}

/**
 * The harness of a service run on a clock of the test's (decisions, elections): its main process
 * (`service`), replicas on demand, identity's events published to it, members it knows.
 */
export interface ServiceHarness<DB, S, C> {
  context: ServiceTestContext;
  db: DB;
  bus: EventBus;
  service: S;
  tokens: TestTokens;
  clock: ManualClock;
  config: C;
  /** Another replica on the same database and stream (built on demand). */
  replica(): Promise<S>;
  publish<D extends EventDefinition>(definition: D, payload: EventPayload<D>, occurredAt?: Date): Promise<void>;
  /** A member known to the service through identity's events (verified unless told), with their auth header. */
  member(claims?: Partial<TestUserClaims>): Promise<TestMember>;
  close(): Promise<void>;
}

export interface ServiceHarnessOptions<DB, S, C> {
  service: string;
  clock: ManualClock;
  /** The service's settings from the run's (`env`). */
  config(env: Record<string, string>): C;
  createDatabase(databaseUrl: string): DB;
  build(config: C, db: DB, bus: EventBus): Promise<S>;
  /** Whether the service's member projection holds the member (verified when they are). */
  holds(db: DB, member: { id: string; name: string; verified: boolean }): Promise<boolean>;
  /** Events published without a time occur at the clock's time rather than now. */
  publishAtClock?: boolean;
}

export async function startServiceHarness<DB extends Database, S extends Service, C>(options: ServiceHarnessOptions<DB, S, C>): Promise<ServiceHarness<DB, S, C>> {
  const { clock } = options;
  const base = await startHarnessBase(options.service);
  const config = options.config(base.env);
  const build = (db: DB, bus: EventBus) => options.build(config, db, bus);
  const { db, bus, service } = await base.start(`${options.service}-test`, options.createDatabase, build);
  const publish: ServiceHarness<DB, S, C>['publish'] = async (definition, payload, occurredAt) => {
    await publishEvent(bus, definition, payload, occurredAt ?? (options.publishAtClock ? clock.now() : undefined));
  };
  return {
    context: base.context,
    db,
    bus,
    service,
    tokens: base.tokens,
    clock,
    config,
    replica: async () => (await base.start(`${options.service}-replica`, options.createDatabase, build)).service,
    publish,
    async member(claims = {}) {
      const id = claims.id ?? randomUUID();
      const name = claims.name ?? `Citizen ${id.slice(0, 6)}`;
      const verified = claims.verified ?? true;
      await publish(UserRegistered, { userId: id, userName: name, registeredAt: clock.now().toISOString() });
      if (verified) await publish(UserVerified, { userId: id, verifiedAt: clock.now().toISOString() });
      await waitFor(() => options.holds(db, { id, name, verified }));
      return { id, name, headers: await base.tokens.headers({ id, name, role: claims.role, verified }) };
    },
    close: base.close,
  };
}

/** Every live update (docs/live.md) published on the bus from now on, with when it arrived. */
export async function recordLiveUpdates(bus: EventBus): Promise<{ received: { update: LiveUpdate; at: number }[]; unsubscribe(): void }> {
  const received: { update: LiveUpdate; at: number }[] = [];
  const subscription = bus.nc.subscribe(bus.subject(LIVE_UPDATE_SUBJECT));
  void (async () => {
    for await (const message of subscription) received.push({ update: message.json<LiveUpdate>(), at: Date.now() });
  })();
  await bus.nc.flush();
  return { received, unsubscribe: () => subscription.unsubscribe() };
}
