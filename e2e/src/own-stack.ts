/**
 * A stack of a browser test's own, for a test that drives decision cycles on its own clock or changes
 * the whole platform (docs/architecture.md#tests, stacks.mjs), with the browser that test drives.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import type { CycleSummary, Proposal, VotingView } from '@civic/contracts';
import { launchBrowser } from './browser.js';
import { apiCall } from './session.js';
import { startBrowserTestStack } from './stacks.mjs';
import { until } from './until.js';

/**
 * A decision cycle that a test's own two members start at once: the start rule asks for 2 verified
 * users and 2 proposals, checked every 2 s, and an extension lasts 2 s. Tests add the phases they wait through.
 */
export const CYCLE_STARTED_BY_TWO = {
  START_MIN_VERIFIED_USERS: '2',
  START_MIN_PROPOSALS: '2',
  PHASE_PROPOSALS_SECONDS: '2',
  PHASE_EXTENSION_SECONDS: '2',
};

/** The lengths of a cycle's phases after the proposals on a test's stack, in seconds. */
export const phaseSeconds = ({ voting, creation, finalVote }: { voting: number | string; creation: number | string; finalVote: number | string }) => ({
  PHASE_VOTING_SECONDS: String(voting),
  PHASE_CREATION_SECONDS: String(creation),
  PHASE_FINAL_VOTE_SECONDS: String(finalVote),
});

/**
 * Ends a cycle's current phase now and lets the phase machine move it on (test stacks only: the
 * decisions service runs with DECISIONS_PHASE_CONTROL).
 */
export async function endPhase(baseUrl: string, cycleId: string): Promise<void> {
  const answer = await fetch(`${baseUrl}/api/decisions/phase-end`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: baseUrl },
    body: JSON.stringify({ cycleId }),
  });
  if (!answer.ok) throw new Error(`PUT /api/decisions/phase-end answered ${answer.status}: run the stack with DECISIONS_PHASE_CONTROL=true`);
}

export interface OwnStack {
  baseUrl: string;
  mailUrl: string;
  /** The mails already read, for registerVerified (src/accounts.ts). */
  seen: Set<string>;
  browser: Browser;
  /** Closes the browser (with every context opened in it), then stops the stack. */
  stop(): Promise<void>;
}

/**
 * Starts the stack `name` with the services' settings `env` (built already by the browser tests' global
 * setup) and a browser. `needsMail`: the test verifies its members through the mail catcher.
 */
export async function startOwnStack(name: string, env: Record<string, string>, { needsMail = true } = {}): Promise<OwnStack> {
  const stack = await startBrowserTestStack(name, env, { build: false });
  try {
    if (needsMail && !stack.mailUrl) throw new Error(`${name} verifies its members through the mail catcher: run it without SMTP_URL`);
    const browser = await launchBrowser();
    return {
      baseUrl: stack.baseUrl,
      mailUrl: stack.mailUrl,
      seen: new Set<string>(),
      browser,
      async stop() {
        await browser.close();
        await stack.stop();
      },
    };
  } catch (error) {
    // The test gets no stack to stop: it is stopped here.
    await stack.stop();
    throw error;
  }
}

export interface NewProposal {
  title: string;
  description: string;
  category: string;
}

/**
 * Once a cycle is open for proposals, each member sends their proposal through the API, then the vote
 * on all of them opens. Each wait lasts up to `timeoutMs`. Answers the proposals' ids, in the members'
 * order, and the vote's view.
 */
export async function proposeAndWaitForTheVote(
  baseUrl: string,
  proposals: readonly (readonly [BrowserContext, NewProposal])[],
  timeoutMs?: number,
): Promise<{ ids: string[]; voting: VotingView }> {
  const reader = proposals[0]![0];
  await until(
    'a cycle open for proposals',
    async () => (await apiCall<{ cycles: CycleSummary[] }>(reader, baseUrl, 'GET', '/api/decisions')).cycles.some((cycle) => cycle.phase === 'proposals'),
    timeoutMs,
  );
  const ids: string[] = [];
  for (const [context, proposal] of proposals) ids.push((await apiCall<Proposal>(context, baseUrl, 'POST', '/api/proposals', proposal)).id);
  const voting = await until(
    'the vote to open',
    async () => {
      const view = await apiCall<VotingView>(reader, baseUrl, 'GET', '/api/decisions/voting-on-proposals');
      return view.cycle?.phase === 'voting' && ids.every((id) => view.proposals.some((proposal) => proposal.id === id)) ? view : null;
    },
    timeoutMs,
  );
  return { ids, voting };
}
