import type { Article, LawDetail, LawState, Source } from '@civic/contracts';
import { AppError, notFound } from '@civic/service-kit';
import type { FastifyRequest } from 'fastify';
import { lawOf } from '../commands/law-access.js';
import { sourceTarget } from '../commands/source-access.js';
import { withArticleMay, withLawDetailMay, withSourceMay, type LawDetailRecord } from '../domain/permitted-actions.js';
import type { Caller } from '../domain/proposal-rules.js';
import { viewerOf, type DecisionsContext } from './context.js';
import { readerLocale } from './reader.js';

/** The states of an archived law (the PDF and the open data exist only for them). */
export const archived: readonly LawState[] = ['adopted', 'rejected'];

/**
 * The law as the request's reader sees it (their ballots, their language), without their permitted
 * actions (the PDF and the open data are the same for everyone), or 404.
 */
export async function lawRecord(request: FastifyRequest, context: DecisionsContext, id: string): Promise<LawDetailRecord> {
  const law = await context.lawViews.detail(id, request.user?.id ?? null, readerLocale(request), context.clock());
  if (!law) throw notFound();
  return law;
}

/**
 * The law as the request's reader sees it, with what they may do with it and each of its texts and
 * sources, or 404. `viewer`: the caller when the route already knows them (after a change).
 */
export async function lawDetail(request: FastifyRequest, context: DecisionsContext, id: string, viewer?: Caller | null): Promise<LawDetail> {
  const [law, reader] = await Promise.all([lawRecord(request, context, id), viewer === undefined ? viewerOf(request, context) : viewer]);
  return withLawDetailMay(reader, law);
}

/** One article or amendment as the request's reader sees it, with what they may do with it, or 404. */
export async function articleView(request: FastifyRequest, context: DecisionsContext, lawId: string, articleId: string, viewer?: Caller | null): Promise<Article> {
  const [law, article, reader] = await Promise.all([
    lawOf(context.db, lawId),
    context.lawViews.articleView(lawId, articleId, request.user?.id ?? null, readerLocale(request)),
    viewer === undefined ? viewerOf(request, context) : viewer,
  ]);
  if (!article) throw notFound();
  return withArticleMay(reader, article, law);
}

/** One source as the request's reader sees it (their language), with what they may do with it, or 404. */
export async function sourceView(request: FastifyRequest, context: DecisionsContext, id: string, viewer?: Caller | null): Promise<Source> {
  const [source, reader] = await Promise.all([context.sources.view(id, readerLocale(request)), viewer === undefined ? viewerOf(request, context) : viewer]);
  if (!source) throw notFound();
  // The item it cites and its law as the source's commands find them: none when either is gone.
  const target = reader
    ? await sourceTarget(context.db, source.targetKind, source.lawId, source.targetId).catch((error: unknown) => {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      })
    : null;
  return withSourceMay(reader, source, target);
}
