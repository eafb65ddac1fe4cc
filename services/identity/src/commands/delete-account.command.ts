import { accountDeleted, accountLeaving } from '../domain/account-events.js';
import { anonymizedAccount } from '../domain/anonymization.js';
import { UserRepository } from '../store/user.repository.js';
import { endSessionsOf } from './session-access.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/** Anonymizes the account, ends its sessions, drops its links and announces `identity.user.deleted`. */
export async function deleteAccount(deps: CommandDeps, userId: string): Promise<void> {
  const now = deps.clock();
  await unitOfWork(deps, async (tx, events) => {
    const users = new UserRepository(tx);
    const before = await users.getById(userId);
    await users.update(userId, anonymizedAccount(now));
    events.push(...accountLeaving(userId, before, now));
    await endSessionsOf(tx, events, userId, 'account-deleted', now);
    await users.deleteTokensOf(userId);
    events.push(accountDeleted(userId, now));
  });
}
