import type { SqlExecutor } from '@civic/service-kit';
import { AlertRepository, shareOwners, type AlertView } from '../store/alert.repository.js';
import { BroadcastRepository, type BroadcastFound } from '../store/broadcast.repository.js';

/**
 * What an alert id names, for the calls that change one alert (docs/product.md#calls): either a
 * personal alert (the owner's only: someone else's answers 'forbidden') or an alert for everyone,
 * which is each member's who got it (src/domain/broadcasts.ts); a member's reading or deleting of it
 * is a mark of theirs, and one that is not theirs answers 'missing'.
 */
export type Refusal = 'missing' | 'forbidden';

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
 * The personal alert's owner, or the broadcast of that id as the user finds it. Marks are written
 * under the owners' lock, as alerts are, so an account deletion never leaves one behind.
 */
export async function locateAlert(tx: SqlExecutor, id: number, userId: string): Promise<{ owner: string } | { broadcast: BroadcastFound } | null> {
  const owner = await AlertRepository.owner(tx, id);
  if (owner !== null) return { owner };
  await shareOwners(tx);
  const broadcast = await BroadcastRepository.find(tx, id, userId);
  return broadcast ? { broadcast } : null;
}
