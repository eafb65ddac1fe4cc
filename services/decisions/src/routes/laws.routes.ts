import {
  ArticleSchema,
  CreatorsDrawSchema,
  DecisionsIdParamsSchema,
  LawArticleParamsSchema,
  LawDetailSchema,
  LawKanbanSchema,
  LawLangQuerySchema,
  LawListSchema,
  LawOpenDataSchema,
  LawQuerySchema,
  lawStates,
  errorAnswers,
} from '@civic/contracts';
import { AppError, badRequest, notFound, type ServiceApp } from '@civic/service-kit';
import { lawOf } from '../commands/law-access.js';
import { DRAW_ALGORITHM } from '../domain/creators-draw.js';
import { lawPdf } from '../commands/render-law-pdf.command.js';
import { pdfFileName, renderRequester } from '../domain/law-pdf-rules.js';
import { TextVersionRepository } from '../store/text-version.repository.js';
import { withLawSummaryMay } from '../domain/permitted-actions.js';
import { viewerOf, type DecisionsContext } from './context.js';
import { archived, articleView, lawDetail, lawRecord } from './law-views.js';
import { openData } from './open-data.js';
import { readerLocale } from './reader.js';

/** Laws born from selected proposals, for everyone: lists, one law, one article, the creators draw, and the archive (PDF, open data). */
export async function lawsRoutes(app: ServiceApp, context: DecisionsContext): Promise<void> {
  const tags = ['laws'];
  const versions = new TextVersionRepository(context.db);

  app.get(
    '/api/laws',
    {
      schema: {
        tags,
        summary: 'Laws (not deleted), 100 a page: search by title (q) and category, filter by state or cycle; archived first by date; before = the previous page’s nextBefore',
        querystring: LawQuerySchema,
        response: { 200: LawListSchema, ...errorAnswers(400) },
      },
    },
    async (request) => {
      const { q, category, state, cycleId, before } = request.query;
      const [page, reader] = await Promise.all([context.lawViews.page({ q, category, states: state ? [state] : undefined, cycleId, before }, context.clock()), viewerOf(request, context)]);
      if (!page) throw badRequest({ reason: 'unknown-cursor' });
      return { ...page, laws: page.laws.map((law) => withLawSummaryMay(reader, law)) };
    },
  );

  app.get(
    '/api/kanban/laws',
    { schema: { tags, summary: 'The laws board: drafting, final vote, adopted, rejected', response: { 200: LawKanbanSchema } } },
    async (request) => {
      // One read per column: the live columns never lose their laws behind thousands of archived ones.
      const now = context.clock();
      const [columns, reader] = await Promise.all([
        Promise.all(lawStates.map(async (state) => ({ state, laws: await context.lawViews.list({ states: [state] }, now) }))),
        viewerOf(request, context),
      ]);
      return { columns: columns.map((column) => ({ ...column, laws: column.laws.map((law) => withLawSummaryMay(reader, law)) })) };
    },
  );

  app.get(
    '/api/laws/:id',
    {
      schema: {
        tags,
        summary: 'One law with its groups, articles and amendments (live counts during the final vote, results after) and sources, APA in the reader’s language',
        params: DecisionsIdParamsSchema,
        querystring: LawLangQuerySchema,
        response: { 200: LawDetailSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request) => lawDetail(request, context, request.params.id),
  );

  app.get(
    '/api/laws/:id/draw',
    {
      schema: {
        tags,
        summary: `The creators draw of the law, to recompute it: algorithm ${DRAW_ALGORITHM}, the seed published when the vote closed, the eligible voters sorted, and the creators drawn`,
        params: DecisionsIdParamsSchema,
        response: { 200: CreatorsDrawSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request) => {
      const law = await lawOf(context.db, request.params.id);
      const draw = await context.laws.draw(law.cycleId);
      if (!draw) throw notFound();
      return {
        lawId: law.id,
        cycleId: law.cycleId,
        algorithm: DRAW_ALGORITHM,
        seed: draw.seed,
        perLaw: draw.perLaw,
        eligible: draw.eligible,
        creators: await context.laws.creatorsOf(law.id),
        drawnAt: draw.drawnAt.toISOString(),
      };
    },
  );

  app.get(
    '/api/laws/:id/pdf',
    {
      schema: {
        tags,
        summary:
          'The archived law as a PDF in the reader’s language (lang, locale cookie or Accept-Language): rendered once per version of the law and language, then kept; a strong ETag, 304 to If-None-Match; a render is limited per member or address (429) and waits for a free turn (503)',
        params: DecisionsIdParamsSchema,
        querystring: LawLangQuerySchema,
        response: {
          200: { type: 'string', format: 'binary', description: 'application/pdf' },
          304: { type: 'null', description: 'The PDF named by If-None-Match is still the current one' },
          ...errorAnswers(400, 404, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const locale = readerLocale(request);
      // As a visitor reads it: a PDF is the same for every reader, so it is kept once for all.
      const law = await context.lawViews.detail(request.params.id, null, locale, context.clock());
      if (!law) throw notFound();
      if (!archived.includes(law.state)) throw new AppError('notFound', 404, { reason: 'not-archived' });
      const requester = renderRequester(request.user?.id ?? null, request.ip);
      const answer = await lawPdf(context.pdf, { law, locale, requester, ifNoneMatch: request.headers['if-none-match'] }).catch((error: unknown) => {
        const retryAt = error instanceof AppError && error.statusCode === 429 ? (error.data as { retryAt?: string } | undefined)?.retryAt : undefined;
        if (retryAt) reply.header('retry-after', String(Math.max(1, Math.ceil((Date.parse(retryAt) - context.clock().getTime()) / 1000))));
        throw error;
      });
      // An archived law's PDF changes only when something it prints does (a creator's new name):
      // shared caches may keep it a day without asking, then revalidate with the tag.
      reply.header('etag', answer.etag).header('cache-control', 'public, max-age=86400, immutable').header('vary', 'accept-language, cookie');
      // No body at all (the typed reply would serialise null as "null").
      if (answer.notModified) return reply.code(304).send(undefined as unknown as null);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${pdfFileName(law, locale)}"`)
        .send(answer.pdf as unknown as string);
    },
  );

  app.get(
    '/api/laws/:id/open-data',
    {
      schema: {
        tags,
        summary: 'Open data (JSON) of an archived law: final text, every article and amendment with its vote counts, sources',
        params: DecisionsIdParamsSchema,
        querystring: LawLangQuerySchema,
        response: { 200: LawOpenDataSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request, reply) => {
      const law = await lawRecord(request, context, request.params.id);
      if (!archived.includes(law.state)) throw new AppError('notFound', 404, { reason: 'not-archived' });
      const seal = await versions.seal(law.id);
      const chains = await versions.chains(seal?.entries.map((entry) => entry.textId) ?? []);
      return reply.header('content-disposition', `attachment; filename="law-${law.cycleNumber}-${law.rank}.json"`).send(openData(law, { seal, versions: chains }));
    },
  );

  app.get(
    '/api/laws/:id/articles/:articleId',
    { schema: { tags, summary: 'One article with its amendments, or one amendment', params: LawArticleParamsSchema, querystring: LawLangQuerySchema, response: { 200: ArticleSchema, ...errorAnswers(400, 404) } } },
    async (request) => articleView(request, context, request.params.id, request.params.articleId),
  );
}
