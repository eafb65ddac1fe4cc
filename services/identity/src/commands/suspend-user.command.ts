import { AppError } from '@civic/service-kit';
import { accountSuspended, tokensRevoked } from '../domain/account-events.js';
import { suspensionRefusal } from '../domain/permissions.js';
import { isSuspensionLength, suspendedUntil } from '../domain/suspension.js';
import type { User } from '../generated/prisma/client.js';
import { UserRepository } from '../store/user.repository.js';
import { moderationTarget } from './moderation-access.js';
import { refused, unitOfWork, type CommandDeps } from './unit-of-work.js';

/** A moderator suspends a member for `minutes`; the member's earlier access tokens stop counting everywhere. Answers when it ends. */
export async function suspendUser(deps: CommandDeps, moderator: User, targetId: string, minutes: number): Promise<Date> {
  const target = await moderationTarget(deps, moderator, targetId);
  const now = deps.clock();
  refused(suspensionRefusal(moderator, target, now));
  if (!isSuspensionLength(minutes)) throw new AppError('suspensionError', 400);
  const until = suspendedUntil(now, minutes);
  await unitOfWork(deps, async (tx, events) => {
    await new UserRepository(tx).update(target.id, { suspendedUntil: until });
    events.push(accountSuspended(target.id, until, now), tokensRevoked(target.id, now));
  });
  return until;
}
