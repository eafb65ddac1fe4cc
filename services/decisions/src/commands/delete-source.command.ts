import { sourceChanged } from '../domain/content-events.js';
import type { Caller } from '../domain/proposal-rules.js';
import { SourceRepository } from '../store/source.repository.js';
import { inLaw } from './law-access.js';
import { mayChange, sourceOf } from './source-access.js';
import { changedMeanwhile, type CommandDeps } from './unit-of-work.js';

/** Deletes a source (hidden, kept): a moderator, or with the permission flag. */
export async function deleteSource(deps: CommandDeps, caller: Caller, sourceId: string): Promise<void> {
  const source = await sourceOf(deps.db, sourceId);
  const law = await mayChange(deps.db, caller, source);
  const now = deps.clock();
  await inLaw(deps.db, source.lawId, law.state, async (tx, events) => {
    if (!(await new SourceRepository(tx).markDeleted(source.id, now))) throw changedMeanwhile();
    events.push(...sourceChanged(source, caller, 'deleted', now));
  });
}
