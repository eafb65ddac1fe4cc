import type { Article, LawDetail, LawState, Locale } from '@civic/contracts';
import { AppError, notFound, requireUser, type ServiceApp } from '@civic/service-kit';
import type { FastifyRequest } from 'fastify';
import {
  mayDelete,
  mayDraft,
  mayEdit,
  mayPin,
  maySignal,
  mayVote,
  type ItemFacts,
} from '../domain/content-rules.js';
import { DRAW_ALGORITHM } from '../domain/creators-draw.js';
import { mayParticipate, type Refusal } from '../domain/proposal-rules.js';
import { renderLawPdf, adoptedText } from '../pdf/law-pdf.js';
import type { StoredArticle, StoredLaw } from '../store/law.repository.js';
import { callerOf, type DecisionsContext } from './context.js';
import {
  AmendmentInput,
  ArticleEditInput,
  ArticleInput,
  ArticleMoveInput,
  ArticleParams,
  ArticleSchema,
  DirectionInput,
  DrawSchema,
  GroupInput,
  GroupParams,
  LangQuery,
  LawDetailSchema,
  LawIdParams,
  LawInput,
  LawKanbanSchema,
  LawListSchema,
  LawQuery,
  OpenDataSchema,
  SignalInput,
} from './laws.schemas.js';
import { errors, PinBody, VoteAnswerSchema, VoteBody } from './schemas.js';

export const refused = (refusal: Refusal | null | { as: string }): void => {
  if (refusal && 'key' in refusal) throw new AppError(refusal.key, refusal.status, { reason: refusal.reason });
};

/** The reader's language: `lang` in the query, else the locale cookie, else Accept-Language, else English. */
export function readerLocale(request: FastifyRequest): Locale {
  const query = (request.query ?? {}) as { lang?: string };
  if (query.lang === 'fr' || query.lang === 'en') return query.lang;
  const cookie = (request as { cookies?: Record<string, string | undefined> }).cookies?.['locale'];
  if (cookie === 'fr' || cookie === 'en') return cookie;
  const accept = request.headers['accept-language'];
  if (typeof accept === 'string') {
    const first = accept.split(',')[0]?.trim().toLowerCase() ?? '';
    if (first.startsWith('fr')) return 'fr';
  }
  return 'en';
}

export const lawItem = (law: StoredLaw): ItemFacts => ({
  kind: 'law',
  userId: law.userId,
  moderationStatus: law.moderationStatus,
  scribeStatus: law.scribeStatus,
  deleted: law.deleted,
});

const archived: LawState[] = ['adopted', 'rejected'];

/** The open data of an archived law: its final text with every count. */
export function openData(law: LawDetail) {
  const groups = new Map(law.groups.map((group) => [group.id, group.name]));
  const text = adoptedText(law);
  const numbers = new Map(text.map((entry) => [entry.article.id, entry.number]));
  const counts = (article: Article) => ({ for: article.counts.for, against: article.counts.against, neutral: article.counts.neutral, blank: article.counts.blank });
  const source = (s: LawDetail['sources'][number]) => {
    const { userName: _name, apa, ...fields } = s;
    return { ...fields, apa: apa.text };
  };
  return {
    id: law.id,
    title: law.title,
    description: law.description,
    category: law.category,
    state: law.state,
    adopted: law.state === 'adopted',
    cycle: { id: law.cycleId, number: law.cycleNumber },
    archivedAt: law.archivedAt,
    voters: law.voters,
    creators: law.creators,
    groups: law.groups.map((group) => ({ id: group.id, name: group.name, position: group.position })),
    articles: law.articles.map((article) => {
      const winner = [article, ...article.amendments].find((item) => item.result?.winner) ?? article;
      return {
        id: article.id,
        number: numbers.get(article.id) ?? null,
        group: article.groupId ? (groups.get(article.groupId) ?? null) : null,
        body: article.body,
        counts: counts(article),
        adopted: winner.result?.adopted ?? false,
        replacedBy: winner.id === article.id ? null : winner.id,
        finalText: winner.body,
        sources: article.sources.map(source),
        amendments: article.amendments.map((amendment) => ({
          id: amendment.id,
          title: amendment.title,
          body: amendment.body,
          counts: counts(amendment),
          winner: amendment.result?.winner ?? false,
          sources: amendment.sources.map(source),
        })),
      };
    }),
    sources: law.sources.map(source),
  };
}

/**
 * Laws born from selected proposals: reads and the archive (PDF, open data) for everyone; drafting
 * by the law's creators; edit, delete, signal and pin per SPEC section 6; the final vote.
 */
export async function lawsRoutes(app: ServiceApp, context: DecisionsContext): Promise<void> {
  const tags = ['laws'];
  const security: Record<string, string[]>[] = [{ accessCookie: [] }, { bearer: [] }];
  const { laws } = context;

  async function lawOf(id: string): Promise<StoredLaw> {
    const law = await laws.facts(id);
    if (!law || law.deleted) throw notFound();
    return law;
  }

  async function articleOf(law: StoredLaw, articleId: string): Promise<StoredArticle> {
    const article = await laws.article(law.id, articleId);
    if (!article || article.deleted) throw notFound();
    return article;
  }

  async function detail(request: FastifyRequest, id: string): Promise<LawDetail> {
    const law = await laws.detail(id, request.user?.id ?? null, readerLocale(request), context.clock());
    if (!law) throw notFound();
    return law;
  }

  async function articleView(request: FastifyRequest, lawId: string, articleId: string): Promise<Article> {
    const article = await laws.articleView(lawId, articleId, request.user?.id ?? null, readerLocale(request));
    if (!article) throw notFound();
    return article;
  }

  app.get(
    '/api/laws',
    {
      schema: {
        tags,
        summary: 'Laws (not deleted): search by title (q) and category, filter by state or cycle; archived first by date',
        querystring: LawQuery,
        response: { 200: LawListSchema, ...errors(400) },
      },
    },
    async (request) => {
      const { q, category, state, cycleId } = request.query;
      return { laws: await laws.list({ q, category, states: state ? [state] : undefined, cycleId }, context.clock()) };
    },
  );

  app.get(
    '/api/kanban/laws',
    { schema: { tags, summary: 'The laws board: drafting, final vote, adopted, rejected', response: { 200: LawKanbanSchema } } },
    async () => {
      const all = await laws.list({}, context.clock());
      const columns = (['creation', 'final-vote', 'adopted', 'rejected'] as const).map((state) => ({ state, laws: all.filter((law) => law.state === state) }));
      return { columns };
    },
  );

  app.get(
    '/api/laws/:id',
    {
      schema: {
        tags,
        summary: 'One law with its groups, articles and amendments (live counts during the final vote, results after) and sources, APA in the reader’s language',
        params: LawIdParams,
        querystring: LangQuery,
        response: { 200: LawDetailSchema, ...errors(400, 404) },
      },
    },
    async (request) => detail(request, request.params.id),
  );

  app.get(
    '/api/laws/:id/draw',
    {
      schema: {
        tags,
        summary: `The creators draw of the law, to recompute it: algorithm ${DRAW_ALGORITHM}, the seed published when the vote closed, the eligible voters sorted, and the creators drawn`,
        params: LawIdParams,
        response: { 200: DrawSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const law = await lawOf(request.params.id);
      const draw = await laws.draw(law.cycleId);
      if (!draw) throw notFound();
      return {
        lawId: law.id,
        cycleId: law.cycleId,
        algorithm: DRAW_ALGORITHM,
        seed: draw.seed,
        perLaw: draw.perLaw,
        eligible: draw.eligible,
        creators: await laws.creatorsOf(law.id),
        drawnAt: draw.drawnAt.toISOString(),
      };
    },
  );

  app.get(
    '/api/laws/:id/pdf',
    {
      schema: {
        tags,
        summary: 'The archived law as a PDF in the reader’s language (lang, locale cookie or Accept-Language)',
        params: LawIdParams,
        querystring: LangQuery,
        response: { 200: { type: 'string', format: 'binary', description: 'application/pdf' }, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const law = await detail(request, request.params.id);
      if (!archived.includes(law.state)) throw new AppError('notFound', 404, { reason: 'not-archived' });
      const locale = readerLocale(request);
      const pdf = await renderLawPdf(law, { locale, fontDir: context.pdf.fontDir, timeZone: context.pdf.timeZone });
      const name = `law-${law.cycleNumber}-${law.rank}-${locale}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'public, max-age=300')
        .send(pdf as unknown as string);
    },
  );

  app.get(
    '/api/laws/:id/open-data',
    {
      schema: {
        tags,
        summary: 'Open data (JSON) of an archived law: final text, every article and amendment with its vote counts, sources',
        params: LawIdParams,
        querystring: LangQuery,
        response: { 200: OpenDataSchema, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const law = await detail(request, request.params.id);
      if (!archived.includes(law.state)) throw new AppError('notFound', 404, { reason: 'not-archived' });
      return reply.header('content-disposition', `attachment; filename="law-${law.cycleNumber}-${law.rank}.json"`).send(openData(law));
    },
  );

  // --- the law itself ---

  app.put(
    '/api/laws/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit the law’s title and description during creation: its author, a moderator once signalled, a scribe once signalled to the scribes',
        params: LawIdParams,
        body: LawInput,
        response: { 200: LawDetailSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await callerOf(request, context);
      const law = await lawOf(request.params.id);
      const allowed = mayEdit(caller, lawItem(law), law);
      refused(allowed);
      if (!('as' in allowed)) throw new AppError('unauthorizedAction', 403);
      await laws.editLaw(law, request.body, { id: caller.id, as: allowed.as }, context.clock());
      return detail(request, law.id);
    },
  );

  app.delete(
    '/api/laws/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a law (hidden, kept): its author during creation, or a moderator once signalled',
        params: LawIdParams,
        response: { 204: { type: 'null' }, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, context);
      const law = await lawOf(request.params.id);
      const allowed = mayDelete(caller, lawItem(law), law);
      refused(allowed);
      if (!('as' in allowed)) throw new AppError('unauthorizedAction', 403);
      await laws.deleteLaw(law, { id: caller.id, as: allowed.as }, context.clock());
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/laws/:id/signal',
    {
      schema: {
        tags,
        security,
        summary: 'Signal the law to the moderators (any member but its author) or, by its author, to the scribes',
        params: LawIdParams,
        body: SignalInput,
        response: { 200: LawDetailSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await callerOf(request, context);
      const law = await lawOf(request.params.id);
      refused(maySignal(caller, lawItem(law), law, request.body.to));
      await laws.signal({ kind: 'law', id: law.id, lawId: law.id, userId: law.userId }, request.body.to, caller.id, context.clock());
      return detail(request, law.id);
    },
  );

  app.put(
    '/api/laws/:id/pin',
    { schema: { tags, security, summary: 'Pin or unpin a law (moderators)', params: LawIdParams, body: PinBody, response: { 200: LawDetailSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      const caller = await callerOf(request, context);
      const law = await lawOf(request.params.id);
      refused(mayPin(caller, lawItem(law), law));
      await laws.pin('law', law.id, request.body.pin);
      return detail(request, law.id);
    },
  );

  // --- groups ---

  app.post(
    '/api/laws/:id/groups',
    {
      schema: { tags, security, summary: 'Add a named group of articles (the law’s creators, during creation)', params: LawIdParams, body: GroupInput, response: { 201: LawDetailSchema, ...errors(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const caller = await callerOf(request, context);
      const law = await lawOf(request.params.id);
      refused(mayDraft(caller, law));
      await laws.addGroup(law.id, request.body.name.trim(), context.clock());
      return reply.status(201).send(await detail(request, law.id));
    },
  );

  async function groupOf(lawId: string, groupId: string) {
    const group = await laws.group(lawId, groupId);
    if (!group || group.deleted) throw notFound();
    return group;
  }

  app.put(
    '/api/laws/:id/groups/:groupId',
    { schema: { tags, security, summary: 'Rename a group (creators)', params: GroupParams, body: GroupInput, response: { 200: LawDetailSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      const caller = await callerOf(request, context);
      const law = await lawOf(request.params.id);
      await groupOf(law.id, request.params.groupId);
      refused(mayDraft(caller, law));
      await laws.renameGroup(law.id, request.params.groupId, request.body.name.trim());
      return detail(request, law.id);
    },
  );

  app.delete(
    '/api/laws/:id/groups/:groupId',
    { schema: { tags, security, summary: 'Delete a group; its articles stay, ungrouped (creators)', params: GroupParams, response: { 200: LawDetailSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      const caller = await callerOf(request, context);
      const law = await lawOf(request.params.id);
      await groupOf(law.id, request.params.groupId);
      refused(mayDraft(caller, law));
      await laws.deleteGroup(law.id, request.params.groupId, context.clock());
      return detail(request, law.id);
    },
  );

  app.post(
    '/api/laws/:id/groups/:groupId/move',
    { schema: { tags, security, summary: 'Move a group up or down (creators)', params: GroupParams, body: DirectionInput, response: { 200: LawDetailSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      const caller = await callerOf(request, context);
      const law = await lawOf(request.params.id);
      await groupOf(law.id, request.params.groupId);
      refused(mayDraft(caller, law));
      await laws.moveGroup(law.id, request.params.groupId, request.body.direction);
      return detail(request, law.id);
    },
  );

  // --- articles and amendments ---

  app.post(
    '/api/laws/:id/articles',
    {
      schema: { tags, security, summary: 'Write an article, in a group or not (the law’s creators, during creation)', params: LawIdParams, body: ArticleInput, response: { 201: ArticleSchema, ...errors(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const caller = await callerOf(request, context);
      const law = await lawOf(request.params.id);
      refused(mayDraft(caller, law));
      const id = await laws.addArticle({ lawId: law.id, userId: caller.id, body: request.body.body.trim(), groupId: request.body.groupId ?? null, now: context.clock() });
      return reply.status(201).send(await articleView(request, law.id, id));
    },
  );

  app.get(
    '/api/laws/:id/articles/:articleId',
    { schema: { tags, summary: 'One article with its amendments, or one amendment', params: ArticleParams, querystring: LangQuery, response: { 200: ArticleSchema, ...errors(400, 404) } } },
    async (request) => {
      await lawOf(request.params.id);
      return articleView(request, request.params.id, request.params.articleId);
    },
  );

  app.post(
    '/api/laws/:id/articles/:articleId/amendments',
    {
      schema: {
        tags,
        security,
        summary: 'Write an amendment (optional title) to an article (the law’s creators, during creation)',
        params: ArticleParams,
        body: AmendmentInput,
        response: { 201: ArticleSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, context);
      const law = await lawOf(request.params.id);
      const article = await articleOf(law, request.params.articleId);
      if (article.kind !== 'article') throw new AppError('badRequest', 400, { reason: 'amend-an-article' });
      refused(mayDraft(caller, law));
      const title = request.body.title?.trim() || null;
      const id = await laws.addAmendment({ lawId: law.id, articleId: article.id, userId: caller.id, title, body: request.body.body.trim(), now: context.clock() });
      return reply.status(201).send(await articleView(request, law.id, id));
    },
  );

  app.put(
    '/api/laws/:id/articles/:articleId',
    {
      schema: {
        tags,
        security,
        summary: 'Edit an article or amendment during creation: its author, a moderator once signalled, a scribe once signalled to the scribes',
        params: ArticleParams,
        body: ArticleEditInput,
        response: { 200: ArticleSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await callerOf(request, context);
      const law = await lawOf(request.params.id);
      const article = await articleOf(law, request.params.articleId);
      const allowed = mayEdit(caller, article, law);
      refused(allowed);
      if (!('as' in allowed)) throw new AppError('unauthorizedAction', 403);
      await laws.editArticle(article, { title: request.body.title?.trim() || null, body: request.body.body.trim() }, { id: caller.id, as: allowed.as }, context.clock());
      return articleView(request, law.id, article.id);
    },
  );

  app.delete(
    '/api/laws/:id/articles/:articleId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an article (with its amendments) or an amendment: its author during creation, or a moderator once signalled',
        params: ArticleParams,
        response: { 204: { type: 'null' }, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, context);
      const law = await lawOf(request.params.id);
      const article = await articleOf(law, request.params.articleId);
      const allowed = mayDelete(caller, article, law);
      refused(allowed);
      if (!('as' in allowed)) throw new AppError('unauthorizedAction', 403);
      await laws.deleteArticle(article, { id: caller.id, as: allowed.as }, law.state, context.clock());
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/laws/:id/articles/:articleId/move',
    {
      schema: {
        tags,
        security,
        summary: 'Move an article up or down inside its group, or into another group (groupId, null for none) (creators)',
        params: ArticleParams,
        body: ArticleMoveInput,
        response: { 200: LawDetailSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await callerOf(request, context);
      const law = await lawOf(request.params.id);
      const article = await articleOf(law, request.params.articleId);
      if (article.kind !== 'article') throw new AppError('badRequest', 400, { reason: 'move-an-article' });
      refused(mayDraft(caller, law));
      await laws.moveArticle(article, request.body);
      return detail(request, law.id);
    },
  );

  app.post(
    '/api/laws/:id/articles/:articleId/signal',
    {
      schema: {
        tags,
        security,
        summary: 'Signal an article or amendment to the moderators (any member but its author) or, by its author who is not a scribe, to the scribes',
        params: ArticleParams,
        body: SignalInput,
        response: { 200: ArticleSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await callerOf(request, context);
      const law = await lawOf(request.params.id);
      const article = await articleOf(law, request.params.articleId);
      refused(maySignal(caller, article, law, request.body.to));
      await laws.signal({ kind: article.kind, id: article.id, lawId: law.id, userId: article.userId }, request.body.to, caller.id, context.clock());
      return articleView(request, law.id, article.id);
    },
  );

  app.put(
    '/api/laws/:id/articles/:articleId/pin',
    { schema: { tags, security, summary: 'Pin or unpin an article or amendment (moderators)', params: ArticleParams, body: PinBody, response: { 200: ArticleSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      const caller = await callerOf(request, context);
      const law = await lawOf(request.params.id);
      const article = await articleOf(law, request.params.articleId);
      refused(mayPin(caller, article, law));
      await laws.pin('article', article.id, request.body.pin);
      return articleView(request, law.id, article.id);
    },
  );

  // --- the final vote ---

  async function ballotRefusal(request: FastifyRequest, lawId: string, articleId: string): Promise<never> {
    const caller = await callerOf(request, context);
    refused(mayParticipate(caller));
    const law = await lawOf(lawId);
    await articleOf(law, articleId);
    refused(mayVote(caller, law));
    throw new AppError('unauthorizedAction', 403, { reason: 'vote-not-open' });
  }

  app.put(
    '/api/laws/:id/articles/:articleId/vote',
    {
      schema: {
        tags,
        security,
        summary: 'Cast or replace your vote on an article or amendment during the final vote (verified, not suspended). Answers the live counts',
        params: ArticleParams,
        body: VoteBody,
        response: { 200: VoteAnswerSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!user.verified) refused(mayParticipate(await callerOf(request, context)));
      const counts = await context.articleVotes.cast(request.params.id, request.params.articleId, user.id, request.body.vote, context.clock());
      if (!counts) return ballotRefusal(request, request.params.id, request.params.articleId);
      return { counts, myVote: request.body.vote };
    },
  );

  app.delete(
    '/api/laws/:id/articles/:articleId/vote',
    {
      schema: { tags, security, summary: 'Take back your vote on an article or amendment during the final vote', params: ArticleParams, response: { 200: VoteAnswerSchema, ...errors(400, 401, 403, 404) } },
    },
    async (request) => {
      const user = requireUser(request);
      if (!user.verified) refused(mayParticipate(await callerOf(request, context)));
      const counts = await context.articleVotes.withdraw(request.params.id, request.params.articleId, user.id, context.clock());
      if (!counts) return ballotRefusal(request, request.params.id, request.params.articleId);
      return { counts, myVote: null };
    },
  );

}
