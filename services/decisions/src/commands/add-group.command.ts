import { randomUUID } from 'node:crypto';
import { mayDraft } from '../domain/content-rules.js';
import type { Caller } from '../domain/proposal-rules.js';
import { GroupRepository } from '../store/group.repository.js';
import { inLaw, lawOf } from './law-access.js';
import { recordVersion } from './record-version.js';
import { refused, type CommandDeps } from './unit-of-work.js';

/** Adds a named group of articles after the law's last one (the law's creators, during creation). */
export async function addGroup(deps: CommandDeps, caller: Caller, lawId: string, name: string): Promise<void> {
  const law = await lawOf(deps.db, lawId);
  refused(mayDraft(caller, law));
  const now = deps.clock();
  await inLaw(deps.db, law.id, 'creation', async (tx, events) => {
    const id = randomUUID();
    await new GroupRepository(tx).insert({ id, lawId: law.id, name: name.trim(), now });
    const text = { kind: 'group', textId: id, change: 'created', role: 'creator', editorId: caller.id, reason: null, title: name.trim(), body: null } as const;
    await recordVersion(tx, events, text, { documentId: law.id, documentTitle: law.title, lawId: law.id }, now);
  });
}
