import { FollowRepository } from '../store/follow.repository.js';
import type { NotificationsPrisma } from '../store/prisma.js';
import { unitOfWork } from './unit-of-work.js';

/** PUT /api/users/notifications/follows/{documentId}: follows a known, undeleted document (again harmless); false when there is none. */
export async function followDocument(db: NotificationsPrisma, userId: string, documentId: string, at: Date): Promise<boolean> {
  return unitOfWork(db, (tx) => FollowRepository.follow(tx, userId, documentId, at));
}
