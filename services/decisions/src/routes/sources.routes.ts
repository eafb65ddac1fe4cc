import { AppError, notFound, type ServiceApp } from '@civic/service-kit';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../domain/proposal-rules.js';
import { mayAddSource, mayChangeSource, mayPin, type ItemFacts } from '../domain/content-rules.js';
import { validateSource, type SourceFields, type SourceInput } from '../domain/sources.js';
import type { StoredLaw, StoredSource } from '../store/law.repository.js';
import { callerOf, type DecisionsContext } from './context.js';
import { lawItem, readerLocale, refused } from './laws.routes.js';
import { LangQuery, SourceCreateInput, SourceEditInput, SourceSchema } from './laws.schemas.js';
import { errors, IdParams, PinBody } from './schemas.js';

/**
 * Sources: the spec's shape for a form with problems: 400, `Missing required fields` when a required
 * field is missing, else `Bad Request`, with `data.problems` naming each field and its message.
 */
function fieldsOf(input: SourceInput): SourceFields {
  const checked = validateSource(input);
  if (checked.ok) return checked.fields;
  const missing = checked.problems.some((problem) => problem.message === 'required');
  throw new AppError(missing ? 'missingRequiredFields' : 'badRequest', 400, { problems: checked.problems });
}

/** References (APA 7) attached to a law, an article or an amendment. */
export async function sourcesRoutes(app: ServiceApp, context: DecisionsContext): Promise<void> {
  const tags = ['sources'];
  const security: Record<string, string[]>[] = [{ accessCookie: [] }, { bearer: [] }];
  const { laws } = context;

  async function target(kind: 'law' | 'article', lawId: string | null, targetId: string): Promise<{ law: StoredLaw; item: ItemFacts }> {
    if (kind === 'law') {
      const law = await laws.facts(targetId);
      if (!law || law.deleted) throw notFound();
      return { law, item: lawItem(law) };
    }
    const article = lawId ? await laws.article(lawId, targetId) : await laws.articleAnywhere(targetId);
    if (!article || article.deleted) throw notFound();
    const law = await laws.facts(article.lawId);
    if (!law || law.deleted) throw notFound();
    return { law, item: article };
  }

  async function sourceOf(id: string): Promise<StoredSource> {
    const source = await laws.sourceFacts(id);
    if (!source || source.deleted) throw notFound();
    return source;
  }

  /** The permission flag of SPEC section 6: the caller may add sources to the item the source is attached to. */
  async function changeAllowed(caller: Caller, source: StoredSource): Promise<StoredLaw> {
    const { law, item } = await target(source.targetKind, source.lawId, source.targetId);
    refused(mayChangeSource(caller, source, law, mayAddSource(caller, item, law) === null));
    return law;
  }

  async function view(request: FastifyRequest, id: string) {
    const source = await laws.sourceView(id, readerLocale(request));
    if (!source) throw notFound();
    return source;
  }

  app.post(
    '/api/sources',
    {
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
      const caller = await callerOf(request, context);
      const { targetKind, targetId, ...input } = request.body;
      const { law, item } = await target(targetKind, null, targetId);
      refused(mayAddSource(caller, item, law));
      const fields = fieldsOf(input);
      const id = await laws.addSource({ lawId: law.id, lawState: law.state, targetKind, targetId, userId: caller.id, fields, now: context.clock() });
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
      const caller = await callerOf(request, context);
      const source = await sourceOf(request.params.id);
      const law = await changeAllowed(caller, source);
      const fields = fieldsOf(request.body);
      await laws.editSource(source, law.state, fields, { id: caller.id, moderator: caller.moderator }, context.clock());
      return view(request, source.id);
    },
  );

  app.put(
    '/api/sources/:id/pin',
    { schema: { tags, security, summary: 'Pin or unpin a source (moderators)', params: IdParams, body: PinBody, querystring: LangQuery, response: { 200: SourceSchema, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      const caller = await callerOf(request, context);
      const source = await sourceOf(request.params.id);
      const { law } = await target(source.targetKind, source.lawId, source.targetId);
      refused(mayPin(caller, source, law));
      await laws.pin('source', source.id, request.body.pin);
      return view(request, source.id);
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
      const caller = await callerOf(request, context);
      const source = await sourceOf(request.params.id);
      const law = await changeAllowed(caller, source);
      await laws.deleteSource(source, law.state, { id: caller.id, moderator: caller.moderator }, context.clock());
      return reply.status(204).send(null);
    },
  );
}
