import {
  DigestUnsubscribeBodySchema,
  DigestUnsubscribedSchema,
  errorAnswers,
  FollowListSchema,
  followListMaxSize,
  FollowParamsSchema,
  FollowPreferencesSchema,
  FollowStateSchema,
} from '@civic/contracts';
import { badRequest, notFound, requireUser, type ServiceApp } from '@civic/service-kit';
import Type from 'typebox';
import { followDocument } from '../commands/follow-document.command.js';
import { savePreferences } from '../commands/save-preferences.command.js';
import { unfollowDocument } from '../commands/unfollow-document.command.js';
import { unsubscribeDigest } from '../commands/unsubscribe-digest.command.js';
import type { DigestSchedule } from '../domain/digest.js';
import type { FollowRepository } from '../store/follow.repository.js';
import type { NotificationsPrisma } from '../store/prisma.js';
import { FORM_TYPES, formFields, ONE_CLICK_BODY_LIMIT } from './one-click-form.js';

export interface FollowsContext {
  db: NotificationsPrisma;
  follows: FollowRepository;
  clock: () => Date;
  schedule: DigestSchedule;
  /** DIGEST_UNSUBSCRIBE_KEY. */
  unsubscribeKey: string;
}

const security: Record<string, string[]>[] = [{ accessCookie: [] }, { bearer: [] }];
const tags = ['notifications'];

/**
 * Following a proposal or a law, the follow preferences and the digest's one-click unsubscribe
 * (docs/product.md#following). Members only, suspended ones included (following is reading, not
 * taking part); the unsubscribe link needs no login.
 */
export async function followsRoutes(app: ServiceApp, context: FollowsContext): Promise<void> {
  const { db, follows } = context;

  app.get(
    '/api/users/notifications/follows',
    {
      schema: {
        tags,
        security,
        summary: `What you follow, newest first (at most ${followListMaxSize})`,
        response: { 200: FollowListSchema, ...errorAnswers(401) },
      },
    },
    async (request) => ({ follows: await follows.list(requireUser(request).id, followListMaxSize) }),
  );

  app.get(
    '/api/users/notifications/follows/:documentId',
    {
      schema: { tags, security, summary: 'Whether you follow this proposal or law', params: FollowParamsSchema, response: { 200: FollowStateSchema, ...errorAnswers(400, 401) } },
    },
    async (request) => ({ following: await follows.isFollowing(requireUser(request).id, request.params.documentId) }),
  );

  app.put(
    '/api/users/notifications/follows/:documentId',
    {
      schema: {
        tags,
        security,
        summary: 'Follow a proposal or a law (again harmless): its edits, results and closing vote reach your alerts',
        params: FollowParamsSchema,
        response: { 200: FollowStateSchema, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!(await followDocument(db, user.id, request.params.documentId, context.clock()))) throw notFound();
      return { following: true };
    },
  );

  app.delete(
    '/api/users/notifications/follows/:documentId',
    {
      schema: { tags, security, summary: 'Stop following a proposal or a law (again harmless)', params: FollowParamsSchema, response: { 200: FollowStateSchema, ...errorAnswers(400, 401) } },
    },
    async (request) => {
      await unfollowDocument(db, requireUser(request).id, request.params.documentId);
      return { following: false };
    },
  );

  app.get(
    '/api/users/notifications/preferences',
    {
      schema: {
        tags,
        security,
        summary: 'Which alerts of what you follow you get, and how often the digest mail comes',
        response: { 200: FollowPreferencesSchema, ...errorAnswers(401) },
      },
    },
    async (request) => {
      const { edits, results, closing, digest } = await follows.preferences(requireUser(request).id);
      return { edits, results, closing, digest };
    },
  );

  app.put(
    '/api/users/notifications/preferences',
    {
      schema: {
        tags,
        security,
        summary: 'Change your follow preferences (every field required); a digest chosen now starts its period now',
        body: FollowPreferencesSchema,
        response: { 200: FollowPreferencesSchema, ...errorAnswers(400, 401) },
      },
    },
    async (request) => savePreferences(context, requireUser(request).id, request.body),
  );

  app.post(
    '/api/users/notifications/digest/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Turn the digest mail off with the token of its one-click link (no login needed)',
        body: DigestUnsubscribeBodySchema,
        response: { 200: DigestUnsubscribedSchema, ...errorAnswers(400) },
      },
    },
    async (request) => {
      await unsubscribeDigest(db, context.unsubscribeKey, request.body.token, context.clock());
      return { digest: 'off' as const };
    },
  );

  await app.register(oneClickRoutes, context);
}

/** The pair RFC 8058 has the mail client post (the digest mail's List-Unsubscribe-Post header). */
const OneClickBodySchema = Type.Object({ 'List-Unsubscribe': Type.Literal('One-Click') });

const ONE_CLICK_PATH = '/api/users/notifications/digest/one-click';

/**
 * The URL of the digest mail's List-Unsubscribe header, with its token in the query: a POST of the
 * one-click form (RFC 8058, sent by the mail client, no login, no cookie read) turns the digest off;
 * a GET, from a client that only opens the link, is sent on to the shell's unsubscribe page. The
 * gateway lets this one path through its CSRF rule: the token is its authority.
 */
async function oneClickRoutes(app: ServiceApp, context: FollowsContext): Promise<void> {
  // Forms are read here only (one short field): nowhere else does the service take them.
  for (const type of FORM_TYPES) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT }, (request, body, done) => {
      const fields = formFields(request.headers['content-type'] ?? '', typeof body === 'string' ? body : body.toString('utf8'));
      if (fields === null) done(badRequest());
      else done(null, fields);
    });
  }

  app.post(
    ONE_CLICK_PATH,
    {
      schema: {
        tags,
        summary: "The digest mail's one-click unsubscribe (RFC 8058): the mail client posts List-Unsubscribe=One-Click; turns the digest off",
        consumes: [...FORM_TYPES],
        querystring: DigestUnsubscribeBodySchema,
        body: OneClickBodySchema,
        response: { 200: DigestUnsubscribedSchema, ...errorAnswers(400) },
      },
    },
    async (request) => {
      await unsubscribeDigest(context.db, context.unsubscribeKey, request.query.token, context.clock());
      return { digest: 'off' as const };
    },
  );

  app.get(
    ONE_CLICK_PATH,
    {
      schema: {
        tags,
        summary: 'The same link opened in a browser: sent on to the unsubscribe page, which asks nothing more',
        querystring: DigestUnsubscribeBodySchema,
        response: { 303: Type.Null(), ...errorAnswers(400) },
      },
    },
    async (request, reply) => reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  );
}
