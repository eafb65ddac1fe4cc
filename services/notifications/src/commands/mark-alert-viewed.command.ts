import type { Refusal } from '../domain/alert-access.js';
import { markViewedPlan, standing } from '../domain/broadcasts.js';
import { AlertRepository, type AlertView } from '../store/alert.repository.js';
import { BroadcastRepository } from '../store/broadcast.repository.js';
import type { NotificationsPrisma } from '../store/prisma.js';
import { broadcastView, changeAlert } from './locate-alert.js';
import { unitOfWork } from './unit-of-work.js';

/** PUT /api/users/notifications/{id}: viewed 0 -> 1 (again harmless); answers the alert. */
export async function markAlertViewed(db: NotificationsPrisma, id: number, userId: string): Promise<AlertView | Refusal> {
  return unitOfWork(db, (tx) =>
    changeAlert(tx, id, userId, {
      personal: async (owner) => (await AlertRepository.markViewed(tx, id, owner)) ?? 'missing',
      broadcast: async (broadcast) => {
        const plan = markViewedPlan(standing(broadcast.seq, broadcast.reader, broadcast.mark));
        if (plan === 'missing') return 'missing';
        if (plan === 'mark') await BroadcastRepository.mark(tx, userId, broadcast.seq, 'viewed');
        return broadcastView(broadcast, userId, 1);
      },
    }),
  );
}
