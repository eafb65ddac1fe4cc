import { connect as connectTcp } from 'node:net';

/** Where the tests find PostgreSQL, NATS and Redis. */
export interface TestInfrastructure {
  databaseUrl: string;
  natsUrl: string;
  redisUrl: string;
}

const LOCAL: TestInfrastructure = {
  databaseUrl: 'postgresql://postgres@127.0.0.1:5432/postgres',
  natsUrl: 'nats://127.0.0.1:4222',
  redisUrl: 'redis://127.0.0.1:6379',
};

export function portAnswers(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * DATABASE_URL / NATS_URL / REDIS_URL when set; else the local servers when their ports answer;
 * else null (the caller may then try containers).
 */
export async function findInfrastructure(env = process.env): Promise<TestInfrastructure | null> {
  const given = { databaseUrl: env['DATABASE_URL'], natsUrl: env['NATS_URL'], redisUrl: env['REDIS_URL'] };
  if (given.databaseUrl && given.natsUrl && given.redisUrl) return given as TestInfrastructure;
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

export const MISSING_INFRASTRUCTURE = `The tests need PostgreSQL, NATS with JetStream and Redis.
Set DATABASE_URL, NATS_URL and REDIS_URL, or run them locally on their standard ports
(Debian/Ubuntu: apt-get install postgresql nats-server redis-server, and start nats-server with -js),
or install Docker so the tests can start them in containers.`;
