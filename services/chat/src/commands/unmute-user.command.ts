import type { Caller } from '../domain/permissions.js';
import { MessageRepository } from '../store/message.repository.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/** A member takes back a mute (no event; nothing happens when there was none). */
export async function unmuteUser(deps: CommandDeps, caller: Caller, userId: string): Promise<void> {
  await unitOfWork(deps.db, (tx) => new MessageRepository(tx).unmute(caller.id, userId));
}
