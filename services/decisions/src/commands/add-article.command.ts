import { randomUUID } from 'node:crypto';
import { AppError } from '@civic/service-kit';
import { articleCreated } from '../domain/content-events.js';
import { mayDraft } from '../domain/content-rules.js';
import type { Caller } from '../domain/proposal-rules.js';
import { ArticleRepository } from '../store/article.repository.js';
import { GroupRepository } from '../store/group.repository.js';
import { inLaw, lawOf } from './law-access.js';
import { recordVersion } from './record-version.js';
import { refused, type CommandDeps } from './unit-of-work.js';

/** Writes an article at the end of its group or of the ungrouped ones (the law's creators, during creation); answers its id. */
export async function addArticle(deps: CommandDeps, caller: Caller, lawId: string, input: { body: string; groupId: string | null }): Promise<string> {
  const law = await lawOf(deps.db, lawId);
  refused(mayDraft(caller, law));
  const now = deps.clock();
  return inLaw(deps.db, law.id, 'creation', async (tx, events) => {
    if (input.groupId && !(await new GroupRepository(tx).exists(law.id, input.groupId))) throw new AppError('notFound', 404, { reason: 'group' });
    const id = randomUUID();
    await new ArticleRepository(tx).insertArticle({ id, lawId: law.id, groupId: input.groupId, userId: caller.id, body: input.body.trim(), now });
    events.push(articleCreated(id, caller.id, now));
    const text = { kind: 'article', textId: id, change: 'created', role: 'author', editorId: caller.id, reason: null, title: null, body: input.body.trim() } as const;
    await recordVersion(tx, events, text, { documentId: law.id, documentTitle: law.title, lawId: law.id }, now);
    return id;
  });
}
