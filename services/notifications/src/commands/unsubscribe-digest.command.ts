import { AppError } from '@civic/service-kit';
import { staleLinkReason, verifyUnsubscribeToken } from '../domain/digest.js';
import { FollowRepository } from '../store/follow.repository.js';
import type { NotificationsPrisma } from '../store/prisma.js';
import { unitOfWork } from './unit-of-work.js';

/**
 * The digest mail's unsubscribe link (POST /api/users/notifications/digest/unsubscribe from the
 * shell's page, or the mail client's one-click POST): turns the digest off for the member its token
 * is signed for, the other preferences kept. A token not signed with our key is a 400
 * `invalidUnsubscribeLink`; so is one past its age or signed before the member last changed their
 * preferences (`data.reason` 'expired' or 'changed').
 */
export async function unsubscribeDigest(db: NotificationsPrisma, unsubscribeKey: string, token: string, now: Date): Promise<void> {
  const claim = verifyUnsubscribeToken(unsubscribeKey, token);
  if (!claim) throw new AppError('invalidUnsubscribeLink', 400);
  await unitOfWork(db, async (tx) => {
    const reason = staleLinkReason(claim, await FollowRepository.lockPreferenceVersion(tx, claim.userId), now);
    if (reason) throw new AppError('invalidUnsubscribeLink', 400, { reason });
    await FollowRepository.digestOff(tx, claim.userId);
  });
}
