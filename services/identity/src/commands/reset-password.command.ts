import { AccountTokens } from '../store/account-token.repository.js';
import { clearAccountLock } from '../store/login-failure.repository.js';
import { UserRepository } from '../store/user.repository.js';
import { endSessionsOf } from './session-access.js';
import { consumeToken, type TokenOutcome } from './token-access.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/**
 * Follows a password-reset link: new password, older links retired, every session ended. The
 * account's lock for unknown places ends (`lockKey`, the key of its login failures from them), and
 * an account whose email change was undone may log in again.
 */
export function resetPassword(deps: CommandDeps, tokenHash: string, passwordHash: string, lockKey: (email: string) => string): Promise<TokenOutcome> {
  const now = deps.clock();
  return unitOfWork(deps, async (tx, events) => {
    const users = new UserRepository(tx);
    const consumed = await consumeToken(tx, tokenHash, 'password-reset', now);
    if (consumed.verdict !== 'valid') return { verdict: consumed.verdict };
    const current = await users.findById(consumed.token.userId);
    if (!current || current.deletedAt) return { verdict: 'invalid' };
    const user = await users.update(current.id, { passwordHash, passwordResetRequired: false });
    await AccountTokens.retire(tx, user.id, 'password-reset', now);
    await endSessionsOf(tx, events, user.id, 'password-reset', now);
    if (user.email) await clearAccountLock(tx, lockKey(user.email));
    return { verdict: 'valid', user };
  });
}
