import { applyMigrations } from '@civic/db-migrate';
import { deleteStreams, testNatsPrefix, waitFor } from '@civic/test-kit';
import { OwnPostgres, root, ServiceProcess } from './processes.js';

/**
 * PostgreSQL restarts under a running service: while it is down the service answers 503 in the
 * catalogue's shape (never 500) and reports itself unready; once it is back the service recovers by
 * itself, without a restart.
 */
let postgres: OwnPostgres;
let identity: ServiceProcess;
const natsPrefix = testNatsPrefix();

beforeAll(async () => {
  postgres = await OwnPostgres.start();
  await applyMigrations({ databaseUrl: postgres.url, schema: 'identity', migrationsDir: `${root}/services/identity/prisma/migrations` });
  identity = await ServiceProcess.start('identity', { DATABASE_URL: postgres.url, NATS_URL: process.env.NATS_URL!, NATS_PREFIX: natsPrefix });
}, 90_000);

afterAll(async () => {
  await identity?.stop();
  await postgres?.remove();
  await deleteStreams(natsPrefix);
});

const login = () =>
  fetch(`${identity.origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'nobody@example.org', password: 'not the password' }),
  });

test('identity answers 503 while PostgreSQL is down and recovers by itself once it is back', async () => {
  const before = await login();
  expect(before.status).toBe(401);
  expect((await before.json()).statusMessage).toBe('Incorrect email or password');

  await postgres.stop();
  const during = await login();
  expect(during.status).toBe(503);
  expect(await during.json()).toEqual({ statusCode: 503, statusMessage: 'Service Unavailable' });
  expect((await fetch(`${identity.origin}/readyz`)).status).toBe(503);

  await postgres.start();
  await waitFor(async () => (await fetch(`${identity.origin}/readyz`)).ok, 30_000, 250);
  const after = await login();
  expect(after.status).toBe(401);
  expect((await after.json()).statusMessage).toBe('Incorrect email or password');
}, 90_000);
