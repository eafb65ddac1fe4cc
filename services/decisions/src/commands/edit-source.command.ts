import { sourceChanged } from '../domain/content-events.js';
import type { Caller } from '../domain/proposal-rules.js';
import type { SourceInput } from '../domain/sources.js';
import { SourceRepository } from '../store/source.repository.js';
import { inLaw } from './law-access.js';
import { mayChange, sourceFields, sourceOf } from './source-access.js';
import { changedMeanwhile, type CommandDeps } from './unit-of-work.js';

/** Edits a source: a moderator, or with the permission flag (the caller may edit the item it is attached to). */
export async function editSource(deps: CommandDeps, caller: Caller, sourceId: string, input: SourceInput): Promise<void> {
  const source = await sourceOf(deps.db, sourceId);
  const law = await mayChange(deps.db, caller, source);
  const fields = sourceFields(input);
  const now = deps.clock();
  await inLaw(deps.db, source.lawId, law.state, async (tx, events) => {
    if (!(await new SourceRepository(tx).update(source.id, fields, now))) throw changedMeanwhile();
    events.push(...sourceChanged(source, caller, 'edited', now));
  });
}
