import { timingSafeEqual } from 'node:crypto';
import {
  AlertIdParamsSchema,
  AlertListSchema,
  AlertPageQuerySchema,
  AlertSchema,
  AlertServiceTokenHeadersSchema,
  AlertsMarkedReadSchema,
  AlertUserParamsSchema,
  CreateAlertBodySchema,
  Role,
  UnreadAlertsSchema,
  errorAnswers,
} from '@civic/contracts';
import { AppError, badRequest, forbidden, notFound, requireUser, sameUserAsPath, type ServiceApp } from '@civic/service-kit';
import type { FastifyRequest } from 'fastify';
import { createAlert } from '../commands/create-alert.command.js';
import { deleteAlert } from '../commands/delete-alert.command.js';
import { markAlertViewed } from '../commands/mark-alert-viewed.command.js';
import { markAllViewed } from '../commands/mark-all-viewed.command.js';
import { isModeratorNow } from '../domain/alert-access.js';
import { isSafeLink, type AlertParams as Params } from '../domain/alert-messages.js';
import { planPage } from '../domain/paging.js';
import type { UnreadHub } from '../live/unread-hub.js';
import type { AlertRepository } from '../store/alert.repository.js';
import type { MemberRepository } from '../store/member.repository.js';
import type { NotificationsPrisma } from '../store/prisma.js';

export interface NotificationsContext {
  db: NotificationsPrisma;
  alerts: AlertRepository;
  members: MemberRepository;
  hub: UnreadHub;
  /** ALERTS_SERVICE_TOKEN; empty disables service callers. */
  serviceToken: string;
}

const security: Record<string, string[]>[] = [{ accessCookie: [] }, { bearer: [] }];
const tags = ['notifications'];

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The alert calls (docs/product.md#calls): a user reads and changes only their own. */
export async function notificationsRoutes(app: ServiceApp, context: NotificationsContext): Promise<void> {
  const { db, alerts, hub } = context;

  /** Trusted callers of POST: another service with the service token, or a moderator. */
  async function assertTrusted(request: FastifyRequest): Promise<void> {
    const token = request.headers['x-service-token'];
    if (typeof token === 'string' && context.serviceToken !== '' && sameSecret(token, context.serviceToken)) return;
    if (typeof token === 'string' && !request.user) throw new AppError('invalidToken', 401);
    const user = requireUser(request);
    if (user.role === Role.Moderator || isModeratorNow(await context.members.standing(user.id))) return;
    throw forbidden();
  }

  app.get(
    '/api/users/notifications/:userId',
    {
      preHandler: sameUserAsPath,
      schema: {
        tags,
        security,
        summary:
          'A page of your alerts, newest first: the newest 50 by default; with getNewsAlertsFromId only newer ones (prepend them); with before the next older page (append it)',
        params: AlertUserParamsSchema,
        querystring: AlertPageQuerySchema,
        response: { 200: AlertListSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const planned = planPage(request.query);
      if (!planned.ok) throw badRequest({ reason: planned.reason });
      return alerts.page(request.params.userId, planned.plan);
    },
  );

  app.get(
    '/api/users/notifications/unread/:userId',
    {
      preHandler: sameUserAsPath,
      schema: { tags, security, summary: 'How many of your alerts are unread', params: AlertUserParamsSchema, response: { 200: UnreadAlertsSchema, ...errorAnswers(400, 401, 403) } },
    },
    async (request) => ({ count: await alerts.unread(request.params.userId) }),
  );

  app.put(
    '/api/users/notifications/mark-all-as-read/:userId',
    {
      preHandler: sameUserAsPath,
      schema: { tags, security, summary: 'Mark all your alerts read (count 0)', params: AlertUserParamsSchema, response: { 200: AlertsMarkedReadSchema, ...errorAnswers(400, 401, 403) } },
    },
    async (request) => {
      const updated = await markAllViewed(db, request.params.userId);
      if (updated > 0) hub.changed([request.params.userId]);
      return { updated, count: await alerts.unread(request.params.userId) };
    },
  );

  app.put(
    '/api/users/notifications/:id',
    {
      schema: { tags, security, summary: 'Mark one of your alerts read (viewed 0 -> 1)', params: AlertIdParamsSchema, response: { 200: AlertSchema, ...errorAnswers(400, 401, 403, 404) } },
    },
    async (request) => {
      const user = requireUser(request);
      const result = await markAlertViewed(db, request.params.id, user.id);
      if (result === 'missing') throw notFound();
      if (result === 'forbidden') throw forbidden();
      hub.changed([user.id]);
      return result;
    },
  );

  app.delete(
    '/api/users/notifications/:id',
    {
      schema: { tags, security, summary: 'Delete one of your alerts', params: AlertIdParamsSchema, response: { 204: { type: 'null' }, ...errorAnswers(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const refused = await deleteAlert(db, request.params.id, user.id);
      if (refused === 'missing') throw notFound();
      if (refused === 'forbidden') throw forbidden();
      hub.changed([user.id]);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/users/notifications',
    {
      schema: {
        tags,
        security,
        summary:
          'Create an alert for a user. Trusted callers only: another service sending X-Service-Token (ALERTS_SERVICE_TOKEN), or a moderator. The link must be a path of this site',
        headers: AlertServiceTokenHeadersSchema,
        body: CreateAlertBodySchema,
        response: { 201: AlertSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await assertTrusted(request);
      const { userId, messageKey, params = {}, link = null } = request.body;
      if (link !== null && !isSafeLink(link)) throw badRequest({ reason: 'link must be a path of this site' });
      const alert = await createAlert(db, userId, { messageKey, params: params as Params, link });
      if (!alert) throw new AppError('userNotFound', 404);
      hub.changed([userId]);
      return reply.status(201).send(alert);
    },
  );
}
