import { AccountTokens } from '../store/account-token.repository.js';
import { isUniqueViolation, UserRepository } from '../store/user.repository.js';
import { EmailTakenError } from './register-account.command.js';
import { endSessionsOf } from './session-access.js';
import { consumeToken, linkAt, type NewLink, type TokenOutcome } from './token-access.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/**
 * Follows the undo link sent to the old address: the account keeps (or takes back) that address,
 * its pending email changes and its mail links are dropped, every session ends, the one that asked
 * for the change included, and the account logs in again only once its password is reset, with the
 * `reset` link, mailed to the restored address: whoever changed the address may know the password.
 */
export async function undoEmailChange(deps: CommandDeps, tokenHash: string, reset: NewLink): Promise<TokenOutcome> {
  const now = deps.clock();
  try {
    return await unitOfWork(deps, async (tx, events) => {
      const users = new UserRepository(tx);
      const consumed = await consumeToken(tx, tokenHash, 'email-undo', now);
      if (consumed.verdict !== 'valid') return { verdict: consumed.verdict };
      const current = await users.findById(consumed.token.userId);
      if (!current || current.deletedAt || !consumed.token.newEmail) return { verdict: 'invalid' };
      const user = await users.update(current.id, { email: consumed.token.newEmail, passwordResetRequired: true });
      for (const purpose of ['email-change', 'email-undo', 'password-reset', 'verify-account'] as const) await AccountTokens.retire(tx, user.id, purpose, now);
      await AccountTokens.create(tx, { userId: user.id, purpose: 'password-reset', ...linkAt(reset, now) }, now);
      await endSessionsOf(tx, events, user.id, 'email-change-undone', now);
      return { verdict: 'valid', user };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}
