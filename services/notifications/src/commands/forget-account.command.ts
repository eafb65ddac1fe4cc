import type { SqlExecutor } from '@civic/service-kit';
import { AlertRepository } from '../store/alert.repository.js';
import { BroadcastRepository } from '../store/broadcast.repository.js';
import { FollowRepository } from '../store/follow.repository.js';

/**
 * identity.user.deleted, inside the consumer's transaction: the account is remembered as deleted (no
 * later event gives it an alert) and its alerts, marks, follows and preferences are removed.
 */
export async function forgetAccount(tx: SqlExecutor, userId: string, deletedAt: string): Promise<void> {
  await AlertRepository.forgetUser(tx, userId, deletedAt);
  await BroadcastRepository.forgetUser(tx, userId);
  await FollowRepository.forgetUser(tx, userId);
}
