import { markAllViewedPlan } from '../domain/broadcasts.js';
import { AlertRepository } from '../store/alert.repository.js';
import { BroadcastRepository } from '../store/broadcast.repository.js';
import type { NotificationsPrisma } from '../store/prisma.js';
import { unitOfWork } from './unit-of-work.js';

/** PUT /api/users/notifications/mark-all-as-read/{userId}: personal alerts and alerts for everyone; answers how many became read. */
export async function markAllViewed(db: NotificationsPrisma, userId: string): Promise<number> {
  return unitOfWork(db, async (tx) => {
    const personal = await AlertRepository.markAllViewed(tx, userId);
    const parts = (await BroadcastRepository.unreadParts(tx, [userId])).get(userId);
    const plan = parts ? markAllViewedPlan(parts.total, parts.reader, parts.markedAboveSeen) : null;
    if (plan) await BroadcastRepository.markSeen(tx, userId, plan.seen);
    return personal + (plan?.updated ?? 0);
  });
}
