import type { SqlExecutor } from '@civic/service-kit';
import type { DocumentChange } from '../domain/follow-alerts.js';
import { FollowRepository } from '../store/follow.repository.js';

/** decisions.text.versioned, inside the consumer's transaction: the followable document created, retitled or marked deleted. */
export async function recordDocument(tx: SqlExecutor, change: DocumentChange): Promise<void> {
  await FollowRepository.applyDocumentChange(tx, change);
}
