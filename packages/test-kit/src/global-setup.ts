import { randomBytes } from 'node:crypto';
import { findInfrastructure, MISSING_INFRASTRUCTURE } from './infrastructure.js';
import { startContainers } from './containers.js';

/**
 * Runs once before the integration tests: finds (or starts) the infrastructure and gives the run an
 * id that prefixes its databases, NATS subjects/streams and Redis keys.
 */
export default async function globalSetup(): Promise<void> {
  let infrastructure = await findInfrastructure();
  if (!infrastructure) infrastructure = await startContainers();
  if (!infrastructure) throw new Error(MISSING_INFRASTRUCTURE);
  process.env['DATABASE_URL'] = infrastructure.databaseUrl;
  process.env['NATS_URL'] = infrastructure.natsUrl;
  process.env['REDIS_URL'] = infrastructure.redisUrl;
  process.env['CIVIC_TEST_RUN'] ??= randomBytes(4).toString('hex');
}
