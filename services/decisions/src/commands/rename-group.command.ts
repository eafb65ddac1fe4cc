import { mayDraft } from '../domain/content-rules.js';
import type { Caller } from '../domain/proposal-rules.js';
import { GroupRepository } from '../store/group.repository.js';
import { groupOf, inLaw, lawOf } from './law-access.js';
import { changedMeanwhile, refused, type CommandDeps } from './unit-of-work.js';

/** Renames a group (the law's creators, during creation). */
export async function renameGroup(deps: CommandDeps, caller: Caller, lawId: string, groupId: string, name: string): Promise<void> {
  const law = await lawOf(deps.db, lawId);
  await groupOf(deps.db, law.id, groupId);
  refused(mayDraft(caller, law));
  await inLaw(deps.db, law.id, 'creation', async (tx) => {
    if (!(await new GroupRepository(tx).rename(law.id, groupId, name.trim()))) throw changedMeanwhile();
  });
}
