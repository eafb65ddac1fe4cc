import type { TSchema, Static, TUnknown } from 'typebox';
import type { ServiceApp } from '@civic/service-kit';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../domain/proposal-rules.js';
import { callerOf, type DecisionsContext } from './context.js';
import { errorAnswers } from '@civic/contracts';

/** A request as the route's schemas validated it. */
export type ChangeRequest<Params extends TSchema, Body extends TSchema> = FastifyRequest & { params: Static<Params>; body: Static<Body> };

/** What a change answers: the changed item as its reader now sees it (201 for a creation), or 204 without `answer`. */
export interface ChangeAnswer<Params extends TSchema, Body extends TSchema, Answer extends TSchema, Result> {
  status?: 200 | 201;
  schema: Answer;
  /** `result` is what the command returned (the id of what it created, for a creation). */
  view: (request: ChangeRequest<Params, Body>, caller: Caller, result: Result) => Promise<Static<Answer>>;
}

export interface MemberChange<Params extends TSchema, Body extends TSchema, Answer extends TSchema, Result> {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  tags: string[];
  summary: string;
  params?: Params;
  body?: Body;
  querystring?: TSchema;
  /** Body fields where newlines are allowed (`config.multilineFields`). */
  multilineFields?: string[];
  /** The error statuses it may answer, for the OpenAPI document. */
  refusals?: number[];
  /** The command, run as the logged-in caller as this service knows them. */
  change: (caller: Caller, request: ChangeRequest<Params, Body>) => Promise<Result>;
  answer?: ChangeAnswer<Params, Body, Answer, Result>;
  /** Tells the live topics what changed, once the command committed (docs/live.md#decisions-topics). */
  live?: (request: ChangeRequest<Params, Body>, result: Result) => void;
}

/** Members prove who they are with the access cookie or a bearer token (docs/architecture.md#security). */
export const memberSecurity: Record<string, string[]>[] = [{ accessCookie: [] }, { bearer: [] }];

/**
 * Declares a change by a logged-in member (create, edit, delete, signal, pin, move): the schemas of
 * the route, its command run as the caller, and its answer. One place for what every change route
 * shares, so each route states only what is its own.
 */
export function memberChange<Params extends TSchema = TUnknown, Body extends TSchema = TUnknown, Answer extends TSchema = TUnknown, Result = void>(
  app: ServiceApp,
  context: DecisionsContext,
  route: MemberChange<Params, Body, Answer, Result>,
): void {
  const { answer } = route;
  app.route({
    method: route.method,
    url: route.url,
    ...(route.multilineFields && { config: { multilineFields: route.multilineFields } }),
    schema: {
      tags: route.tags,
      security: memberSecurity,
      summary: route.summary,
      ...(route.params && { params: route.params }),
      ...(route.body && { body: route.body }),
      ...(route.querystring && { querystring: route.querystring }),
      response: { ...(answer ? { [answer.status ?? 200]: answer.schema } : { 204: { type: 'null' } }), ...errorAnswers(...(route.refusals ?? [400, 401, 403, 404])) },
    },
    handler: async (request, reply) => {
      // Fastify validated the params and body against the route's own schemas above.
      const validated = request as ChangeRequest<Params, Body>;
      const caller = await callerOf(request, context);
      const result = await route.change(caller, validated);
      route.live?.(validated, result);
      if (!answer) return reply.status(204).send(null);
      return reply.status(answer.status ?? 200).send(await answer.view(validated, caller, result));
    },
  });
}
