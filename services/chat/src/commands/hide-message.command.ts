import { mayHide, type Caller } from '../domain/permissions.js';
import { MessageRepository, type MessageRow } from '../store/message.repository.js';
import { facts, messageOf } from './message-access.js';
import { refused, unitOfWork, type CommandDeps } from './unit-of-work.js';

/** A moderator hides a message in the chat or shows it again (text kept for its author and moderators; no event). */
export async function hideMessage(deps: CommandDeps, caller: Caller, input: { id: string; hidden: boolean }): Promise<MessageRow> {
  const { message } = await messageOf(deps.db, input.id);
  refused(mayHide(caller, facts(message)));
  return unitOfWork(deps.db, (tx) => new MessageRepository(tx).hide(message.id, input.hidden));
}
