/**
 * Verified members for browser tests that are not about the account screens themselves: the account
 * is registered through the API, and its verification link, read from the mail catcher, is opened in
 * the browser context, which logs that context in (the identity browser test covers the forms).
 */
import type { BrowserContext } from 'playwright-core';
import { waitForMailLink } from './mail.js';
import { SHARED_MODERATOR_EMAIL } from './stacks.mjs';

const VERIFY_TIMEOUT_MS = 45_000;

export interface Account {
  email: string;
  userName: string;
  password: string;
  locale: 'en' | 'fr';
}

/** Registers `account`, opens its verification link in `context` and answers once that context is logged in. */
export async function registerVerified(
  context: BrowserContext,
  { baseUrl, mailUrl, seen }: { baseUrl: string; mailUrl: string; seen: Set<string> },
  account: Account,
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(account),
  });
  if (response.status !== 201) throw new Error(`registering ${account.email} answered ${response.status}: ${await response.text()}`);
  const { link } = await waitForMailLink(mailUrl, account.email, '/verify-account', { seen });
  const page = await context.newPage();
  try {
    // A first visit loads the shell and its remotes cold; with two browser suites sharing two cores in
    // CI that took longer than a context's usual 10 s, so the verification gets its own allowance.
    const verified = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/auth/verify-account', { timeout: VERIFY_TIMEOUT_MS });
    await page.goto(`${baseUrl}${link.pathname}${link.search}`, { timeout: VERIFY_TIMEOUT_MS });
    const answer = await verified;
    if (!answer.ok()) throw new Error(`verifying ${account.email} answered ${answer.status()}`);
  } finally {
    await page.close();
  }
}

/**
 * Logs `context` in as the shared stack's seeded first moderator: registered and verified by the
 * first test that needs it, logged in by the others (also when another test registered it meanwhile).
 */
export async function logInSharedModerator(context: BrowserContext, stack: { baseUrl: string; mailUrl: string; seen: Set<string> }): Promise<void> {
  const moderator: Account = { email: SHARED_MODERATOR_EMAIL, userName: 'Moderator', password: 'keeps-the-peace-1', locale: 'en' };
  const logIn = () => context.request.post(`${stack.baseUrl}/api/login`, { data: { email: moderator.email, password: moderator.password } });
  if ((await logIn()).ok()) return;
  try {
    await registerVerified(context, stack, moderator);
  } catch (error) {
    // Registered by another test meanwhile: its verification logged nobody in here.
    if (!(await logIn()).ok()) throw error;
  }
}
