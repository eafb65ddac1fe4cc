import type { SqlClient } from '@civic/service-kit';
import type { AlertContent } from '../domain/alert-messages.js';
import { AlertRepository, type AlertView } from '../store/alert.repository.js';

/** POST /api/users/notifications: one personal alert; null when the account was deleted. */
export async function createAlert(db: SqlClient, userId: string, content: AlertContent): Promise<AlertView | null> {
  return db.$transaction((tx) => AlertRepository.create(tx, userId, content));
}
