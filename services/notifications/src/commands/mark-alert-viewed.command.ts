import type { SqlClient } from '@civic/service-kit';
import { markViewedPlan, standing } from '../domain/broadcasts.js';
import { AlertRepository, type AlertView } from '../store/alert.repository.js';
import { BroadcastRepository } from '../store/broadcast.repository.js';
import { broadcastView, locateAlert, type Refusal } from './locate-alert.js';

/** PUT /api/users/notifications/{id}: viewed 0 -> 1 (again harmless); answers the alert. */
export async function markAlertViewed(db: SqlClient, id: number, userId: string): Promise<AlertView | Refusal> {
  return db.$transaction(async (tx) => {
    const found = await locateAlert(tx, id, userId);
    if (!found) return 'missing';
    if ('owner' in found) {
      if (found.owner !== userId) return 'forbidden';
      return (await AlertRepository.markViewed(tx, id, userId)) ?? 'missing';
    }
    const { broadcast } = found;
    const plan = markViewedPlan(standing(broadcast.seq, broadcast.reader, broadcast.mark));
    if (plan === 'missing') return 'missing';
    if (plan === 'mark') await BroadcastRepository.mark(tx, userId, broadcast.seq, 'viewed');
    return broadcastView(broadcast, userId, 1);
  });
}

