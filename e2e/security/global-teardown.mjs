import { rm } from 'node:fs/promises';
import { dropRunLeftovers } from '../../packages/test-kit/jest/infrastructure.mjs';

export default async function globalTeardown() {
  // Stopping the stack drops its database; the run's leftovers (its NATS streams) go too.
  await globalThis.__civicSecurityStack?.stop();
  await dropRunLeftovers();
  if (process.env.SECURITY_SHARED_DIR) await rm(process.env.SECURITY_SHARED_DIR, { recursive: true, force: true });
}
