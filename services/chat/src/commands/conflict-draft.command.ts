import type { SqlExecutor } from '@civic/service-kit';
import { DraftRepository } from '../store/draft.repository.js';

/**
 * decisions.draft.conflicted, inside the consumer's transaction: words typed live were not written,
 * since the text changed outside live editing. The next settle is based on the text as it is now.
 * Answers whether the chat holds a document of that text (only then are its sockets told).
 */
export async function conflictDraft(tx: SqlExecutor, conflict: { textId: string; current: string }): Promise<boolean> {
  return new DraftRepository(tx).setBaseBody(conflict.textId, conflict.current);
}
