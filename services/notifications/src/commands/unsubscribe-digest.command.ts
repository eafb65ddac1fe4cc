import { AppError } from '@civic/service-kit';
import { verifyUnsubscribeToken } from '../domain/digest.js';
import { FollowRepository } from '../store/follow.repository.js';
import type { NotificationsPrisma } from '../store/prisma.js';
import { unitOfWork } from './unit-of-work.js';

/**
 * POST /api/users/notifications/digest/unsubscribe: the digest mail's one-click link turns the digest
 * off for the member its token is signed for (the other preferences kept); a token not signed for its
 * member is a 400 `invalidUnsubscribeLink`.
 */
export async function unsubscribeDigest(db: NotificationsPrisma, unsubscribeKey: string, token: string): Promise<void> {
  const userId = verifyUnsubscribeToken(unsubscribeKey, token);
  if (!userId) throw new AppError('invalidUnsubscribeLink', 400);
  await unitOfWork(db, (tx) => FollowRepository.digestOff(tx, userId));
}
