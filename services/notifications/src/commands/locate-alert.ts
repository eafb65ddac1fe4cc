import type { SqlExecutor } from '@civic/service-kit';
import { personalAlertRefusal, type Refusal } from '../domain/alert-access.js';
import { AlertRepository, shareOwners, type AlertView } from '../store/alert.repository.js';
import { BroadcastRepository, type BroadcastFound } from '../store/broadcast.repository.js';

/**
 * What an alert id names, for the commands that change one alert (docs/product.md#calls): a personal
 * alert with its owner, or an alert for everyone as the member finds it. Who may act on either is
 * the domain's (domain/alert-access.ts, domain/broadcasts.ts).
 */
export type LocatedAlert = { owner: string } | { broadcast: BroadcastFound };

export const broadcastView = (found: BroadcastFound, userId: string, viewed: 0 | 1): AlertView => ({
  id: found.id,
  userId,
  messageKey: found.messageKey,
  params: found.params,
  link: found.link,
  viewed,
  createdAt: found.createdAt,
});

/**
 * The personal alert's owner, or the broadcast of that id as the user finds it; null when the id
 * names neither. Marks are written under the owners' lock, as alerts are, so an account deletion
 * never leaves one behind.
 */
async function locateAlert(tx: SqlExecutor, id: number, userId: string): Promise<LocatedAlert | null> {
  const owner = await AlertRepository.owner(tx, id);
  if (owner !== null) return { owner };
  await shareOwners(tx);
  const broadcast = await BroadcastRepository.find(tx, id, userId);
  return broadcast ? { broadcast } : null;
}

/** What a command does to the alert an id names: a personal alert of the caller's, or an alert for everyone. */
export interface AlertChange<T> {
  /** The owner read is the guard of this change's statement: an alert deleted meanwhile is missing. */
  personal(owner: string): Promise<T | 'missing'>;
  broadcast(found: BroadcastFound): Promise<T | 'missing'>;
}

/**
 * The change that fits the alert the id names, in the command's transaction: 'missing' when it names
 * none, 'forbidden' for someone else's personal alert.
 */
export async function changeAlert<T>(tx: SqlExecutor, id: number, userId: string, change: AlertChange<T>): Promise<T | Refusal> {
  const found = await locateAlert(tx, id, userId);
  if (!found) return 'missing';
  if ('owner' in found) return personalAlertRefusal(found.owner, userId) ?? change.personal(found.owner);
  return change.broadcast(found.broadcast);
}
