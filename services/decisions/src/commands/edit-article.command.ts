import type { ArticleEditInput, EditConflictData } from '@civic/contracts';
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
 * once signalled to the scribes (these two saying why). With `baseBody`, an edit of a text that
 * another save changed meanwhile is refused with the saved text (409 editConflict), never a silent overwrite.
 */
export async function editArticle(
  deps: CommandDeps,
  caller: Caller,
  lawId: string,
  articleId: string,
  input: ArticleEditInput,
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
    const articles = new ArticleRepository(tx);
    // The text the editor started from (an amendment's title with it; articles have none).
    const base = input.baseBody === undefined ? undefined : { title: article.kind === 'amendment' ? input.baseTitle?.trim() || null : null, body: input.baseBody };
    if (!(await articles.update(article.id, text, now, base))) {
      // Saved by someone else since the editor opened it: refused with that text, to merge.
      const saved = base ? await articles.savedText(article.id) : null;
      if (!saved) throw changedMeanwhile();
      const conflict: EditConflictData = { reason: 'edit-conflict', current: saved };
      throw new AppError('editConflict', 409, conflict);
    }
    events.push(...contentEdited({ kind: article.kind, id: article.id, lawId: article.lawId, userId: article.userId }, { id: caller.id, as: allowed.as }, now));
    const version = { kind: article.kind, textId: article.id, change: 'edited', role: allowed.as, editorId: caller.id, reason, ...text } as const;
    await recordVersion(tx, events, version, { documentId: law.id, documentTitle: law.title, lawId: law.id }, now);
  });
}
