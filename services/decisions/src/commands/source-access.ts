import { AppError, notFound, type SqlExecutor } from '@civic/service-kit';
import { lawItem, mayChangeSourceOn, type ItemFacts } from '../domain/content-rules.js';
import type { Caller } from '../domain/proposal-rules.js';
import { validateSource, type SourceFields, type SourceInput } from '../domain/sources.js';
import { ArticleRepository } from '../store/article.repository.js';
import type { StoredLaw } from '../store/law.repository.js';
import { SourceRepository, type StoredSource } from '../store/source.repository.js';
import { lawOf } from './law-access.js';
import { refused } from './unit-of-work.js';

/** The law, article or amendment a source is (or will be) attached to, with its law; 404 when either is gone. */
export async function sourceTarget(db: SqlExecutor, kind: 'law' | 'article', lawId: string | null, targetId: string): Promise<{ law: StoredLaw; item: ItemFacts }> {
  if (kind === 'law') {
    const law = await lawOf(db, targetId);
    return { law, item: lawItem(law) };
  }
  const articles = new ArticleRepository(db);
  const article = lawId ? await articles.facts(lawId, targetId) : await articles.factsAnywhere(targetId);
  if (!article || article.deleted) throw notFound();
  return { law: await lawOf(db, article.lawId), item: article };
}

/** The source, or 404 when there is none or it is deleted. */
export async function sourceOf(db: SqlExecutor, id: string): Promise<StoredSource> {
  const source = await new SourceRepository(db).facts(id);
  if (!source || source.deleted) throw notFound();
  return source;
}

/** Whether the caller may edit or delete the source: a moderator, or with the permission flag (they may add sources to its item). Answers its law. */
export async function mayChange(db: SqlExecutor, caller: Caller, source: StoredSource): Promise<StoredLaw> {
  const { law, item } = await sourceTarget(db, source.targetKind, source.lawId, source.targetId);
  refused(mayChangeSourceOn(caller, source, item, law));
  return law;
}

/**
 * The source's fields, or the form's problems: 400, `Missing required fields` when a required field
 * is missing, else `Bad Request`, with `data.problems` naming each field and its message.
 */
export function sourceFields(input: SourceInput): SourceFields {
  const checked = validateSource(input);
  if (checked.ok) return checked.fields;
  const missing = checked.problems.some((problem) => problem.message === 'required');
  throw new AppError(missing ? 'missingRequiredFields' : 'badRequest', 400, { problems: checked.problems });
}
