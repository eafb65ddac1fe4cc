import type { TestInfrastructure } from './infrastructure.js';

type Stoppable = { stop(): Promise<unknown> };
const started: Stoppable[] = [];

/** Starts PostgreSQL, NATS (JetStream) and Redis in Docker through testcontainers; null without Docker. */
export async function startContainers(): Promise<TestInfrastructure | null> {
  let testcontainers: typeof import('testcontainers');
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

export async function stopContainers(): Promise<void> {
  await Promise.all(started.splice(0).map((c) => c.stop()));
}
