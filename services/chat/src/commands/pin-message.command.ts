import { mayPin, type Caller } from '../domain/permissions.js';
import { MessageRepository } from '../store/message.repository.js';
import { permittedMessage, type ChangedMessage } from './message-access.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/** A moderator pins or unpins a message of an open room (no event). */
export async function pinMessage(deps: CommandDeps, caller: Caller, input: { id: string; pin: boolean }): Promise<ChangedMessage> {
  const { message, room } = await permittedMessage(deps.db, input.id, (facts, roomFacts) => mayPin(caller, roomFacts, facts));
  return { row: await unitOfWork(deps.db, (tx) => new MessageRepository(tx).pin(message.id, input.pin)), room };
}
