import type { SqlExecutor } from '@civic/service-kit';
import type { AlertContent } from '../domain/alert-messages.js';
import { BroadcastRepository } from '../store/broadcast.repository.js';

/** An alert for everyone, inside the consumer's transaction: one broadcast row, whatever the number of members (domain/broadcasts.ts). */
export async function broadcastAlert(tx: SqlExecutor, content: AlertContent): Promise<void> {
  await BroadcastRepository.insert(tx, content);
}
