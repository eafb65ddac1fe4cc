import type { SqlExecutor } from '@civic/service-kit';
import type { AlertBatch } from '../domain/alert-messages.js';
import { AlertRepository } from '../store/alert.repository.js';

/**
 * Alerts for named users (an event's batches, domain/alert-messages.ts), inside the consumer's
 * transaction; deleted accounts get none. Answers the users whose count may have changed.
 */
export async function deliverAlerts(tx: SqlExecutor, batches: AlertBatch[]): Promise<string[]> {
  for (const batch of batches) await AlertRepository.insertBatch(tx, batch);
  return batches.flatMap((batch) => batch.userIds);
}
