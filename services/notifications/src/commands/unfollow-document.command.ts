import { FollowRepository } from '../store/follow.repository.js';
import type { NotificationsPrisma } from '../store/prisma.js';
import { unitOfWork } from './unit-of-work.js';

/** DELETE /api/users/notifications/follows/{documentId}: the member stops following it (again harmless). */
export async function unfollowDocument(db: NotificationsPrisma, userId: string, documentId: string): Promise<void> {
  await unitOfWork(db, (tx) => FollowRepository.unfollow(tx, userId, documentId));
}
