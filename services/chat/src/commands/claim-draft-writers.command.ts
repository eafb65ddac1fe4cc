import { DraftRepository } from '../store/draft.repository.js';
import type { CommandDeps } from './unit-of-work.js';

/**
 * Gives `userId` the Yjs client ids of a text that nobody writes under yet, and answers the member
 * of each of them after that (docs/co-drafting.md#updates). The insert leaves an id another member
 * holds as it is, on any pod; the read that follows is a statement of its own, so it sees a claim
 * another pod committed while the insert waited for it.
 */
export async function claimDraftWriters(deps: Pick<CommandDeps, 'db'>, claim: { textId: string; userId: string; clientIds: readonly number[] }): Promise<Map<number, string>> {
  const drafts = new DraftRepository(deps.db);
  await drafts.insertWriters(claim.textId, claim.userId, claim.clientIds);
  return drafts.writers(claim.textId, claim.clientIds);
}
