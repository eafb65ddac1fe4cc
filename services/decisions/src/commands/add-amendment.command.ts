import { randomUUID } from 'node:crypto';
import { articleCreated } from '../domain/content-events.js';
import { mayAmend } from '../domain/content-rules.js';
import type { Caller } from '../domain/proposal-rules.js';
import { ArticleRepository } from '../store/article.repository.js';
import { articleOf, inLaw, lawOf } from './law-access.js';
import { recordVersion } from './record-version.js';
import { changedMeanwhile, refused, type CommandDeps } from './unit-of-work.js';

/** Writes an amendment (optional title) to an article (the law's creators, during creation); answers its id. */
export async function addAmendment(
  deps: CommandDeps,
  caller: Caller,
  lawId: string,
  articleId: string,
  input: { title?: string | null; body: string },
): Promise<string> {
  const law = await lawOf(deps.db, lawId);
  const article = await articleOf(deps.db, law, articleId);
  refused(mayAmend(caller, article, law));
  const now = deps.clock();
  return inLaw(deps.db, law.id, 'creation', async (tx, events) => {
    const id = randomUUID();
    const title = input.title?.trim() || null;
    if (!(await new ArticleRepository(tx).insertAmendment({ id, articleId: article.id, userId: caller.id, title, body: input.body.trim(), now }))) throw changedMeanwhile();
    events.push(articleCreated(id, caller.id, now));
    const text = { kind: 'amendment', textId: id, change: 'created', role: 'author', editorId: caller.id, reason: null, title, body: input.body.trim() } as const;
    await recordVersion(tx, events, text, { documentId: law.id, documentTitle: law.title, lawId: law.id }, now);
    return id;
  });
}
