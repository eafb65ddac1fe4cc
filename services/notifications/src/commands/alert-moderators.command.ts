import type { SqlExecutor } from '@civic/service-kit';
import type { AlertBatch } from '../domain/alert-messages.js';
import { MemberRepository } from '../store/member.repository.js';
import { deliverAlerts } from './deliver-alerts.command.js';

/**
 * Alerts for the moderators of now (the members projection's roles), inside the consumer's
 * transaction: `make` words the event for them. Answers the users whose count may have changed.
 */
export async function alertModerators(tx: SqlExecutor, make: (moderatorIds: string[]) => AlertBatch[]): Promise<string[]> {
  return deliverAlerts(tx, make(await MemberRepository.moderators(tx)));
}
