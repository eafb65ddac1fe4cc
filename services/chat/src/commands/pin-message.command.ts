import { mayPin, type Caller } from '../domain/permissions.js';
import { MessageRepository } from '../store/message.repository.js';
import { facts, messageOf, type ChangedMessage } from './message-access.js';
import { refused, unitOfWork, type CommandDeps } from './unit-of-work.js';

/** A moderator pins or unpins a message of an open room (no event). */
export async function pinMessage(deps: CommandDeps, caller: Caller, input: { id: string; pin: boolean }): Promise<ChangedMessage> {
  const { message, room } = await messageOf(deps.db, input.id);
  refused(mayPin(caller, { open: room.closedAt === null }, facts(message)));
  return { row: await unitOfWork(deps.db, (tx) => new MessageRepository(tx).pin(message.id, input.pin)), room };
}
