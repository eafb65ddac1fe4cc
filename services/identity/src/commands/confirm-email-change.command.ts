import { AccountTokens } from '../store/account-token.repository.js';
import { isUniqueViolation, UserRepository } from '../store/user.repository.js';
import { EmailTakenError } from './register-account.command.js';
import { consumeToken, type TokenOutcome } from './token-access.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/** Follows an email-change link (sent to the new address): the account takes that address. */
export async function confirmEmailChange(deps: CommandDeps, tokenHash: string): Promise<TokenOutcome> {
  const now = deps.clock();
  try {
    return await unitOfWork(deps, async (tx) => {
      const users = new UserRepository(tx);
      const consumed = await consumeToken(tx, tokenHash, 'email-change', now);
      if (consumed.verdict !== 'valid') return { verdict: consumed.verdict };
      const current = await users.findById(consumed.token.userId);
      if (!current || current.deletedAt || !consumed.token.newEmail) return { verdict: 'invalid' };
      const user = await users.update(current.id, { email: consumed.token.newEmail });
      await AccountTokens.retire(tx, user.id, 'email-change', now);
      return { verdict: 'valid', user };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}
