import Type from 'typebox';
import { alertMessageKeys } from '@civic/contracts';
import { MAX_LIMIT } from '../domain/paging.js';

const Uuid = Type.String({ format: 'uuid' });
const AlertId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Cursor = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const ParamValue = Type.Union([Type.String({ maxLength: 300 }), Type.Number()]);

export const MessageKeySchema = Type.Enum([...alertMessageKeys]);

export const UserParams = Type.Object({ userId: Uuid });
export const AlertParams = Type.Object({ id: AlertId });

export const PageQuery = Type.Object(
  {
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1, default: 0, description: 'Alerts of the range to skip (default 0); page with `before` instead' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: 50, description: `Page size, default 50, at most ${MAX_LIMIT}` })),
    getNewsAlertsFromId: Type.Optional({ ...Cursor, description: 'Only alerts newer than this id (the client prepends them), oldest of them first in the range, answered newest first' }),
    before: Type.Optional({ ...Cursor, description: 'Only alerts older than this id (keyset cursor for the next older page)' }),
  },
  { additionalProperties: false },
);

export const AlertSchema = Type.Object({
  id: Type.Integer(),
  userId: Uuid,
  messageKey: MessageKeySchema,
  params: Type.Record(Type.String(), ParamValue),
  link: Type.Union([Type.String(), Type.Null()]),
  viewed: Type.Union([Type.Literal(0), Type.Literal(1)]),
  createdAt: Type.String({ format: 'date-time' }),
});

export const AlertListSchema = Type.Array(AlertSchema);
export const UnreadSchema = Type.Object({ count: Type.Integer({ minimum: 0 }) });
export const MarkAllSchema = Type.Object({ updated: Type.Integer({ minimum: 0 }), count: Type.Integer({ minimum: 0 }) });

export const CreateAlertBody = Type.Object(
  {
    userId: Uuid,
    messageKey: MessageKeySchema,
    params: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), ParamValue, { maxProperties: 10 })),
    link: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 300 }), Type.Null()])),
  },
  { additionalProperties: false },
);

/** Other services authenticate POST /api/users/notifications with this header (ALERTS_SERVICE_TOKEN). */
export const ServiceTokenHeaders = Type.Object({
  'x-service-token': Type.Optional(Type.String({ maxLength: 512, description: 'Secret of service callers (ALERTS_SERVICE_TOKEN)' })),
});

export const ErrorSchema = Type.Object({ statusCode: Type.Integer(), statusMessage: Type.String(), data: Type.Optional(Type.Unknown()) });

/** The error answers a route may give, for the OpenAPI document. */
export function errors(...statuses: number[]): Record<number, typeof ErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorSchema]));
}
