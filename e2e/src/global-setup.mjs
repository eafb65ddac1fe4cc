// Starts the whole stack for the browser tests, in a database, NATS prefix and ports of its own.
import { randomBytes } from 'node:crypto';
import { prepareTestRun } from '../../packages/test-kit/jest/infrastructure.mjs';
import { startStack } from '../../scripts/stack.mjs';

/**
 * The decisions browser test (e2e/test/decisions.e2e.test.ts) watches whole cycles: a start rule of
 * 2 verified users and 2 proposals, so a cycle leaves its proposals phase once the test's second
 * proposal arrives (checked every 2 s), a 40 s vote, and creation and final vote short enough that
 * the English cycle is archived before the French one leaves its vote (one cycle per phase).
 */
const decisionsCycleInSeconds = {
  START_MIN_VERIFIED_USERS: '2',
  START_MIN_PROPOSALS: '2',
  PHASE_PROPOSALS_SECONDS: '2',
  PHASE_VOTING_SECONDS: '40',
  PHASE_CREATION_SECONDS: '10',
  PHASE_FINAL_VOTE_SECONDS: '10',
  PHASE_EXTENSION_SECONDS: '2',
};

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
    serviceEnv: {
      // Every browser test registers from 127.0.0.1; the per-IP account limits have their own tests.
      MAX_ACCOUNTS_PER_IP: '1000',
      MAX_ACCOUNTS_PER_IP_PER_DAY: '1000',
      ...decisionsCycleInSeconds,
    },
  });
  globalThis.__civicStack = stack;
  process.env.E2E_BASE_URL = `http://127.0.0.1:${stack.ports.gateway}`;
  if (stack.mailViewer) process.env.E2E_MAIL_URL = stack.mailViewer;
}
