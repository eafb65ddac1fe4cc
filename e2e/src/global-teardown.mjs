import { rm } from 'node:fs/promises';
import { dropRunLeftovers } from '../../packages/test-kit/jest/infrastructure.mjs';

export default async function globalTeardown() {
  const stack = globalThis.__civicStack;
  if (!stack) return;
  await stack.stop();
  await rm(`${process.env.TMPDIR ?? '/tmp'}/civic-e2e-${process.env.CIVIC_TEST_RUN}`, { recursive: true, force: true });
  await dropRunLeftovers();
}
