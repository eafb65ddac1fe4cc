import type { Locale } from '@civic/contracts';
import { accountRenamed, tokensRevoked } from '../domain/account-events.js';
import type { User } from '../generated/prisma/client.js';
import { isUserNameKeyViolation, UserRepository } from '../store/user.repository.js';
import { UserNameTakenError } from './register-account.command.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/**
 * Name (with its uniqueness key) and mail language; `identity.user.renamed` when the name changes,
 * and the member's earlier access tokens, which carry the old name, stop counting.
 */
export async function editProfile(deps: CommandDeps, userId: string, changes: { userName?: string; userNameKey?: string; userNameKeyVersion?: number; locale?: Locale }): Promise<User> {
  const now = deps.clock();
  try {
    return await unitOfWork(deps, async (tx, events) => {
      const users = new UserRepository(tx);
      const current = await users.getById(userId);
      if (changes.userNameKey !== undefined) {
        const holder = await users.holderOfNameKey(changes.userNameKey);
        if (holder && holder !== userId) throw new UserNameTakenError();
      }
      const user = await users.update(userId, changes);
      if (user.userName !== current.userName) events.push(accountRenamed(userId, user.userName, now), tokensRevoked(userId, now));
      return user;
    });
  } catch (error) {
    if (isUserNameKeyViolation(error)) throw new UserNameTakenError();
    throw error;
  }
}
