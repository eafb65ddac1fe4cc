import { AccountTokens } from '../store/account-token.repository.js';
import { linkAt, type NewLink } from './token-access.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/** A new mail link (verification or password reset); the user's older unused links of the purpose stop working. */
export async function issueAccountLink(deps: CommandDeps, userId: string, purpose: 'verify-account' | 'password-reset', link: NewLink): Promise<void> {
  const now = deps.clock();
  await unitOfWork(deps, async (tx) => {
    await AccountTokens.lock(tx, userId, purpose);
    await AccountTokens.retire(tx, userId, purpose, now);
    await AccountTokens.create(tx, { userId, purpose, ...linkAt(link, now) }, now);
  });
}
