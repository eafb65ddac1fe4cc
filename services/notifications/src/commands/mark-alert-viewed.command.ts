import { personalAlertRefusal, type Refusal } from '../domain/alert-access.js';
import { markViewedPlan, standing } from '../domain/broadcasts.js';
import { AlertRepository, type AlertView } from '../store/alert.repository.js';
import { BroadcastRepository } from '../store/broadcast.repository.js';
import type { NotificationsPrisma } from '../store/prisma.js';
import { broadcastView, locateAlert } from './locate-alert.js';
import { unitOfWork } from './unit-of-work.js';

/** PUT /api/users/notifications/{id}: viewed 0 -> 1 (again harmless); answers the alert. */
export async function markAlertViewed(db: NotificationsPrisma, id: number, userId: string): Promise<AlertView | Refusal> {
  return unitOfWork(db, async (tx) => {
    const found = await locateAlert(tx, id, userId);
    if (!found) return 'missing';
    if ('owner' in found) {
      const refusal = personalAlertRefusal(found.owner, userId);
      if (refusal) return refusal;
      // The owner read is the statement's guard: an alert deleted meanwhile is missing.
      return (await AlertRepository.markViewed(tx, id, found.owner)) ?? 'missing';
    }
    const { broadcast } = found;
    const plan = markViewedPlan(standing(broadcast.seq, broadcast.reader, broadcast.mark));
    if (plan === 'missing') return 'missing';
    if (plan === 'mark') await BroadcastRepository.mark(tx, userId, broadcast.seq, 'viewed');
    return broadcastView(broadcast, userId, 1);
  });
}
