// Starts the stack the browser tests share, in a database, NATS prefix and ports of its own. Decision
// cycles keep their real lengths here: the tests that drive cycles (decisions, decisions-creation)
// and the one that runs an election start stacks of their own (e2e/src/stacks.mjs).
import { prepareMigratedTemplate, prepareTestRun } from '../../packages/test-kit/jest/infrastructure.mjs';
import { isBuilt, SHARED_MODERATOR_EMAIL, startBrowserTestStack } from './stacks.mjs';

export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return; // a stack started by hand
  await prepareTestRun();
  await prepareMigratedTemplate();
  const stack = await startBrowserTestStack('e2e', { SEED_MODERATOR_EMAIL: SHARED_MODERATOR_EMAIL }, { build: !isBuilt() });
  globalThis.__civicStack = stack;
  process.env.E2E_BASE_URL = stack.baseUrl;
  if (stack.mailUrl) process.env.E2E_MAIL_URL = stack.mailUrl;
}
