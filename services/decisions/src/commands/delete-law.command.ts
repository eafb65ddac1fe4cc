import { AppError } from '@civic/service-kit';
import { contentDeleted } from '../domain/content-events.js';
import { lawItem, mayDelete } from '../domain/content-rules.js';
import type { Caller } from '../domain/proposal-rules.js';
import { LawRepository } from '../store/law.repository.js';
import { inLaw, lawOf } from './law-access.js';
import { recordVersion } from './record-version.js';
import { refused, type CommandDeps } from './unit-of-work.js';

/** Deletes a law (hidden, kept): its author during creation, or a moderator once signalled. */
export async function deleteLaw(deps: CommandDeps, caller: Caller, lawId: string): Promise<void> {
  const law = await lawOf(deps.db, lawId);
  const allowed = mayDelete(caller, lawItem(law), law);
  refused(allowed);
  if (!('as' in allowed)) throw new AppError('unauthorizedAction', 403);
  const now = deps.clock();
  await inLaw(deps.db, law.id, law.state, async (tx, events) => {
    await new LawRepository(tx).markDeleted(law.id, caller.id, now);
    events.push(...contentDeleted({ kind: 'law', id: law.id, lawId: law.id, userId: law.userId }, { id: caller.id, as: allowed.as }, now));
    const tombstone = { kind: 'law', textId: law.id, change: 'deleted', role: allowed.as, editorId: caller.id, reason: null, title: null, body: null } as const;
    await recordVersion(tx, events, tombstone, { documentId: law.id, documentTitle: law.title, lawId: law.id }, now);
  });
}
