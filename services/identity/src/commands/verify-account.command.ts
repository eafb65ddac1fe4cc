import { accountVerified } from '../domain/account-events.js';
import { AccountTokens } from '../store/account-token.repository.js';
import { UserRepository } from '../store/user.repository.js';
import { consumeToken, type TokenOutcome } from './token-access.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/** A verification link opened again once its account is verified is told apart from a broken link. */
export type VerificationOutcome = TokenOutcome | { verdict: 'alreadyVerified' };

/** Follows a verification link: the account becomes verified (once) and `identity.user.verified` is published. */
export function verifyAccount(deps: CommandDeps, tokenHash: string): Promise<VerificationOutcome> {
  const now = deps.clock();
  return unitOfWork(deps, async (tx, events) => {
    const users = new UserRepository(tx);
    const consumed = await consumeToken(tx, tokenHash, 'verify-account', now);
    if (consumed.verdict !== 'valid') {
      const ownerId = await AccountTokens.ownerOf(tx, tokenHash, 'verify-account');
      const owner = ownerId ? await users.findById(ownerId) : null;
      return owner?.verifiedAt && !owner.deletedAt ? { verdict: 'alreadyVerified' } : { verdict: consumed.verdict };
    }
    const current = await users.findById(consumed.token.userId);
    if (!current || current.deletedAt) return { verdict: 'invalid' };
    if (current.verifiedAt) return { verdict: 'valid', user: current };
    const user = await users.update(current.id, { verifiedAt: now });
    await AccountTokens.retire(tx, user.id, 'verify-account', now);
    events.push(accountVerified(user.id, now));
    return { verdict: 'valid', user };
  });
}
