import { isUniqueViolation, UserRepository } from '../store/user.repository.js';
import type { CommandDeps } from './unit-of-work.js';

/**
 * Gives the live accounts made before names had keys theirs (oldest first); an account whose key
 * an older one holds keeps its name without one until it is renamed. Answers how many were given.
 */
export async function assignUserNameKeys(deps: Pick<CommandDeps, 'db'>, keyOf: (userName: string) => string): Promise<number> {
  const users = new UserRepository(deps.db);
  let assigned = 0;
  for (const user of await users.withoutNameKey()) {
    try {
      await users.update(user.id, { userNameKey: keyOf(user.userName) });
      assigned += 1;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return assigned;
}
