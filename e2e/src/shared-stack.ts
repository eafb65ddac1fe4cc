/**
 * The stack the browser tests share (docs/architecture.md#tests): started by global-setup.mjs, or by
 * hand with E2E_BASE_URL (and E2E_MAIL_URL for its mail catcher) set.
 */
export const sharedStack = {
  baseUrl: (process.env.E2E_BASE_URL ?? '').replace(/\/+$/, ''),
  mailUrl: process.env.E2E_MAIL_URL ?? '',
  /** The mails this test file already read, for registerVerified (accounts.ts). */
  seen: new Set<string>(),
};

/** Fails early when the shared stack is not set, or its mail catcher when the test reads mails (`mailUse` says why). */
export function requireSharedStack(mailUse?: string): void {
  if (!sharedStack.baseUrl) throw new Error('E2E_BASE_URL is not set: the browser tests need the running stack');
  if (mailUse && !sharedStack.mailUrl) throw new Error(`E2E_MAIL_URL is not set: ${mailUse}`);
}
