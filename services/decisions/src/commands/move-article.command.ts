import { AppError } from '@civic/service-kit';
import { mayMove } from '../domain/content-rules.js';
import type { Caller } from '../domain/proposal-rules.js';
import { ArticleRepository } from '../store/article.repository.js';
import { GroupRepository } from '../store/group.repository.js';
import { articleOf, inLaw, lawOf, moveAmong } from './law-access.js';
import { refused, type CommandDeps } from './unit-of-work.js';

/** Moves an article up or down inside its group, or into another group (or none) at its end (the law's creators, during creation). */
export async function moveArticle(
  deps: CommandDeps,
  caller: Caller,
  lawId: string,
  articleId: string,
  move: { direction?: 'up' | 'down'; groupId?: string | null },
): Promise<void> {
  const law = await lawOf(deps.db, lawId);
  const article = await articleOf(deps.db, law, articleId);
  refused(mayMove(caller, article, law));
  await inLaw(deps.db, article.lawId, 'creation', async (tx) => {
    const articles = new ArticleRepository(tx);
    let groupId = article.groupId;
    if (move.groupId !== undefined && move.groupId !== article.groupId) {
      if (move.groupId && !(await new GroupRepository(tx).exists(article.lawId, move.groupId))) throw new AppError('notFound', 404, { reason: 'group' });
      groupId = move.groupId;
      await articles.moveToGroup(article, groupId);
    }
    if (move.direction) await moveAmong(await articles.positions(article.lawId, groupId), article.id, move.direction, (order) => articles.renumber(order));
  });
}
