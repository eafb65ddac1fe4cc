import { mayDraft } from '../domain/content-rules.js';
import type { Caller } from '../domain/proposal-rules.js';
import { GroupRepository } from '../store/group.repository.js';
import { groupOf, inLaw, lawOf } from './law-access.js';
import { recordVersion } from './record-version.js';
import { changedMeanwhile, refused, type CommandDeps } from './unit-of-work.js';

/** Deletes a group (the law's creators, during creation); its articles stay, ungrouped, after the ungrouped ones. */
export async function deleteGroup(deps: CommandDeps, caller: Caller, lawId: string, groupId: string): Promise<void> {
  const law = await lawOf(deps.db, lawId);
  await groupOf(deps.db, law.id, groupId);
  refused(mayDraft(caller, law));
  const now = deps.clock();
  await inLaw(deps.db, law.id, 'creation', async (tx, events) => {
    const groups = new GroupRepository(tx);
    if (!(await groups.markDeleted(law.id, groupId, now))) throw changedMeanwhile();
    await groups.ungroupArticles(law.id, groupId);
    const tombstone = { kind: 'group', textId: groupId, change: 'deleted', role: 'creator', editorId: caller.id, reason: null, title: null, body: null } as const;
    await recordVersion(tx, events, tombstone, { documentId: law.id, documentTitle: law.title, lawId: law.id }, now);
  });
}
