import type { Caller } from '../domain/permissions.js';
import { MessageRepository } from '../store/message.repository.js';
import type { CommandDeps } from './unit-of-work.js';

/** A member takes back a mute (no event; nothing happens when there was none). */
export async function unmuteUser(deps: CommandDeps, caller: Caller, userId: string): Promise<void> {
  await new MessageRepository(deps.db).unmute(caller.id, userId);
}
