import { AppError } from '@civic/service-kit';
import { messageSignalled } from '../domain/message-events.js';
import { maySignal, type Caller } from '../domain/permissions.js';
import { MessageRepository } from '../store/message.repository.js';
import { permittedMessage, type ChangedMessage } from './message-access.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/** Any member but the author signals a message to the moderators, once. */
export async function signalMessage(deps: CommandDeps, caller: Caller, id: string): Promise<ChangedMessage> {
  const { message, room } = await permittedMessage(deps.db, id, (facts) => maySignal(caller, facts));
  const now = deps.clock();
  return unitOfWork(deps.db, async (tx, events) => {
    const messages = new MessageRepository(tx);
    if (!(await messages.markSignalled(message.id, caller.id, now))) throw new AppError('unauthorizedAction', 403, { reason: 'already-signalled' });
    events.push(messageSignalled(message, caller.id, now));
    return { row: await messages.byIdOrThrow(message.id), room };
  });
}
