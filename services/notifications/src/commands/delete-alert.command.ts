import type { Refusal } from '../domain/alert-access.js';
import { deletePlan, standing } from '../domain/broadcasts.js';
import { AlertRepository } from '../store/alert.repository.js';
import { BroadcastRepository } from '../store/broadcast.repository.js';
import type { NotificationsPrisma } from '../store/prisma.js';
import { changeAlert } from './locate-alert.js';
import { unitOfWork } from './unit-of-work.js';

/** DELETE /api/users/notifications/{id}: the alert is gone for its reader; answers null when done. */
export async function deleteAlert(db: NotificationsPrisma, id: number, userId: string): Promise<Refusal | null> {
  return unitOfWork(db, (tx) =>
    changeAlert(tx, id, userId, {
      personal: async (owner) => ((await AlertRepository.remove(tx, id, owner)) ? null : 'missing'),
      broadcast: async (broadcast) => {
        if (deletePlan(standing(broadcast.seq, broadcast.reader, broadcast.mark)) === 'missing') return 'missing';
        await BroadcastRepository.mark(tx, userId, broadcast.seq, 'deleted');
        return null;
      },
    }),
  );
}
