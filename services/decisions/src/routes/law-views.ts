import type { Article, LawDetail, LawState } from '@civic/contracts';
import { notFound } from '@civic/service-kit';
import type { FastifyRequest } from 'fastify';
import type { DecisionsContext } from './context.js';
import { readerLocale } from './reader.js';

/** The states of an archived law (the PDF and the open data exist only for them). */
export const archived: readonly LawState[] = ['adopted', 'rejected'];

/** The law as the request's reader sees it (their ballots, their language), or 404. */
export async function lawDetail(request: FastifyRequest, context: DecisionsContext, id: string): Promise<LawDetail> {
  const law = await context.lawViews.detail(id, request.user?.id ?? null, readerLocale(request), context.clock());
  if (!law) throw notFound();
  return law;
}

/** One article or amendment as the request's reader sees it, or 404. */
export async function articleView(request: FastifyRequest, context: DecisionsContext, lawId: string, articleId: string): Promise<Article> {
  const article = await context.lawViews.articleView(lawId, articleId, request.user?.id ?? null, readerLocale(request));
  if (!article) throw notFound();
  return article;
}
