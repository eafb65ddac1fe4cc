import { roleChanged } from '../domain/account-events.js';
import { UserRepository } from '../store/user.repository.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/**
 * The first moderator of a fresh installation: the account of SEED_MODERATOR_EMAIL becomes
 * moderator as long as no election result was applied (after that, only elections set roles).
 */
export async function seedModerator(deps: CommandDeps, email: string): Promise<boolean> {
  if (!email) return false;
  const now = deps.clock();
  return unitOfWork(deps, async (tx, events) => {
    const users = new UserRepository(tx);
    if ((await users.countAppliedElections()) > 0) return false;
    const user = await users.findByEmail(email);
    if (!user || user.moderator || user.deletedAt) return false;
    await users.update(user.id, { moderator: true });
    events.push(roleChanged({ userId: user.id, moderator: true, scribe: user.scribe }, now));
    return true;
  });
}
