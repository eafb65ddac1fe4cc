import { suspensionLifted } from '../domain/account-events.js';
import { suspensionRefusal } from '../domain/permissions.js';
import type { User } from '../generated/prisma/client.js';
import { UserRepository } from '../store/user.repository.js';
import { moderationTarget } from './moderation-access.js';
import { refused, unitOfWork, type CommandDeps } from './unit-of-work.js';

/** A moderator ends a member's running suspension; false (and no event) when the member was not suspended. */
export async function liftSuspension(deps: CommandDeps, moderator: User, targetId: string): Promise<boolean> {
  const target = await moderationTarget(deps, moderator, targetId);
  const now = deps.clock();
  refused(suspensionRefusal(moderator, target, now));
  return unitOfWork(deps, async (tx, events) => {
    if (!(await new UserRepository(tx).clearRunningSuspension(target.id, now))) return false;
    events.push(suspensionLifted(target.id, now));
    return true;
  });
}
