import {
  AmendmentInputSchema,
  ArticleEditInputSchema,
  ArticleInputSchema,
  ArticleMoveInputSchema,
  ArticleSchema,
  DecisionsIdParamsSchema,
  DecisionsPinInputSchema,
  LawArticleParamsSchema,
  LawDetailSchema,
  LawGroupInputSchema,
  LawGroupMoveInputSchema,
  LawGroupParamsSchema,
  LawInputSchema,
  LawSignalInputSchema,
} from '@civic/contracts';
import type { ServiceApp } from '@civic/service-kit';
import type { FastifyRequest } from 'fastify';
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
import type { Caller } from '../domain/proposal-rules.js';
import type { DecisionsContext } from './context.js';
import { articleView, lawDetail } from './law-views.js';
import { memberChange } from './member-change.js';

/**
 * Changes to a law and its content, each through its command: drafting by the law's creators (groups,
 * articles, amendments, their order); edit, delete, signal and pin per docs/product.md.
 */
export async function lawContentRoutes(app: ServiceApp, context: DecisionsContext): Promise<void> {
  const tags = ['laws'];
  type LawRequest = FastifyRequest & { params: { id: string } };
  type ArticleRequest = FastifyRequest & { params: { id: string; articleId: string } };
  /** The law as its reader now sees it. */
  const law = { schema: LawDetailSchema, view: (request: LawRequest, caller: Caller) => lawDetail(request, context, request.params.id, caller) };
  /** The article or amendment of the route as its reader now sees it. */
  const article = { schema: ArticleSchema, view: (request: ArticleRequest, caller: Caller) => articleView(request, context, request.params.id, request.params.articleId, caller) };
  /** The article or amendment just written, as its author sees it. */
  const written = { status: 201, schema: ArticleSchema, view: (request: LawRequest, caller: Caller, id: string) => articleView(request, context, request.params.id, id, caller) } as const;

  // --- the law itself ---

  memberChange(app, context, {
    method: 'PUT',
    url: '/api/laws/:id',
    tags,
    summary: 'Edit the law’s title and description during creation: its author, a moderator once signalled, a scribe once signalled to the scribes (these two giving a reason, else 400 reasonRequired)',
    params: DecisionsIdParamsSchema,
    body: LawInputSchema,
    multilineFields: ['description'],
    change: (caller, { params, body }) => editLaw(context, caller, params.id, body),
    live: ({ params }) => context.live.lawChanged(params.id),
    answer: law,
  });

  memberChange(app, context, {
    method: 'DELETE',
    url: '/api/laws/:id',
    tags,
    summary: 'Delete a law (hidden, kept): its author during creation, or a moderator once signalled',
    params: DecisionsIdParamsSchema,
    change: (caller, { params }) => deleteLaw(context, caller, params.id),
    live: ({ params }) => context.live.lawChanged(params.id),
  });

  memberChange(app, context, {
    method: 'POST',
    url: '/api/laws/:id/signal',
    tags,
    summary: 'Signal the law to the moderators (any member but its author) or, by its author, to the scribes',
    params: DecisionsIdParamsSchema,
    body: LawSignalInputSchema,
    change: (caller, { params, body }) => signalLaw(context, caller, params.id, body.to),
    answer: law,
  });

  memberChange(app, context, {
    method: 'PUT',
    url: '/api/laws/:id/pin',
    tags,
    summary: 'Pin or unpin a law (moderators)',
    params: DecisionsIdParamsSchema,
    body: DecisionsPinInputSchema,
    change: (caller, { params, body }) => pinLaw(context, caller, params.id, body.pin),
    live: ({ params }) => context.live.lawChanged(params.id),
    answer: law,
  });

  // --- groups ---

  memberChange(app, context, {
    method: 'POST',
    url: '/api/laws/:id/groups',
    tags,
    summary: 'Add a named group of articles (the law’s creators, during creation)',
    params: DecisionsIdParamsSchema,
    body: LawGroupInputSchema,
    change: (caller, { params, body }) => addGroup(context, caller, params.id, body.name),
    live: ({ params }) => context.live.lawChanged(params.id),
    answer: { ...law, status: 201 },
  });

  memberChange(app, context, {
    method: 'PUT',
    url: '/api/laws/:id/groups/:groupId',
    tags,
    summary: 'Rename a group (creators)',
    params: LawGroupParamsSchema,
    body: LawGroupInputSchema,
    change: (caller, { params, body }) => renameGroup(context, caller, params.id, params.groupId, body.name),
    live: ({ params }) => context.live.lawChanged(params.id),
    answer: law,
  });

  memberChange(app, context, {
    method: 'DELETE',
    url: '/api/laws/:id/groups/:groupId',
    tags,
    summary: 'Delete a group; its articles stay, ungrouped (creators)',
    params: LawGroupParamsSchema,
    change: (caller, { params }) => deleteGroup(context, caller, params.id, params.groupId),
    live: ({ params }) => context.live.lawChanged(params.id),
    answer: law,
  });

  memberChange(app, context, {
    method: 'POST',
    url: '/api/laws/:id/groups/:groupId/move',
    tags,
    summary: 'Move a group up or down (creators)',
    params: LawGroupParamsSchema,
    body: LawGroupMoveInputSchema,
    change: (caller, { params, body }) => moveGroup(context, caller, params.id, params.groupId, body.direction),
    live: ({ params }) => context.live.lawChanged(params.id),
    answer: law,
  });

  // --- articles and amendments ---

  memberChange(app, context, {
    method: 'POST',
    url: '/api/laws/:id/articles',
    tags,
    summary: 'Write an article, in a group or not (the law’s creators, during creation)',
    params: DecisionsIdParamsSchema,
    body: ArticleInputSchema,
    multilineFields: ['body'],
    change: (caller, { params, body }) => addArticle(context, caller, params.id, { body: body.body, groupId: body.groupId ?? null }),
    live: ({ params }) => context.live.lawChanged(params.id),
    answer: written,
  });

  memberChange(app, context, {
    method: 'POST',
    url: '/api/laws/:id/articles/:articleId/amendments',
    tags,
    summary: 'Write an amendment (optional title) to an article (the law’s creators, during creation)',
    params: LawArticleParamsSchema,
    body: AmendmentInputSchema,
    multilineFields: ['body'],
    change: (caller, { params, body }) => addAmendment(context, caller, params.id, params.articleId, body),
    live: ({ params }) => context.live.lawChanged(params.id),
    answer: written,
  });

  memberChange(app, context, {
    method: 'PUT',
    url: '/api/laws/:id/articles/:articleId',
    tags,
    summary: 'Edit an article or amendment during creation: its author, a moderator once signalled, a scribe once signalled to the scribes (these two giving a reason, else 400 reasonRequired); with baseBody (and baseTitle), 409 editConflict when another save changed the text in between',
    params: LawArticleParamsSchema,
    body: ArticleEditInputSchema,
    multilineFields: ['body', 'baseBody'],
    refusals: [400, 401, 403, 404, 409],
    change: (caller, { params, body }) => editArticle(context, caller, params.id, params.articleId, body),
    live: ({ params }) => context.live.lawChanged(params.id),
    answer: article,
  });

  memberChange(app, context, {
    method: 'DELETE',
    url: '/api/laws/:id/articles/:articleId',
    tags,
    summary: 'Delete an article (with its amendments) or an amendment: its author during creation, or a moderator once signalled',
    params: LawArticleParamsSchema,
    change: (caller, { params }) => deleteArticle(context, caller, params.id, params.articleId),
    live: ({ params }) => context.live.lawChanged(params.id),
  });

  memberChange(app, context, {
    method: 'POST',
    url: '/api/laws/:id/articles/:articleId/move',
    tags,
    summary: 'Move an article up or down inside its group, or into another group (groupId, null for none) (creators)',
    params: LawArticleParamsSchema,
    body: ArticleMoveInputSchema,
    change: (caller, { params, body }) => moveArticle(context, caller, params.id, params.articleId, body),
    live: ({ params }) => context.live.lawChanged(params.id),
    answer: law,
  });

  memberChange(app, context, {
    method: 'POST',
    url: '/api/laws/:id/articles/:articleId/signal',
    tags,
    summary: 'Signal an article or amendment to the moderators (any member but its author) or, by its author who is not a scribe, to the scribes',
    params: LawArticleParamsSchema,
    body: LawSignalInputSchema,
    change: (caller, { params, body }) => signalArticle(context, caller, params.id, params.articleId, body.to),
    answer: article,
  });

  memberChange(app, context, {
    method: 'PUT',
    url: '/api/laws/:id/articles/:articleId/pin',
    tags,
    summary: 'Pin or unpin an article or amendment (moderators)',
    params: LawArticleParamsSchema,
    body: DecisionsPinInputSchema,
    change: (caller, { params, body }) => pinArticle(context, caller, params.id, params.articleId, body.pin),
    live: ({ params }) => context.live.lawChanged(params.id),
    answer: article,
  });
}
