import { AppError } from '@civic/service-kit';
import { contentEdited } from '../domain/content-events.js';
import { lawItem, mayEdit } from '../domain/content-rules.js';
import type { Caller } from '../domain/proposal-rules.js';
import { LawRepository } from '../store/law.repository.js';
import { inLaw, lawOf } from './law-access.js';
import { reasonOf, recordVersion } from './record-version.js';
import { refused, type CommandDeps } from './unit-of-work.js';

/**
 * Edits the law's title and description during creation: its author, a moderator once signalled, a
 * scribe once signalled to the scribes (these two saying why).
 */
export async function editLaw(deps: CommandDeps, caller: Caller, lawId: string, input: { title: string; description: string; reason?: string }): Promise<void> {
  const law = await lawOf(deps.db, lawId);
  const allowed = mayEdit(caller, lawItem(law), law);
  refused(allowed);
  if (!('as' in allowed)) throw new AppError('unauthorizedAction', 403);
  const reason = reasonOf(allowed.as, input.reason);
  const now = deps.clock();
  await inLaw(deps.db, law.id, 'creation', async (tx, events) => {
    await new LawRepository(tx).update(law.id, { title: input.title, description: input.description }, now);
    events.push(...contentEdited({ kind: 'law', id: law.id, lawId: law.id, userId: law.userId }, { id: caller.id, as: allowed.as }, now));
    const text = { kind: 'law', textId: law.id, change: 'edited', role: allowed.as, editorId: caller.id, reason, title: input.title, body: input.description } as const;
    await recordVersion(tx, events, text, { documentId: law.id, documentTitle: input.title, lawId: law.id }, now);
  });
}
