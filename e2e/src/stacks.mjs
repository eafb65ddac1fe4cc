// Whole stacks for the browser tests, each in a database, NATS prefix, data folder and ports of its
// own. global-setup.mjs starts the stack the browser tests share; a test whose actions change the
// whole platform (an election sets every official at once) starts one of its own, so it cannot
// disturb the tests running beside it.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareTestRun } from '../../packages/test-kit/jest/infrastructure.mjs';
import { startStack } from '../../scripts/stack.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Whether every service and front end is built. `pnpm test` builds before jest runs, and two lanes
 * start stacks at once: a global setup builds only when nothing is built (a project run alone on a
 * fresh clone), never rewriting what another lane's stack is serving.
 */
export const isBuilt = () =>
  ['gateway', 'identity', 'decisions', 'elections', 'chat', 'notifications'].every((service) => existsSync(path.join(root, 'services', service, 'dist/server.js'))) &&
  ['shell', 'decisions', 'elections'].every((frontend) => existsSync(path.join(root, 'frontends', frontend, 'dist')));

/** The shared stack's seeded first moderator (identity's SEED_MODERATOR_EMAIL), see accounts.ts. */
export const SHARED_MODERATOR_EMAIL = 'moderator.notifications@example.test';

/** Every browser test registers from 127.0.0.1; the per-IP account limits have their own tests. */
// Every simulated citizen of the browser tests comes from 127.0.0.1, where a real crowd comes from many
// addresses: the per-address limits (identity's registrations, the gateway's requests per minute) are
// raised so that two suites at once stay under them. The limits themselves are tested where each
// client has its own address (the gateway's and the security tests).
const BROWSER_TEST_ENV = { MAX_ACCOUNTS_PER_IP: '1000', MAX_ACCOUNTS_PER_IP_PER_DAY: '1000' };
const BROWSER_TEST_GATEWAY_ENV = { RATE_LIMIT_MAX: '10000' };
/**
 * Digests of followed content every 5 s instead of daily, looked for every second, so a member who
 * chooses a daily digest gets one a few seconds after the events they follow (services/notifications/README.md).
 */
const BROWSER_TEST_NOTIFICATIONS_ENV = { DIGEST_CHECK_MS: '1000', DIGEST_DAILY_MS: '5000' };
const BROWSER_TEST_COMPONENT_ENV = { gateway: BROWSER_TEST_GATEWAY_ENV, notifications: BROWSER_TEST_NOTIFICATIONS_ENV };

/**
 * Starts the whole product for browser tests and answers `{ baseUrl, mailUrl, stop }`.
 * `build: false` when the front ends and services were already built in this run.
 */
/**
 * @param {string} name
 * @param {Record<string, string>} [serviceEnv]
 * @param {{ build?: boolean, replicas?: Record<string, number>, envFor?: (component: string) => Record<string, string>, remoteDist?: Record<string, string> }} [options]
 *   replicas, envFor and remoteDist: see scripts/stack.mjs startStack.
 */
export async function startBrowserTestStack(name, serviceEnv = {}, { build = true, replicas, envFor, remoteDist } = {}) {
  const infrastructure = await prepareTestRun();
  // Cloned from the run's migrated template when a global setup made one, so the stack need not migrate.
  const template = process.env.CIVIC_TEST_TEMPLATE;
  const run = process.env.CIVIC_TEST_RUN;
  const database = `t_${run}_${name}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: infrastructure.databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${database}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(infrastructure.databaseUrl);
  url.pathname = `/${database}`;
  const dataDir = `${process.env.TMPDIR ?? '/tmp'}/civic-${name}-${run}`;

  const stack = await startStack({
    build,
    migrate: !template,
    databaseUrl: url.toString(),
    natsUrl: infrastructure.natsUrl,
    natsPrefix: `t_${run}_${randomBytes(3).toString('hex')}.`,
    redisUrl: infrastructure.redisUrl,
    ports: 'free',
    host: '127.0.0.1',
    dataDir,
    log: () => undefined,
    serviceEnv: { ...BROWSER_TEST_ENV, ...serviceEnv },
    replicas,
    envFor: (component) => ({ ...BROWSER_TEST_COMPONENT_ENV[component], ...envFor?.(component) }),
    remoteDist,
  });
  return {
    baseUrl: `http://127.0.0.1:${stack.ports.gateway}`,
    mailUrl: stack.mailViewer ?? '',
    databaseUrl: url.toString(),
    deployments: stack.deployments,
    async stop() {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: infrastructure.databaseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
