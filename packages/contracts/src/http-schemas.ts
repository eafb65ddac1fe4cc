/**
 * Building blocks of the HTTP shapes (`identity.ts`, `decisions.ts`, `elections.ts`, `chat.ts`,
 * `notifications.ts`): each shape is a TypeBox schema that the owning service's routes validate
 * and serialise with, and whose `Static` type the front ends import. Type-only imports keep typebox
 * out of the browser bundles.
 */
import Type, { type TSchema } from 'typebox';

import { ErrorMessages } from './errors.js';

export { Uuid as Id, DateTime } from './event-definitions.js';

/** The schema, or null. */
export const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** One of the given strings. */
export const literals = <const T extends readonly string[]>(values: T) => Type.Enum([...values] as T[number][]);

/** A calendar date, 'YYYY-MM-DD'. */
export const DateOnly = Type.String({ format: 'date' });

/** The error answer of every route (docs/product.md#errors): `statusMessage` is a message of the error catalogue. */
export const ErrorBodySchema = Type.Object(
  {
    statusCode: Type.Integer(),
    statusMessage: Type.Unsafe<string>({ type: 'string', enum: Object.values(ErrorMessages) }),
    data: Type.Optional(Type.Unknown()),
  },
  { description: 'Error (docs/product.md#errors): statusMessage is a message of the error catalogue' },
);

/** The error answers a route may give, by status or range, for the OpenAPI document. */
export const errorAnswers = (...statuses: Array<number | '4xx' | '5xx'>): Record<string, typeof ErrorBodySchema> =>
  Object.fromEntries(statuses.map((status) => [String(status), ErrorBodySchema]));
