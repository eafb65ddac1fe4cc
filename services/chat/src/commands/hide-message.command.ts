import { mayHide, type Caller } from '../domain/permissions.js';
import { MessageRepository } from '../store/message.repository.js';
import { permittedMessage, type ChangedMessage } from './message-access.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/** A moderator hides a message in the chat or shows it again (text kept for its author and moderators; no event). */
export async function hideMessage(deps: CommandDeps, caller: Caller, input: { id: string; hidden: boolean }): Promise<ChangedMessage> {
  const { message, room } = await permittedMessage(deps.db, input.id, (facts) => mayHide(caller, facts));
  return { row: await unitOfWork(deps.db, (tx) => new MessageRepository(tx).hide(message.id, input.hidden)), room };
}
