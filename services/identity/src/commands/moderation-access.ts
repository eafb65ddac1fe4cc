import { AppError } from '@civic/service-kit';
import type { User } from '../generated/prisma/client.js';
import { UserRepository } from '../store/user.repository.js';
import type { CommandDeps } from './unit-of-work.js';

/** The member a moderation acts on: 403 when the caller is no moderator, then 404 when there is no such account. */
export async function moderationTarget(deps: Pick<CommandDeps, 'db'>, moderator: User, targetId: string): Promise<User> {
  const target = await new UserRepository(deps.db).findById(targetId);
  if (!moderator.moderator) throw new AppError('unauthorizedAction', 403, { reason: 'notModerator' });
  if (!target) throw new AppError('userNotFound', 404);
  return target;
}
