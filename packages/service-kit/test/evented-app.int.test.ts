import { connectBus, createEventedApp, loadConfig, BaseConfig, type Sql } from '@civic/service-kit';
import { pgSqlClient, testNatsPrefix, useEventTestBed } from '@civic/test-kit';

const bed = useEventTestBed('evented', 'identity', 2);

describe('readiness of an evented service', () => {
  it('stays ready while NATS is away, reporting it degraded (the outbox keeps the events), and is unready without PostgreSQL', async () => {
    const config = loadConfig(BaseConfig, { PORT: '0', DATABASE_URL: bed.database.url, NATS_URL: bed.nats.url, NATS_PREFIX: testNatsPrefix() });
    const bus = await connectBus({ url: bed.nats.url, prefix: config.NATS_PREFIX, name: 'evented-readiness' });
    let databaseUp = true;
    const client = pgSqlClient(bed.pool);
    const db = {
      ...client,
      $queryRaw: <T>(query: Sql) => (databaseUp ? client.$queryRaw<T>(query) : Promise.reject(new Error('connection refused'))),
      $disconnect: async () => undefined,
    };
    const { app } = await createEventedApp({ name: 'identity', config, db, bus, logger: false });
    await app.ready();
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready', checks: { postgres: 'ok', nats: 'ok' } });

    await bed.nats.kill();
    const withoutNats = await app.inject({ url: '/readyz' });
    expect(withoutNats.statusCode).toBe(200);
    expect(withoutNats.json()).toEqual({ status: 'degraded', checks: { postgres: 'ok', nats: 'degraded' } });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

    databaseUp = false;
    const withoutDatabase = await app.inject({ url: '/readyz' });
    expect(withoutDatabase.statusCode).toBe(503);
    expect(withoutDatabase.json().checks.postgres).toBe('unavailable');

    databaseUp = true;
    await bed.nats.restart();
    await app.close();
    await bus.close();
  });
});
