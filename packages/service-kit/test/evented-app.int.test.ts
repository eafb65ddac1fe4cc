import pg from 'pg';
import { connectBus, createEventedApp, loadConfig, BaseConfig, type Sql } from '@civic/service-kit';
import { closePool, createEventTables, createTestDatabase, OwnNatsServer, pgSqlClient, testNatsPrefix, type TestDatabase } from '@civic/test-kit';

let database: TestDatabase;
let pool: pg.Pool;
let nats: OwnNatsServer;

beforeAll(async () => {
  database = await createTestDatabase('evented');
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  await createEventTables(pool, 'identity');
  nats = await OwnNatsServer.start();
});

afterAll(async () => {
  await closePool(pool);
  await database.drop();
  await nats.dispose();
});

describe('readiness of an evented service', () => {
  it('stays ready while NATS is away, reporting it degraded (the outbox keeps the events), and is unready without PostgreSQL', async () => {
    const config = loadConfig(BaseConfig, { PORT: '0', DATABASE_URL: database.url, NATS_URL: nats.url, NATS_PREFIX: testNatsPrefix() });
    const bus = await connectBus({ url: nats.url, prefix: config.NATS_PREFIX, name: 'evented-readiness' });
    let databaseUp = true;
    const client = pgSqlClient(pool);
    const db = {
      ...client,
      $queryRaw: <T>(query: Sql) => (databaseUp ? client.$queryRaw<T>(query) : Promise.reject(new Error('connection refused'))),
      $disconnect: async () => undefined,
    };
    const { app } = await createEventedApp({ name: 'identity', config, db, bus, logger: false });
    await app.ready();
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready', checks: { postgres: 'ok', nats: 'ok' } });

    await nats.kill();
    const withoutNats = await app.inject({ url: '/readyz' });
    expect(withoutNats.statusCode).toBe(200);
    expect(withoutNats.json()).toEqual({ status: 'degraded', checks: { postgres: 'ok', nats: 'degraded' } });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

    databaseUp = false;
    const withoutDatabase = await app.inject({ url: '/readyz' });
    expect(withoutDatabase.statusCode).toBe(503);
    expect(withoutDatabase.json().checks.postgres).toBe('unavailable');

    databaseUp = true;
    await nats.restart();
    await app.close();
    await bus.close();
  });
});
