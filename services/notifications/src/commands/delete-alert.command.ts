import { personalAlertRefusal, type Refusal } from '../domain/alert-access.js';
import { deletePlan, standing } from '../domain/broadcasts.js';
import { AlertRepository } from '../store/alert.repository.js';
import { BroadcastRepository } from '../store/broadcast.repository.js';
import type { NotificationsPrisma } from '../store/prisma.js';
import { locateAlert } from './locate-alert.js';
import { unitOfWork } from './unit-of-work.js';

/** DELETE /api/users/notifications/{id}: the alert is gone for its reader; answers null when done. */
export async function deleteAlert(db: NotificationsPrisma, id: number, userId: string): Promise<Refusal | null> {
  return unitOfWork(db, async (tx) => {
    const found = await locateAlert(tx, id, userId);
    if (!found) return 'missing';
    if ('owner' in found) {
      const refusal = personalAlertRefusal(found.owner, userId);
      if (refusal) return refusal;
      // The owner read is the statement's guard: an alert deleted meanwhile is missing.
      return (await AlertRepository.remove(tx, id, found.owner)) ? null : 'missing';
    }
    const { broadcast } = found;
    if (deletePlan(standing(broadcast.seq, broadcast.reader, broadcast.mark)) === 'missing') return 'missing';
    await BroadcastRepository.mark(tx, userId, broadcast.seq, 'deleted');
    return null;
  });
}
