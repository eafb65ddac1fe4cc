import { mayDraft } from '../domain/content-rules.js';
import type { Caller } from '../domain/proposal-rules.js';
import { GroupRepository } from '../store/group.repository.js';
import { groupOf, inLaw, lawOf, moveAmong } from './law-access.js';
import { refused, type CommandDeps } from './unit-of-work.js';

/** Swaps a group with its visible neighbour above or below (the law's creators, during creation; nothing at either end). */
export async function moveGroup(deps: CommandDeps, caller: Caller, lawId: string, groupId: string, direction: 'up' | 'down'): Promise<void> {
  const law = await lawOf(deps.db, lawId);
  await groupOf(deps.db, law.id, groupId);
  refused(mayDraft(caller, law));
  await inLaw(deps.db, law.id, 'creation', async (tx) => {
    const groups = new GroupRepository(tx);
    await moveAmong(await groups.positions(law.id), groupId, direction, (order) => groups.renumber(order));
  });
}
