import { AppError } from '@civic/service-kit';
import { byModerator, messageChanged } from '../domain/message-events.js';
import { mayDelete, type Caller } from '../domain/permissions.js';
import { MessageRepository } from '../store/message.repository.js';
import { permittedMessage, type ChangedMessage } from './message-access.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/** The author, or a moderator once signalled, marks a message deleted (kept, unpinned); one deletion wins. */
export async function deleteMessage(deps: CommandDeps, caller: Caller, id: string): Promise<ChangedMessage> {
  const { message, room } = await permittedMessage(deps.db, id, (facts) => mayDelete(caller, facts));
  const now = deps.clock();
  return unitOfWork(deps.db, async (tx, events) => {
    const messages = new MessageRepository(tx);
    // Only one deletion wins when two arrive together.
    const deleted = await messages.markDeleted(message.id, { deletedAt: now, deletedBy: caller.id, deletedByModerator: byModerator(caller.id, message.userId) });
    if (!deleted) throw new AppError('unauthorizedAction', 403, { reason: 'deleted' });
    const row = await messages.byIdOrThrow(message.id);
    events.push(...messageChanged(row, caller.id, 'deleted', now));
    return { row, room };
  });
}
