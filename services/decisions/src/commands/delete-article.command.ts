import { AppError } from '@civic/service-kit';
import { contentDeleted } from '../domain/content-events.js';
import { mayDelete } from '../domain/content-rules.js';
import type { Caller } from '../domain/proposal-rules.js';
import { ArticleRepository } from '../store/article.repository.js';
import { articleOf, inLaw, lawOf } from './law-access.js';
import { recordVersion } from './record-version.js';
import { changedMeanwhile, refused, type CommandDeps } from './unit-of-work.js';

/** Deletes an article (its amendments with it) or an amendment: its author during creation, or a moderator once signalled. */
export async function deleteArticle(deps: CommandDeps, caller: Caller, lawId: string, articleId: string): Promise<void> {
  const law = await lawOf(deps.db, lawId);
  const article = await articleOf(deps.db, law, articleId);
  const allowed = mayDelete(caller, article, law);
  refused(allowed);
  if (!('as' in allowed)) throw new AppError('unauthorizedAction', 403);
  const now = deps.clock();
  await inLaw(deps.db, article.lawId, law.state, async (tx, events) => {
    if (!(await new ArticleRepository(tx).markDeleted(article.id, caller.id, now))) throw changedMeanwhile();
    events.push(...contentDeleted({ kind: article.kind, id: article.id, lawId: article.lawId, userId: article.userId }, { id: caller.id, as: allowed.as }, now));
    const tombstone = { kind: article.kind, textId: article.id, change: 'deleted', role: allowed.as, editorId: caller.id, reason: null, title: null, body: null } as const;
    await recordVersion(tx, events, tombstone, { documentId: law.id, documentTitle: law.title, lawId: law.id }, now);
  });
}
