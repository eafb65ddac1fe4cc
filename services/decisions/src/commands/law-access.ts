import type { EventEnvelope, LawState } from '@civic/contracts';
import { notFound, type SqlExecutor } from '@civic/service-kit';
import { swapOrder } from '../domain/ordering.js';
import { ArticleRepository, type StoredArticle } from '../store/article.repository.js';
import { GroupRepository } from '../store/group.repository.js';
import { LawRepository, type StoredLaw } from '../store/law.repository.js';
import type { DecisionsPrisma } from '../store/prisma.js';
import { changedMeanwhile, unitOfWork } from './unit-of-work.js';

/** The law, or 404 when there is none or it is deleted. */
export async function lawOf(db: SqlExecutor, id: string): Promise<StoredLaw> {
  const law = await new LawRepository(db).facts(id);
  if (!law || law.deleted) throw notFound();
  return law;
}

/** The law's article or amendment, or 404 when there is none or it is deleted. */
export async function articleOf(db: SqlExecutor, law: StoredLaw, articleId: string): Promise<StoredArticle> {
  const article = await new ArticleRepository(db).facts(law.id, articleId);
  if (!article || article.deleted) throw notFound();
  return article;
}

/** The law's group, or 404 when there is none or it is deleted. */
export async function groupOf(db: SqlExecutor, lawId: string, groupId: string): Promise<{ id: string }> {
  const group = await new GroupRepository(db).byId(lawId, groupId);
  if (!group || group.deleted) throw notFound();
  return group;
}

/**
 * A unit of work on a law's content: it locks the law and checks it is still in the state the
 * permission was checked in (else 403 changed-meanwhile), so a phase change never lands between the
 * check and the write.
 */
export async function inLaw<T>(db: DecisionsPrisma, lawId: string, expected: LawState, work: (tx: SqlExecutor, events: EventEnvelope[]) => Promise<T>): Promise<T> {
  return unitOfWork(db, async (tx, events) => {
    const law = await new LawRepository(tx).lockState(lawId);
    if (!law || law.deleted || law.state !== expected) throw changedMeanwhile();
    return work(tx, events);
  });
}

/** Renumbers siblings once `id` swapped with its neighbour; nothing at either end. */
export async function moveAmong(rows: { id: string }[], id: string, direction: 'up' | 'down', renumber: (order: string[]) => Promise<void>): Promise<void> {
  const order = swapOrder(rows, id, direction);
  if (order === 'missing') throw changedMeanwhile();
  if (order !== 'at-end') await renumber(order);
}
