import { AccountTokens } from '../store/account-token.repository.js';
import { UserRepository } from '../store/user.repository.js';
import { endSessionsOf } from './session-access.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/** A new password chosen by the logged-in owner: the other sessions end, pending reset links stop working. */
export async function changePassword(deps: CommandDeps, userId: string, passwordHash: string, keepSessionId: string): Promise<void> {
  const now = deps.clock();
  await unitOfWork(deps, async (tx, events) => {
    await new UserRepository(tx).update(userId, { passwordHash });
    await AccountTokens.retire(tx, userId, 'password-reset', now);
    await endSessionsOf(tx, events, userId, 'password-change', now, keepSessionId);
  });
}
