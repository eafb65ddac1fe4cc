import type { ElectionClosed, EventEnvelope, EventPayload } from '@civic/contracts';
import { roleChanged, tokensRevoked } from '../domain/account-events.js';
import { isNewerElection, roleChanges } from '../domain/roles.js';
import { UserProjections } from '../store/user.repository.js';
import { writeEvents, type Tx } from './unit-of-work.js';

/**
 * Applies a closed election in the consumer's transaction: the moderator and scribe flags become
 * exactly the elected sets and each change is announced. A role taken away also revokes the
 * member's earlier tokens, which may claim it; a role given needs no new token (the services read
 * it from their projections). Answers how many accounts changed.
 */
export async function applyElection(tx: Tx, result: EventPayload<typeof ElectionClosed>, now: Date): Promise<number> {
  const latest = await UserProjections.latestElectionMonth(tx);
  await UserProjections.recordElection(tx, result.electionId, result.month, now);
  if (!isNewerElection(result.month, latest)) return 0;
  const rows = await UserProjections.officialsAnd(tx, [...result.elected.moderators, ...result.elected.scribes]);
  const changes = roleChanges(rows, result.elected);
  const events: EventEnvelope[] = [];
  for (const change of changes) {
    await UserProjections.setRoles(tx, change.userId, change.moderator, change.scribe);
    events.push(roleChanged(change, now));
    const before = rows.find((row) => row.id === change.userId);
    if ((before?.moderator && !change.moderator) || (before?.scribe && !change.scribe)) events.push(tokensRevoked(change.userId, now));
  }
  await writeEvents(tx, events);
  return changes.length;
}
