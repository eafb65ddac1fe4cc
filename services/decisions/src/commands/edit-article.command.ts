import { AppError } from '@civic/service-kit';
import { contentEdited } from '../domain/content-events.js';
import { mayEdit } from '../domain/content-rules.js';
import type { Caller } from '../domain/proposal-rules.js';
import { ArticleRepository } from '../store/article.repository.js';
import { articleOf, inLaw, lawOf } from './law-access.js';
import { reasonOf, recordVersion } from './record-version.js';
import { changedMeanwhile, refused, type CommandDeps } from './unit-of-work.js';

/**
 * Edits an article or amendment during creation: its author, a moderator once signalled, a scribe
 * once signalled to the scribes (these two saying why).
 */
export async function editArticle(
  deps: CommandDeps,
  caller: Caller,
  lawId: string,
  articleId: string,
  input: { title?: string | null; body: string; reason?: string },
): Promise<void> {
  const law = await lawOf(deps.db, lawId);
  const article = await articleOf(deps.db, law, articleId);
  const allowed = mayEdit(caller, article, law);
  refused(allowed);
  if (!('as' in allowed)) throw new AppError('unauthorizedAction', 403);
  const reason = reasonOf(allowed.as, input.reason);
  const now = deps.clock();
  // Only amendments have a title.
  const text = { title: article.kind === 'amendment' ? input.title?.trim() || null : null, body: input.body.trim() };
  await inLaw(deps.db, article.lawId, 'creation', async (tx, events) => {
    if (!(await new ArticleRepository(tx).update(article.id, text, now))) throw changedMeanwhile();
    events.push(...contentEdited({ kind: article.kind, id: article.id, lawId: article.lawId, userId: article.userId }, { id: caller.id, as: allowed.as }, now));
    const version = { kind: article.kind, textId: article.id, change: 'edited', role: allowed.as, editorId: caller.id, reason, ...text } as const;
    await recordVersion(tx, events, version, { documentId: law.id, documentTitle: law.title, lawId: law.id }, now);
  });
}
