import { notFound, type ServiceApp } from '@civic/service-kit';
import type { FastifyRequest } from 'fastify';
import { addSource } from '../commands/add-source.command.js';
import { deleteSource } from '../commands/delete-source.command.js';
import { editSource } from '../commands/edit-source.command.js';
import { pinSource } from '../commands/pin-content.command.js';
import { callerOf, type DecisionsContext } from './context.js';
import { LangQuery, SourceCreateInput, SourceEditInput, SourceSchema } from './laws.schemas.js';
import { readerLocale } from './reader.js';
import { errors, IdParams, PinBody } from './schemas.js';

/** References (APA 7) attached to a law, an article or an amendment; changes through their commands. */
export async function sourcesRoutes(app: ServiceApp, context: DecisionsContext): Promise<void> {
  const tags = ['sources'];
  const security: Record<string, string[]>[] = [{ accessCookie: [] }, { bearer: [] }];

  async function view(request: FastifyRequest, id: string) {
    const source = await context.sources.view(id, readerLocale(request));
    if (!source) throw notFound();
    return source;
  }

  app.post(
    '/api/sources',
    {
      config: { multilineFields: ['description'] },
      schema: {
        tags,
        security,
        summary:
          'Add a source to a law, article or amendment (whoever may edit it; the law’s creators for the law). Problems answer 400 with data.problems: [{field, message}] (required, invalidUrl, invalidDate, invalidNumber, invalidType, invalidPagesFormat, maxLength)',
        body: SourceCreateInput,
        querystring: LangQuery,
        response: { 201: SourceSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const id = await addSource(context, await callerOf(request, context), request.body);
      return reply.status(201).send(await view(request, id));
    },
  );

  app.get(
    '/api/sources/:id',
    { schema: { tags, summary: 'One source with its APA 7 reference in the reader’s language', params: IdParams, querystring: LangQuery, response: { 200: SourceSchema, ...errors(400, 404) } } },
    async (request) => view(request, request.params.id),
  );

  app.put(
    '/api/sources/:id',
    {
      config: { multilineFields: ['description'] },
      schema: {
        tags,
        security,
        summary: 'Edit a source: a moderator, or with the permission flag (the caller may edit the item it is attached to)',
        params: IdParams,
        body: SourceEditInput,
        querystring: LangQuery,
        response: { 200: SourceSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await editSource(context, await callerOf(request, context), request.params.id, request.body);
      return view(request, request.params.id);
    },
  );

  app.put(
    '/api/sources/:id/pin',
    { schema: { tags, security, summary: 'Pin or unpin a source (moderators)', params: IdParams, body: PinBody, querystring: LangQuery, response: { 200: SourceSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      await pinSource(context, await callerOf(request, context), request.params.id, request.body.pin);
      return view(request, request.params.id);
    },
  );

  app.delete(
    '/api/sources/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a source: a moderator, or with the permission flag',
        params: IdParams,
        response: { 204: { type: 'null' }, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteSource(context, await callerOf(request, context), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
