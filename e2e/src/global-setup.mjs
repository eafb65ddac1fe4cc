// Starts the whole stack for the browser tests, in a database, NATS prefix and ports of its own.
import { randomBytes } from 'node:crypto';
import { prepareTestRun } from '../../packages/test-kit/jest/infrastructure.mjs';
import { startStack } from '../../scripts/stack.mjs';

export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return; // a stack started by hand
  const infrastructure = await prepareTestRun();
  const run = process.env.CIVIC_TEST_RUN;
  const database = `t_${run}_e2e`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: infrastructure.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  const url = new URL(infrastructure.databaseUrl);
  url.pathname = `/${database}`;

  const stack = await startStack({
    databaseUrl: url.toString(),
    natsUrl: infrastructure.natsUrl,
    natsPrefix: `t_${run}_${randomBytes(3).toString('hex')}.`,
    redisUrl: infrastructure.redisUrl,
    ports: 'free',
    host: '127.0.0.1',
    dataDir: `${process.env.TMPDIR ?? '/tmp'}/civic-e2e-${run}`,
    log: () => undefined,
    // Every browser test registers from 127.0.0.1; the per-IP account limits have their own tests.
    serviceEnv: { MAX_ACCOUNTS_PER_IP: '1000', MAX_ACCOUNTS_PER_IP_PER_DAY: '1000' },
  });
  globalThis.__civicStack = stack;
  process.env.E2E_BASE_URL = `http://127.0.0.1:${stack.ports.gateway}`;
  if (stack.mailViewer) process.env.E2E_MAIL_URL = stack.mailViewer;
}
