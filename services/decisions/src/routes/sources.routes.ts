import { DecisionsIdParamsSchema, DecisionsPinInputSchema, LawLangQuerySchema, SourceCreateInputSchema, SourceInputSchema, SourceSchema, errorAnswers } from '@civic/contracts';
import type { ServiceApp } from '@civic/service-kit';
import type { FastifyRequest } from 'fastify';
import { addSource } from '../commands/add-source.command.js';
import { deleteSource } from '../commands/delete-source.command.js';
import { editSource } from '../commands/edit-source.command.js';
import { pinSource } from '../commands/pin-content.command.js';
import type { Caller } from '../domain/proposal-rules.js';
import type { DecisionsContext } from './context.js';
import { sourceView } from './law-views.js';
import { memberChange } from './member-change.js';

/** References (APA 7) attached to a law, an article or an amendment; changes through their commands. */
export async function sourcesRoutes(app: ServiceApp, context: DecisionsContext): Promise<void> {
  const tags = ['sources'];

  /** The source of the route as its reader now sees it. */
  const source = { schema: SourceSchema, view: (request: FastifyRequest & { params: { id: string } }, caller: Caller) => sourceView(request, context, request.params.id, caller) };

  memberChange(app, context, {
    method: 'POST',
    url: '/api/sources',
    tags,
    summary:
      'Add a source to a law, article or amendment (whoever may edit it; the law’s creators for the law). Problems answer 400 with data.problems: [{field, message}] (required, invalidUrl, invalidDate, invalidNumber, invalidType, invalidPagesFormat, maxLength)',
    body: SourceCreateInputSchema,
    querystring: LawLangQuerySchema,
    multilineFields: ['description'],
    change: (caller, { body }) => addSource(context, caller, body),
    answer: { status: 201, schema: SourceSchema, view: (request, caller, id) => sourceView(request, context, id, caller) },
  });

  app.get(
    '/api/sources/:id',
    {
      schema: {
        tags,
        summary: 'One source with its APA 7 reference in the reader’s language',
        params: DecisionsIdParamsSchema,
        querystring: LawLangQuerySchema,
        response: { 200: SourceSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request) => sourceView(request, context, request.params.id),
  );

  memberChange(app, context, {
    method: 'PUT',
    url: '/api/sources/:id',
    tags,
    summary: 'Edit a source: a moderator, or with the permission flag (the caller may edit the item it is attached to)',
    params: DecisionsIdParamsSchema,
    body: SourceInputSchema,
    querystring: LawLangQuerySchema,
    multilineFields: ['description'],
    change: (caller, { params, body }) => editSource(context, caller, params.id, body),
    answer: source,
  });

  memberChange(app, context, {
    method: 'PUT',
    url: '/api/sources/:id/pin',
    tags,
    summary: 'Pin or unpin a source (moderators)',
    params: DecisionsIdParamsSchema,
    body: DecisionsPinInputSchema,
    querystring: LawLangQuerySchema,
    change: (caller, { params, body }) => pinSource(context, caller, params.id, body.pin),
    answer: source,
  });

  memberChange(app, context, {
    method: 'DELETE',
    url: '/api/sources/:id',
    tags,
    summary: 'Delete a source: a moderator, or with the permission flag',
    params: DecisionsIdParamsSchema,
    change: (caller, { params }) => deleteSource(context, caller, params.id),
  });
}
