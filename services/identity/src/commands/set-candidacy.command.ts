import { candidacyChanged } from '../domain/account-events.js';
import { formatDate, parseDate, type CandidacyChange } from '../domain/candidacy.js';
import { candidacyRefusal } from '../domain/permissions.js';
import type { User } from '../generated/prisma/client.js';
import { UserRepository } from '../store/user.repository.js';
import { refused, unitOfWork, type CommandDeps } from './unit-of-work.js';

/**
 * Stands for (date) or withdraws from (null) a role, for the caller's own account; standing needs a
 * verified account that is not suspended. `identity.user.candidacy-changed` when it changes.
 */
export async function setCandidacy(deps: CommandDeps, caller: User, change: CandidacyChange): Promise<User> {
  const now = deps.clock();
  refused(candidacyRefusal(caller, change.date !== null, now));
  return unitOfWork(deps, async (tx, events) => {
    const users = new UserRepository(tx);
    const current = await users.getById(caller.id);
    if (formatDate(current[change.field]) === change.date) return current;
    const user = await users.update(caller.id, { [change.field]: change.date === null ? null : parseDate(change.date) });
    events.push(candidacyChanged(caller.id, user.userName, change.candidateTo, change.date, now));
    return user;
  });
}
