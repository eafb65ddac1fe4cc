import { mayDraft } from '../domain/content-rules.js';
import type { Caller } from '../domain/proposal-rules.js';
import { GroupRepository } from '../store/group.repository.js';
import { groupOf, inLaw, lawOf } from './law-access.js';
import { recordVersion } from './record-version.js';
import { changedMeanwhile, refused, type CommandDeps } from './unit-of-work.js';

/** Renames a group (the law's creators, during creation). */
export async function renameGroup(deps: CommandDeps, caller: Caller, lawId: string, groupId: string, name: string): Promise<void> {
  const law = await lawOf(deps.db, lawId);
  await groupOf(deps.db, law.id, groupId);
  refused(mayDraft(caller, law));
  const now = deps.clock();
  await inLaw(deps.db, law.id, 'creation', async (tx, events) => {
    if (!(await new GroupRepository(tx).rename(law.id, groupId, name.trim()))) throw changedMeanwhile();
    const text = { kind: 'group', textId: groupId, change: 'edited', role: 'creator', editorId: caller.id, reason: null, title: name.trim(), body: null } as const;
    await recordVersion(tx, events, text, { documentId: law.id, documentTitle: law.title, lawId: law.id }, now);
  });
}
