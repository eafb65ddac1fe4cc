import { AppError } from '@civic/service-kit';
import { userMuted } from '../domain/message-events.js';
import { mayMute, type Caller } from '../domain/permissions.js';
import { MemberRepository } from '../store/member.repository.js';
import { MessageRepository } from '../store/message.repository.js';
import { refused, unitOfWork, type CommandDeps } from './unit-of-work.js';

/**
 * A member mutes an author (a user the chat knows, or one they muted already); only a new mute is
 * announced. Answers whether it is new.
 */
export async function muteUser(deps: CommandDeps, caller: Caller, userId: string): Promise<boolean> {
  refused(mayMute(caller, userId));
  const known = (await new MemberRepository(deps.db).standing(userId)) ?? (await new MessageRepository(deps.db).mutedBy(caller.id)).includes(userId);
  if (!known) throw new AppError('userNotFound', 404);
  const now = deps.clock();
  return unitOfWork(deps.db, async (tx, events) => {
    if (!(await new MessageRepository(tx).insertMute(caller.id, userId, now))) return false;
    events.push(userMuted(caller.id, userId, now));
    return true;
  });
}
