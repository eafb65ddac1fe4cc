import { type ServiceApp } from '@civic/service-kit';
import { addAmendment } from '../commands/add-amendment.command.js';
import { addArticle } from '../commands/add-article.command.js';
import { addGroup } from '../commands/add-group.command.js';
import { deleteArticle } from '../commands/delete-article.command.js';
import { deleteGroup } from '../commands/delete-group.command.js';
import { deleteLaw } from '../commands/delete-law.command.js';
import { editArticle } from '../commands/edit-article.command.js';
import { editLaw } from '../commands/edit-law.command.js';
import { moveArticle } from '../commands/move-article.command.js';
import { moveGroup } from '../commands/move-group.command.js';
import { pinArticle, pinLaw } from '../commands/pin-content.command.js';
import { renameGroup } from '../commands/rename-group.command.js';
import { signalArticle, signalLaw } from '../commands/signal-content.command.js';
import { callerOf, type DecisionsContext } from './context.js';
import { articleView, lawDetail } from './law-views.js';
import {
  AmendmentInput,
  ArticleEditInput,
  ArticleInput,
  ArticleMoveInput,
  ArticleParams,
  ArticleSchema,
  DirectionInput,
  GroupInput,
  GroupParams,
  LawDetailSchema,
  LawIdParams,
  LawInput,
  SignalInput,
} from './laws.schemas.js';
import { errors, PinBody } from './schemas.js';

/**
 * Changes to a law and its content, each through its command: drafting by the law's creators (groups,
 * articles, amendments, their order); edit, delete, signal and pin per docs/product.md.
 */
export async function lawContentRoutes(app: ServiceApp, context: DecisionsContext): Promise<void> {
  const tags = ['laws'];
  const security: Record<string, string[]>[] = [{ accessCookie: [] }, { bearer: [] }];

  // --- the law itself ---

  app.put(
    '/api/laws/:id',
    {
      config: { multilineFields: ['description'] },
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
      await editLaw(context, await callerOf(request, context), request.params.id, request.body);
      return lawDetail(request, context, request.params.id);
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
      await deleteLaw(context, await callerOf(request, context), request.params.id);
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
      await signalLaw(context, await callerOf(request, context), request.params.id, request.body.to);
      return lawDetail(request, context, request.params.id);
    },
  );

  app.put(
    '/api/laws/:id/pin',
    { schema: { tags, security, summary: 'Pin or unpin a law (moderators)', params: LawIdParams, body: PinBody, response: { 200: LawDetailSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      await pinLaw(context, await callerOf(request, context), request.params.id, request.body.pin);
      return lawDetail(request, context, request.params.id);
    },
  );

  // --- groups ---

  app.post(
    '/api/laws/:id/groups',
    {
      schema: { tags, security, summary: 'Add a named group of articles (the law’s creators, during creation)', params: LawIdParams, body: GroupInput, response: { 201: LawDetailSchema, ...errors(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      await addGroup(context, await callerOf(request, context), request.params.id, request.body.name);
      return reply.status(201).send(await lawDetail(request, context, request.params.id));
    },
  );

  app.put(
    '/api/laws/:id/groups/:groupId',
    { schema: { tags, security, summary: 'Rename a group (creators)', params: GroupParams, body: GroupInput, response: { 200: LawDetailSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      await renameGroup(context, await callerOf(request, context), request.params.id, request.params.groupId, request.body.name);
      return lawDetail(request, context, request.params.id);
    },
  );

  app.delete(
    '/api/laws/:id/groups/:groupId',
    { schema: { tags, security, summary: 'Delete a group; its articles stay, ungrouped (creators)', params: GroupParams, response: { 200: LawDetailSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      await deleteGroup(context, await callerOf(request, context), request.params.id, request.params.groupId);
      return lawDetail(request, context, request.params.id);
    },
  );

  app.post(
    '/api/laws/:id/groups/:groupId/move',
    { schema: { tags, security, summary: 'Move a group up or down (creators)', params: GroupParams, body: DirectionInput, response: { 200: LawDetailSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      await moveGroup(context, await callerOf(request, context), request.params.id, request.params.groupId, request.body.direction);
      return lawDetail(request, context, request.params.id);
    },
  );

  // --- articles and amendments ---

  app.post(
    '/api/laws/:id/articles',
    {
      config: { multilineFields: ['body'] },
      schema: { tags, security, summary: 'Write an article, in a group or not (the law’s creators, during creation)', params: LawIdParams, body: ArticleInput, response: { 201: ArticleSchema, ...errors(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const id = await addArticle(context, await callerOf(request, context), request.params.id, { body: request.body.body, groupId: request.body.groupId ?? null });
      return reply.status(201).send(await articleView(request, context, request.params.id, id));
    },
  );

  app.post(
    '/api/laws/:id/articles/:articleId/amendments',
    {
      config: { multilineFields: ['body'] },
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
      const id = await addAmendment(context, await callerOf(request, context), request.params.id, request.params.articleId, request.body);
      return reply.status(201).send(await articleView(request, context, request.params.id, id));
    },
  );

  app.put(
    '/api/laws/:id/articles/:articleId',
    {
      config: { multilineFields: ['body'] },
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
      await editArticle(context, await callerOf(request, context), request.params.id, request.params.articleId, request.body);
      return articleView(request, context, request.params.id, request.params.articleId);
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
      await deleteArticle(context, await callerOf(request, context), request.params.id, request.params.articleId);
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
      await moveArticle(context, await callerOf(request, context), request.params.id, request.params.articleId, request.body);
      return lawDetail(request, context, request.params.id);
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
      await signalArticle(context, await callerOf(request, context), request.params.id, request.params.articleId, request.body.to);
      return articleView(request, context, request.params.id, request.params.articleId);
    },
  );

  app.put(
    '/api/laws/:id/articles/:articleId/pin',
    { schema: { tags, security, summary: 'Pin or unpin an article or amendment (moderators)', params: ArticleParams, body: PinBody, response: { 200: ArticleSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      await pinArticle(context, await callerOf(request, context), request.params.id, request.params.articleId, request.body.pin);
      return articleView(request, context, request.params.id, request.params.articleId);
    },
  );
}
