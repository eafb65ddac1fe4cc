import type { SqlExecutor } from '@civic/service-kit';
import type { FollowAlert } from '../domain/follow-alerts.js';
import { AlertRepository } from '../store/alert.repository.js';

/**
 * The alerts for the followers of the documents concerned, inside the consumer's transaction: each
 * follower whose preference asks for it (docs/product.md#following). Answers the followers told.
 */
export async function alertFollowers(tx: SqlExecutor, alerts: FollowAlert[]): Promise<string[]> {
  const users = new Set<string>();
  for (const alert of alerts) for (const user of await AlertRepository.insertForFollowers(tx, alert)) users.add(user);
  return [...users];
}
