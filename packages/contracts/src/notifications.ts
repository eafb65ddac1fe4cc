/**
 * HTTP contract of the notifications service, shared by the service, the other services that create
 * alerts and the shell. Each request and answer shape is a TypeBox schema the routes validate and
 * serialise with; its type is derived from it.
 */
import Type, { type Static } from 'typebox';
import { Id, literals } from './http-schemas.js';
import { alertMessageKeys } from './enums.js';
import { Limits } from './limits.js';


/** The most alerts one page may hold (`limit` of a page query). */
export const alertPageMaxLimit = 100;

// Building blocks of the shapes below.
const AlertId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const alertCursor = (description: string) => Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description });
const AlertMessageKeySchema = literals(alertMessageKeys);
const AlertParamValue = Type.Union([Type.String({ maxLength: 300 }), Type.Number()]);

/** An alert as the service answers it. */
export const AlertSchema = Type.Object({
  id: Type.Integer(),
  userId: Id,
  messageKey: AlertMessageKeySchema,
  params: Type.Record(Type.String(), AlertParamValue),
  /** Shell route of the content concerned, or null. */
  link: Type.Union([Type.String(), Type.Null()]),
  viewed: Type.Union([Type.Literal(0), Type.Literal(1)]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Alert = Static<typeof AlertSchema>;

/** GET /api/users/notifications/{userId}: a page of alerts, newest first. */
export const AlertListSchema = Type.Array(AlertSchema);
export type AlertList = Static<typeof AlertListSchema>;

/** The `{userId}` of the calls on a user's alerts. */
export const AlertUserParamsSchema = Type.Object({ userId: Id });
export type AlertUserParams = Static<typeof AlertUserParamsSchema>;

/** The `{id}` of the calls on one alert. */
export const AlertIdParamsSchema = Type.Object({ id: AlertId });
export type AlertIdParams = Static<typeof AlertIdParamsSchema>;

/** The query of GET /api/users/notifications/{userId}. */
export const AlertPageQuerySchema = Type.Object(
  {
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1, default: 0, description: 'Alerts of the range to skip (default 0); page with `before` instead' })),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: alertPageMaxLimit,
        default: Limits.notificationPageSize,
        description: `Page size, default ${Limits.notificationPageSize}, at most ${alertPageMaxLimit}`,
      }),
    ),
    getNewsAlertsFromId: Type.Optional(alertCursor('Only alerts newer than this id (the client prepends them), oldest of them first in the range, answered newest first')),
    before: Type.Optional(alertCursor('Only alerts older than this id (keyset cursor for the next older page)')),
  },
  { additionalProperties: false },
);
export type AlertPageQuery = Static<typeof AlertPageQuerySchema>;

/** GET /api/users/notifications/unread/{userId}. */
export const UnreadAlertsSchema = Type.Object({ count: Type.Integer({ minimum: 0 }) });
export type UnreadAlerts = Static<typeof UnreadAlertsSchema>;

/** PUT /api/users/notifications/mark-all-as-read/{userId}: how many were marked, and the unread count after. */
export const AlertsMarkedReadSchema = Type.Object({ updated: Type.Integer({ minimum: 0 }), count: Type.Integer({ minimum: 0 }) });
export type AlertsMarkedRead = Static<typeof AlertsMarkedReadSchema>;

/** POST /api/users/notifications (other services and moderators): the link must be a path of this site. */
export const CreateAlertBodySchema = Type.Object(
  {
    userId: Id,
    messageKey: AlertMessageKeySchema,
    params: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), AlertParamValue, { maxProperties: 10 })),
    link: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 300 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type CreateAlertBody = Static<typeof CreateAlertBodySchema>;

/** Other services authenticate POST /api/users/notifications with this header (ALERTS_SERVICE_TOKEN). */
export const AlertServiceTokenHeadersSchema = Type.Object({
  'x-service-token': Type.Optional(Type.String({ maxLength: 512, description: 'Secret of service callers (ALERTS_SERVICE_TOKEN)' })),
});
export type AlertServiceTokenHeaders = Static<typeof AlertServiceTokenHeadersSchema>;

/** GET /api/users/notifications/stream: the unread count, live, as server-sent events. */
export const UnreadAlertsStreamSchema = Type.String({ description: 'text/event-stream: `event: unread` `data: {"count":n}`, `event: expired`, `: ping` heartbeats' });
