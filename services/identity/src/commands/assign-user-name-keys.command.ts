import { isUniqueViolation, UserRepository } from '../store/user.repository.js';
import type { CommandDeps } from './unit-of-work.js';

/**
 * Gives the live accounts without a name key, or keyed by an older rule than `version`, their key
 * (oldest first). An older account's key wins over a newer one's: when a newer account still holds
 * the key by the older rule, it gives it up and gets its own later in the loop; an account whose key
 * another account holds by the current rule keeps its name without a key until it is renamed.
 * Answers how many were given.
 */
export async function assignUserNameKeys(deps: Pick<CommandDeps, 'db'>, keyOf: (userName: string) => string, version: number): Promise<number> {
  const users = new UserRepository(deps.db);
  let assigned = 0;
  for (const user of await users.withoutNameKey(version)) {
    const key = keyOf(user.userName);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        await users.update(user.id, { userNameKey: key, userNameKeyVersion: version });
        assigned += 1;
        break;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const holder = await users.findByNameKey(key);
        if (attempt === 0 && holder && holder.id !== user.id && holder.userNameKeyVersion < version) {
          await users.update(holder.id, { userNameKey: null });
          continue;
        }
        await users.update(user.id, { userNameKey: null, userNameKeyVersion: version });
        break;
      }
    }
  }
  return assigned;
}
