import { AppError } from '@civic/service-kit';
import { contentDeleted } from '../domain/content-events.js';
import { mayDelete } from '../domain/content-rules.js';
import type { Caller } from '../domain/proposal-rules.js';
import { withArticleRole } from '../domain/text-versions.js';
import { ArticleRepository } from '../store/article.repository.js';
import { articleOf, inLaw, lawOf } from './law-access.js';
import { recordVersion } from './record-version.js';
import { changedMeanwhile, refused, type CommandDeps } from './unit-of-work.js';

/**
 * Deletes an article (its amendments with it) or an amendment: its author during creation, or a
 * moderator once signalled. Each amendment that goes with its article gets a tombstone of its own,
 * so that its history ends where it stopped being live.
 */
export async function deleteArticle(deps: CommandDeps, caller: Caller, lawId: string, articleId: string): Promise<void> {
  const law = await lawOf(deps.db, lawId);
  const article = await articleOf(deps.db, law, articleId);
  const allowed = mayDelete(caller, article, law);
  refused(allowed);
  if (!('as' in allowed)) throw new AppError('unauthorizedAction', 403);
  const now = deps.clock();
  const document = { documentId: law.id, documentTitle: law.title, lawId: law.id };
  await inLaw(deps.db, article.lawId, law.state, async (tx, events) => {
    const articles = new ArticleRepository(tx);
    if (!(await articles.markDeleted(article.id, caller.id, now))) throw changedMeanwhile();
    events.push(...contentDeleted({ kind: article.kind, id: article.id, lawId: article.lawId, userId: article.userId }, { id: caller.id, as: allowed.as }, now));
    const tombstone = { change: 'deleted', editorId: caller.id, reason: null, title: null, body: null } as const;
    await recordVersion(tx, events, { ...tombstone, kind: article.kind, textId: article.id, role: allowed.as }, document, now);
    if (article.kind !== 'article') return;
    for (const amendment of await articles.liveAmendments(article.id))
      await recordVersion(tx, events, { ...tombstone, kind: 'amendment', textId: amendment.id, role: withArticleRole(allowed.as, caller.id, amendment.userId) }, document, now);
  });
}
