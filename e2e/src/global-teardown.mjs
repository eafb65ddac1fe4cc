import { dropRunLeftovers } from '../../packages/test-kit/jest/infrastructure.mjs';

export default async function globalTeardown() {
  await globalThis.__civicStack?.stop();
  await dropRunLeftovers();
}
