import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { createClient } from '@redis/client';
import { connectBus, type EventBus } from '@civic/service-kit';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function env(name: 'DATABASE_URL' | 'NATS_URL' | 'REDIS_URL'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through jest's global setup (pnpm test)`);
  return value;
}

/** This test run's id; every database, stream and key the run creates carries it. */
export function runId(): string {
  const id = process.env['CIVIC_TEST_RUN'];
  if (!id) throw new Error('CIVIC_TEST_RUN is not set: run the tests through jest (pnpm test)');
  return id;
}

const unique = () => randomBytes(3).toString('hex');

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: env('DATABASE_URL') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for one test file, on the run's server: empty, or a copy of `template` (a database
 * no one is connected to).
 */
export async function createTestDatabase(label = 'db', template?: string): Promise<TestDatabase> {
  const name = `t_${runId()}_${label.replace(/[^a-z0-9]/g, '')}_${unique()}`;
  await adminQuery(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  return {
    name,
    url: withDatabase(env('DATABASE_URL'), name),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** Applies the migrations of the named services (each into its own schema). */
export async function migrateServices(databaseUrl: string, services: string[]): Promise<void> {
  // Loaded on demand: the schema engine is a large wasm module that most tests never need.
  const { applyMigrations } = await import('@civic/db-migrate');
  for (const service of services) {
    await applyMigrations({
      databaseUrl,
      schema: service,
      migrationsDir: path.join(repoRoot, 'services', service, 'prisma', 'migrations'),
    });
  }
}

/** A NATS subject/stream prefix of this run, such as `t_1a2b3c4d_9f8e7d.`. */
export function testNatsPrefix(): string {
  return `t_${runId()}_${unique()}.`;
}

/** Deletes the streams whose names carry the prefix. */
export async function deleteStreams(prefix: string, natsUrl = env('NATS_URL')): Promise<void> {
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    const namePrefix = prefix.replace(/\./g, '_').toUpperCase();
    for await (const name of jsm.streams.names()) {
      if (name.startsWith(namePrefix)) await jsm.streams.delete(name);
    }
  } finally {
    await nc.close();
  }
}

/** A Redis key prefix of this run. */
export function testRedisPrefix(): string {
  return `t:${runId()}:${unique()}:`;
}

export async function deleteRedisKeys(prefix: string, redisUrl = env('REDIS_URL')): Promise<void> {
  const client = createClient({ url: redisUrl });
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      if (keys.length > 0) await client.del(keys);
    }
  } finally {
    await client.close();
  }
}

/** Everything one integration test file needs: its database (migrated) and its NATS prefix. */
export interface ServiceTestContext {
  databaseUrl: string;
  natsUrl: string;
  natsPrefix: string;
  cleanup(): Promise<void>;
}

/**
 * A database with the services' schemas, migrated, and a NATS prefix. The database is a copy of the
 * run's migrated template when jest's global setup made one (it holds every service's schema; each
 * service reads only its own), else it is migrated here.
 */
export async function setupServiceTest(services: string[], label = services.join('')): Promise<ServiceTestContext> {
  const template = process.env['CIVIC_TEST_TEMPLATE'];
  const database = await createTestDatabase(label, template);
  if (!template) await migrateServices(database.url, services);
  const natsPrefix = testNatsPrefix();
  return {
    databaseUrl: database.url,
    natsUrl: env('NATS_URL'),
    natsPrefix,
    async cleanup() {
      await deleteStreams(natsPrefix);
      await database.drop();
    },
  };
}

/** The settings that point a service at a test's database and NATS prefix. */
export const serviceEnv = (context: ServiceTestContext): Record<string, string> => ({
  DATABASE_URL: context.databaseUrl,
  NATS_URL: context.natsUrl,
  NATS_PREFIX: context.natsPrefix,
});

/** One process of a service in a test: its own database client and NATS connection, and what `build` made of them. */
export interface TestProcess<DB, S> {
  service: S;
  db: DB;
  bus: EventBus;
  /** Closes the app, then the connection, then the client. */
  close(): Promise<void>;
}

/** Starts a process of a service (the test's main one, or a replica) and waits until its app is ready. */
export async function startTestProcess<DB extends { $disconnect(): Promise<void> }, S extends { app: { ready(): PromiseLike<unknown>; close(): PromiseLike<unknown> } }>(
  context: ServiceTestContext,
  name: string,
  createDatabase: (databaseUrl: string) => DB,
  build: (db: DB, bus: EventBus) => Promise<S>,
): Promise<TestProcess<DB, S>> {
  const db = createDatabase(context.databaseUrl);
  const bus = await connectBus({ url: context.natsUrl, prefix: context.natsPrefix, name });
  const service = await build(db, bus);
  await service.app.ready();
  return {
    service,
    db,
    bus,
    async close() {
      await service.app.close();
      await bus.close();
      await db.$disconnect();
    },
  };
}
