// Plain JavaScript: jest loads global setup files with Node's own resolver, before any transform.
import { existsSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const LOCAL = {
  databaseUrl: 'postgresql://postgres@127.0.0.1:5432/postgres',
  natsUrl: 'nats://127.0.0.1:4222',
  redisUrl: 'redis://127.0.0.1:6379',
};

export const MISSING_INFRASTRUCTURE = `The tests need PostgreSQL, NATS with JetStream and Redis.
Set DATABASE_URL, NATS_URL and REDIS_URL, or run them locally on their standard ports
(Debian/Ubuntu: apt-get install postgresql nats-server redis-server, and start nats-server with -js),
or install Docker so the tests can start them in containers.`;

function portAnswers(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connectTcp({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** DATABASE_URL / NATS_URL / REDIS_URL when set; else local servers whose ports answer; else null. */
export async function findInfrastructure(env = process.env) {
  const given = { databaseUrl: env.DATABASE_URL, natsUrl: env.NATS_URL, redisUrl: env.REDIS_URL };
  const [pg, nats, redis] = await Promise.all([
    given.databaseUrl ? true : portAnswers('127.0.0.1', 5432),
    given.natsUrl ? true : portAnswers('127.0.0.1', 4222),
    given.redisUrl ? true : portAnswers('127.0.0.1', 6379),
  ]);
  if (!pg || !nats || !redis) return null;
  return {
    databaseUrl: given.databaseUrl ?? LOCAL.databaseUrl,
    natsUrl: given.natsUrl ?? LOCAL.natsUrl,
    redisUrl: given.redisUrl ?? LOCAL.redisUrl,
  };
}

const started = [];

/** PostgreSQL, NATS (JetStream) and Redis in Docker through testcontainers 11; null without Docker. */
export async function startContainers() {
  let testcontainers;
  try {
    testcontainers = await import('testcontainers');
    await testcontainers.getContainerRuntimeClient();
  } catch {
    return null;
  }
  const { GenericContainer, Wait } = testcontainers;
  const [pg, nats, redis] = await Promise.all([
    new GenericContainer('postgres:15')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
      .start(),
    new GenericContainer('nats:2.10').withCommand(['-js']).withExposedPorts(4222).start(),
    new GenericContainer('redis:7').withExposedPorts(6379).start(),
  ]);
  started.push(pg, nats, redis);
  return {
    databaseUrl: `postgresql://postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`,
    natsUrl: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
    redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
  };
}

export async function stopContainers() {
  await Promise.all(started.splice(0).map((container) => container.stop()));
}

/**
 * Finds (or starts) the infrastructure, exports its URLs to the test workers, and gives the run an
 * id that prefixes its databases, NATS subjects and streams, and Redis keys.
 */
export async function prepareTestRun() {
  const infrastructure = (await findInfrastructure()) ?? (await startContainers());
  if (!infrastructure) throw new Error(MISSING_INFRASTRUCTURE);
  process.env.DATABASE_URL = infrastructure.databaseUrl;
  process.env.NATS_URL = infrastructure.natsUrl;
  process.env.REDIS_URL = infrastructure.redisUrl;
  process.env.CIVIC_TEST_RUN ??= Math.random().toString(16).slice(2, 10);
  return infrastructure;
}

/**
 * Migrates, once per run, a database holding every service's schema, and names it in
 * CIVIC_TEST_TEMPLATE: test databases and test stacks are cloned from it (CREATE DATABASE ... TEMPLATE
 * takes a fraction of a second where migrating takes seconds). It needs db-migrate built, as
 * `pnpm test` does first; without the build nothing is made and each test migrates its own database.
 * Jest runs every project's global setup in one process, so the first call makes it.
 */
export async function prepareMigratedTemplate() {
  if (process.env.CIVIC_TEST_TEMPLATE) return;
  const migrations = path.join(root, 'packages/db-migrate/dist/index.js');
  if (!existsSync(migrations)) return;
  const name = `t_${process.env.CIVIC_TEST_RUN}_template`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const { applyAllServiceMigrations } = await import(migrations);
  await applyAllServiceMigrations({ databaseUrl: url.toString(), rootDir: root, log: () => undefined });
  process.env.CIVIC_TEST_TEMPLATE = name;
}

/** Removes what this run left behind (a test file that crashed before its own cleanup). */
export async function dropRunLeftovers() {
  const run = process.env.CIVIC_TEST_RUN;
  if (!run) return;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [`t\\_${run}\\_%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: process.env.NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    for await (const name of jsm.streams.names()) if (name.startsWith(`T_${run.toUpperCase()}_`)) await jsm.streams.delete(name);
  } finally {
    await nc.close();
  }
  const { createClient } = await import('@redis/client');
  const redis = createClient({ url: process.env.REDIS_URL });
  await redis.connect();
  try {
    for await (const keys of redis.scanIterator({ MATCH: `t:${run}:*`, COUNT: 500 })) if (keys.length) await redis.del(keys);
  } finally {
    await redis.close();
  }
}
