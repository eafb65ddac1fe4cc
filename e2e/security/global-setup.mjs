// Starts the one stack the security tests share, in a database, NATS prefix and ports of its own.
// Decision cycles are short enough that the authorization matrix gets real laws in their drafting
// phase within seconds; the elections clock can be moved so that a scribe is elected for real.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepareMigratedTemplate, prepareTestRun } from '../../packages/test-kit/jest/infrastructure.mjs';
import { isBuilt, startBrowserTestStack } from '../src/stacks.mjs';

/** Identity's seeded first moderator on this stack (SEED_MODERATOR_EMAIL). */
export const SECURITY_MODERATOR_EMAIL = 'moderator.security@example.test';

const STACK_ENV = {
  SEED_MODERATOR_EMAIL: SECURITY_MODERATOR_EMAIL,
  ELECTIONS_CLOCK_CONTROL: 'true',
  // The first cycle leaves its proposals phase once the matrix's owner has made 15 proposals; the
  // next cycle never gathers 15, so its proposals stay editable for the whole run.
  START_MIN_VERIFIED_USERS: '1',
  START_MIN_PROPOSALS: '15',
  PROPOSAL_INTERVAL_DAYS: '0',
  PHASE_PROPOSALS_SECONDS: '1',
  PHASE_EXTENSION_SECONDS: '1',
  PHASE_VOTING_SECONDS: '6',
  PHASE_CREATION_SECONDS: '3600',
  SELECTED_PROPOSALS: '2',
  SECOND_CHANCE_PROPOSALS: '0',
  CREATORS_PER_LAW: '1',
  PHASE_TICK_MS: '250',
  // The chat's socket matrix posts a fresh message for each row it acts on, all by one author; the
  // per-user message rate (5 per 10 s by default) has its own tests in the chat's integration tests.
  CHAT_RATE_LIMIT: '100',
};

export default async function globalSetup() {
  // Where the test files share what is built once per run (support/shared.ts), workers included.
  process.env.SECURITY_SHARED_DIR = mkdtempSync(path.join(tmpdir(), 'civic-security-'));
  if (process.env.SECURITY_BASE_URL) return; // a stack started by hand
  await prepareTestRun();
  await prepareMigratedTemplate();
  // `pnpm test` builds before jest runs; a run of this project alone builds only when nothing is built.
  const stack = await startBrowserTestStack('security', STACK_ENV, { build: !isBuilt() });
  globalThis.__civicSecurityStack = stack;
  process.env.SECURITY_BASE_URL = stack.baseUrl;
  process.env.SECURITY_MAIL_URL = stack.mailUrl;
  process.env.SECURITY_MODERATOR_EMAIL = SECURITY_MODERATOR_EMAIL;
}
