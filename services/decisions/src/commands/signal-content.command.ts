import { AppError } from '@civic/service-kit';
import { contentSignalled } from '../domain/content-events.js';
import { lawItem, maySignal } from '../domain/content-rules.js';
import type { Caller } from '../domain/proposal-rules.js';
import { ArticleRepository } from '../store/article.repository.js';
import { LawRepository } from '../store/law.repository.js';
import { articleOf, lawOf } from './law-access.js';
import { refused, unitOfWork, type CommandDeps } from './unit-of-work.js';

const alreadySignalled = () => new AppError('unauthorizedAction', 403, { reason: 'already-signalled' });

/** Signals the law to the moderators (any member but its author) or, by its author, to the scribes. */
export async function signalLaw(deps: CommandDeps, caller: Caller, lawId: string, to: 'moderator' | 'scribe'): Promise<void> {
  const law = await lawOf(deps.db, lawId);
  refused(maySignal(caller, lawItem(law), law, to));
  const now = deps.clock();
  await unitOfWork(deps.db, async (tx, events) => {
    if (!(await new LawRepository(tx).markSignalled(law.id, to, now))) throw alreadySignalled();
    events.push(contentSignalled({ kind: 'law', id: law.id, lawId: law.id, userId: law.userId }, to, caller.id, now));
  });
}

/** Signals an article or amendment to the moderators (any member but its author) or, by its author who is not a scribe, to the scribes. */
export async function signalArticle(deps: CommandDeps, caller: Caller, lawId: string, articleId: string, to: 'moderator' | 'scribe'): Promise<void> {
  const law = await lawOf(deps.db, lawId);
  const article = await articleOf(deps.db, law, articleId);
  refused(maySignal(caller, article, law, to));
  const now = deps.clock();
  await unitOfWork(deps.db, async (tx, events) => {
    if (!(await new ArticleRepository(tx).markSignalled(article.id, to, now))) throw alreadySignalled();
    events.push(contentSignalled({ kind: article.kind, id: article.id, lawId: law.id, userId: article.userId }, to, caller.id, now));
  });
}
