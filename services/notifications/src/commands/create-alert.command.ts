import type { AlertContent } from '../domain/alert-messages.js';
import { AlertRepository, type AlertView } from '../store/alert.repository.js';
import type { NotificationsPrisma } from '../store/prisma.js';
import { unitOfWork } from './unit-of-work.js';

/** POST /api/users/notifications: one personal alert; null when the account was deleted. */
export async function createAlert(db: NotificationsPrisma, userId: string, content: AlertContent): Promise<AlertView | null> {
  return unitOfWork(db, (tx) => AlertRepository.create(tx, userId, content));
}
