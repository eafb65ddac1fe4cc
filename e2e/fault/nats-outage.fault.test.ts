import { SMTPServer } from 'smtp-server';
import { createTestDatabase, migrateServices, OwnNatsServer, testNatsPrefix, waitFor, type TestDatabase } from '@civic/test-kit';
import { ServiceProcess } from './processes.js';

/**
 * NATS goes down (kill -9) in the middle of a stream of registrations: identity keeps accepting
 * them (its outbox holds the events), and once NATS is back every event reaches decisions and is
 * applied exactly once — its count of registered citizens equals the number of registrations.
 */
const TOTAL = 45;
let database: TestDatabase;
let nats: OwnNatsServer;
let smtp: SMTPServer;
let identity: ServiceProcess;
let decisions: ServiceProcess;

beforeAll(async () => {
  database = await createTestDatabase('natsfault');
  await migrateServices(database.url, ['identity', 'decisions']);
  nats = await OwnNatsServer.start();
  smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false, onData: (stream, _session, done) => stream.on('end', () => done()).resume() });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  const shared = { DATABASE_URL: database.url, NATS_URL: nats.url, NATS_PREFIX: testNatsPrefix() };
  identity = await ServiceProcess.start('identity', {
    ...shared,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAX_ACCOUNTS_PER_IP: '1000',
    MAX_ACCOUNTS_PER_IP_PER_DAY: '1000',
  });
  decisions = await ServiceProcess.start('decisions', { ...shared, JWKS_URL: `${identity.origin}/api/auth/jwks` });
}, 90_000);

afterAll(async () => {
  await decisions?.stop();
  await identity?.stop();
  await nats?.dispose();
  smtp?.close();
  await database?.drop();
});

async function register(index: number): Promise<void> {
  const answer = await fetch(`${identity.origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `citizen-${index}@example.org`, userName: `Citizen ${index}`, password: `a long password ${index}` }),
  });
  if (answer.status !== 201) throw new Error(`registration ${index} answered ${answer.status}: ${await answer.text()}`);
}

const registeredInDecisions = async () => (await (await fetch(`${decisions.origin}/api/decisions/start-rule`)).json()).registeredUsers as number;

test('registrations made while NATS is down reach decisions exactly once after it is back', async () => {
  for (let index = 0; index < 15; index++) await register(index);
  await waitFor(async () => (await registeredInDecisions()) === 15, 20_000, 100);

  await nats.kill();
  for (let index = 15; index < 30; index++) await register(index);
  expect(await registeredInDecisions()).toBe(15);

  await nats.restart();
  for (let index = 30; index < TOTAL; index++) await register(index);
  await waitFor(async () => (await registeredInDecisions()) === TOTAL, 60_000, 250);

  // Nothing is applied twice: redeliveries after the outage find their event in the inbox.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(await registeredInDecisions()).toBe(TOTAL);
  await identity.waitReady();
  await decisions.waitReady();
}, 120_000);
