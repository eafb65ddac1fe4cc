import type { SqlClient } from '@civic/service-kit';
import { deletePlan, standing } from '../domain/broadcasts.js';
import { AlertRepository } from '../store/alert.repository.js';
import { BroadcastRepository } from '../store/broadcast.repository.js';
import { locateAlert, type Refusal } from './locate-alert.js';

/** DELETE /api/users/notifications/{id}: the alert is gone for its reader; answers null when done. */
export async function deleteAlert(db: SqlClient, id: number, userId: string): Promise<Refusal | null> {
  return db.$transaction(async (tx) => {
    const found = await locateAlert(tx, id, userId);
    if (!found) return 'missing';
    if ('owner' in found) {
      if (found.owner !== userId) return 'forbidden';
      return (await AlertRepository.remove(tx, id, userId)) ? null : 'missing';
    }
    const { broadcast } = found;
    if (deletePlan(standing(broadcast.seq, broadcast.reader, broadcast.mark)) === 'missing') return 'missing';
    await BroadcastRepository.mark(tx, userId, broadcast.seq, 'deleted');
    return null;
  });
}

