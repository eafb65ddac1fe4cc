import { DraftRepository } from '../store/draft.repository.js';
import type { CommandDeps } from './unit-of-work.js';

/**
 * Stores an update a creator typed (checked and applied to the pod's document before). One INSERT,
 * atomic by itself and without an event, so it opens no transaction of its own: a keystroke costs one
 * round trip, and the foreign key orders it against a settle (store/draft.repository.ts).
 */
export async function recordDraftUpdate(deps: Pick<CommandDeps, 'db'>, update: { textId: string; userId: string; data: Uint8Array }): Promise<bigint> {
  return new DraftRepository(deps.db).append(update.textId, update.userId, update.data);
}
