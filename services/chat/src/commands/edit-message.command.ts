import { AppError } from '@civic/service-kit';
import { byModerator, messageChanged } from '../domain/message-events.js';
import { mayEdit, type Caller } from '../domain/permissions.js';
import { textProblem } from '../domain/validation.js';
import { MessageRepository } from '../store/message.repository.js';
import { permittedMessage, type ChangedMessage } from './message-access.js';
import { limitRate, unitOfWork, type CommandDeps } from './unit-of-work.js';

/** An edit by its author (open room), or by a moderator once signalled (then announced as moderated). */
export async function editMessage(deps: CommandDeps, caller: Caller, input: { id: string; text: string }): Promise<ChangedMessage> {
  const { message, room } = await permittedMessage(deps.db, input.id, (facts, roomFacts) => mayEdit(caller, roomFacts, facts));
  const problem = textProblem(input.text);
  if (problem) throw new AppError('badRequest', 400, { reason: problem });
  await limitRate(deps.limiter, caller.id);
  const now = deps.clock();
  return unitOfWork(deps.db, async (tx, events) => {
    const row = await new MessageRepository(tx).updateText(message.id, { text: input.text, editedAt: now, editedByModerator: byModerator(caller.id, message.userId) });
    events.push(...messageChanged(row, caller.id, 'edited', now));
    return { row, room };
  });
}
