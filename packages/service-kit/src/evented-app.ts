import type { StreamOwner } from '@civic/contracts';
import type { BaseConfig } from './config.js';
import { createServiceApp, type ServiceApp } from './http.js';
import { connectBus, type EventBus } from './nats.js';
import { OutboxRelay } from './outbox.js';
import type { SqlClient } from './prisma.js';
import { runService } from './run.js';
import type { Static, TObject, TProperties } from 'typebox';

/** A service's Prisma client as far as the kit is concerned. */
export type ServiceDatabase = SqlClient & { $disconnect(): Promise<void> };

export interface EventedAppOptions {
  name: StreamOwner;
  config: BaseConfig;
  db: ServiceDatabase;
  bus: EventBus;
  logger?: boolean;
}

/**
 * The Fastify app of a service that owns a schema and a stream: readiness on PostgreSQL and NATS,
 * its stream ensured and its outbox relay running while the app is up.
 */
export async function createEventedApp({ name, config, db, bus, logger }: EventedAppOptions): Promise<{ app: ServiceApp; relay: OutboxRelay }> {
  const app = await createServiceApp({
    name,
    logLevel: config.LOG_LEVEL,
    logger,
    readiness: [
      { name: 'postgres', check: async () => db.$queryRawUnsafe('SELECT 1') },
      { name: 'nats', check: () => bus.ping() },
    ],
  });
  const relay = new OutboxRelay({ db, schema: name, bus, log: app.log, pollMs: config.OUTBOX_POLL_MS });
  app.addHook('onReady', async () => {
    await bus.ensureStream(name);
    relay.start();
  });
  app.addHook('onClose', () => relay.stop());
  return { app, relay };
}

/** server.ts of an evented service: config, database, NATS, the app, and their orderly release. */
export async function runEventedService<P extends TProperties, DB extends ServiceDatabase>(
  name: StreamOwner,
  schema: TObject<P>,
  createDatabase: (databaseUrl: string) => DB,
  build: (deps: { config: Static<TObject<P>>; db: DB; bus: EventBus }) => Promise<ServiceApp>,
): Promise<void> {
  await runService(name, schema, async (config) => {
    const base = config as unknown as BaseConfig;
    const db = createDatabase(base.DATABASE_URL);
    const bus = await connectBus({ url: base.NATS_URL, prefix: base.NATS_PREFIX, name });
    const app = await build({ config, db, bus });
    return {
      app,
      async close() {
        await bus.close();
        await db.$disconnect();
      },
    };
  });
}
