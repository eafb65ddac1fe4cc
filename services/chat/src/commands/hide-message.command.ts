import { mayHide, type Caller } from '../domain/permissions.js';
import { MessageRepository } from '../store/message.repository.js';
import { facts, messageOf, type ChangedMessage } from './message-access.js';
import { refused, unitOfWork, type CommandDeps } from './unit-of-work.js';

/** A moderator hides a message in the chat or shows it again (text kept for its author and moderators; no event). */
export async function hideMessage(deps: CommandDeps, caller: Caller, input: { id: string; hidden: boolean }): Promise<ChangedMessage> {
  const { message, room } = await messageOf(deps.db, input.id);
  refused(mayHide(caller, facts(message)));
  return { row: await unitOfWork(deps.db, (tx) => new MessageRepository(tx).hide(message.id, input.hidden)), room };
}
