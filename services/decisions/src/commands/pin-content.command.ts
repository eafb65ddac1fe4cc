import { mayPin, mayPinSource } from '../domain/content-rules.js';
import type { Caller } from '../domain/proposal-rules.js';
import { ArticleRepository } from '../store/article.repository.js';
import { LawRepository } from '../store/law.repository.js';
import { SourceRepository } from '../store/source.repository.js';
import { articleOf, lawOf } from './law-access.js';
import { sourceOf, sourceTarget } from './source-access.js';
import { refused, type CommandDeps } from './unit-of-work.js';

// Moderators pin or unpin; no event: pinning only orders what readers see.

export async function pinLaw(deps: CommandDeps, caller: Caller, lawId: string, pin: boolean): Promise<void> {
  const law = await lawOf(deps.db, lawId);
  refused(mayPin(caller, law, law));
  await new LawRepository(deps.db).pin(law.id, pin);
}

export async function pinArticle(deps: CommandDeps, caller: Caller, lawId: string, articleId: string, pin: boolean): Promise<void> {
  const law = await lawOf(deps.db, lawId);
  const article = await articleOf(deps.db, law, articleId);
  refused(mayPin(caller, article, law));
  await new ArticleRepository(deps.db).pin(article.id, pin);
}

export async function pinSource(deps: CommandDeps, caller: Caller, sourceId: string, pin: boolean): Promise<void> {
  const source = await sourceOf(deps.db, sourceId);
  const { law, item } = await sourceTarget(deps.db, source.targetKind, source.lawId, source.targetId);
  refused(mayPinSource(caller, source, item, law));
  await new SourceRepository(deps.db).pin(source.id, pin);
}
