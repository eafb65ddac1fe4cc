import Type from 'typebox';
import argon2 from 'argon2';
import type { Locale } from '@civic/contracts';
import { AppError, type ServiceApp } from '@civic/service-kit';
import { parseCandidacy } from '../domain/candidacy.js';
import { expiresAfter } from '../domain/one-time-token.js';
import { ownerRefusal, suspensionRefusal, candidacyRefusal, type Refusal } from '../domain/permissions.js';
import { toSessionUser, toUserProfile, type ProfileViewer } from '../domain/profile.js';
import { normalizeEmail, normalizeUserName, PASSWORD_HASH_OPTIONS } from '../domain/registration.js';
import { hashToken, newSecretToken } from '../domain/secrets.js';
import { isSuspensionLength, suspendedUntil } from '../domain/suspension.js';
import { emailChangeMail } from '../mail/templates.js';
import { currentAccount, link, sendMail, type IdentityContext } from './context.js';
import {
  Email,
  errorResponses,
  GivenPassword,
  IdParams,
  LocaleSchema,
  NewPassword,
  NoContent,
  SessionUserSchema,
  UserName,
  UserProfileSchema,
  Uuid,
} from './schemas.js';

const MonthStartOrNull = Type.Unsafe<string | null>({
  type: ['string', 'null'],
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: "first day of the current month ('YYYY-MM-01', elections time zone) to stand, null to withdraw",
});
const CandidacyBody = Type.Object(
  {
    moderatorCandidateDate: Type.Optional(MonthStartOrNull),
    scribeCandidateDate: Type.Optional(MonthStartOrNull),
    greatWiseCandidateDate: Type.Optional(MonthStartOrNull),
  },
  { additionalProperties: false, minProperties: 1, maxProperties: 1, description: 'exactly one candidate date field' },
);
const EditProfileBody = Type.Object({ userName: Type.Optional(UserName), locale: Type.Optional(LocaleSchema) }, { additionalProperties: false, minProperties: 1 });
const ChangePasswordBody = Type.Object({ currentPassword: GivenPassword, newPassword: NewPassword }, { additionalProperties: false });
const EmailChangeBody = Type.Object({ newEmail: Email, password: GivenPassword }, { additionalProperties: false });
const DeleteBody = Type.Object(
  { email: Type.Optional(Type.String({ maxLength: 254, description: 'when given, must be the account email (typed to confirm)' })) },
  { additionalProperties: false },
);
const SuspendBody = Type.Object(
  { minutes: Type.Union([Type.Literal(10), Type.Literal(60), Type.Literal(120), Type.Literal(1440)], { description: '10 minutes, 1 hour, 2 hours or 1 day' }) },
  { additionalProperties: false },
);
const Suspension = Type.Object({ suspendedUntil: Type.String({ format: 'date-time' }) });
const MadeProposalQuery = Type.Object({ id: Uuid }, { additionalProperties: false });

function refuse(refusal: Refusal | null): void {
  if (refusal) throw new AppError(refusal.key, refusal.status, { reason: refusal.reason });
}

/** Profiles, candidacy, profile edits, password and email changes, deletion and suspension. */
export async function usersRoutes(app: ServiceApp, context: IdentityContext): Promise<void> {
  const { config, users, cookies, clock } = context;

  /** The caller, who must be the user of the path. */
  async function owner(request: Parameters<typeof currentAccount>[1], id: string) {
    const account = await currentAccount(context, request);
    refuse(ownerRefusal(account.user.id, id));
    return account;
  }

  app.get(
    '/api/users/madeProposal',
    {
      schema: {
        summary: 'Whether the user has made a proposal',
        tags: ['users'],
        querystring: MadeProposalQuery,
        response: { 200: Type.Object({ madeProposal: Type.Boolean() }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await users.findById(request.query.id);
      if (!user) throw new AppError('userNotFound', 404);
      return { madeProposal: user.madeProposal };
    },
  );

  app.get(
    '/api/users/:id',
    {
      schema: {
        summary: 'A user profile: public fields for anyone, email and suspension for the user themself',
        tags: ['users'],
        params: IdParams,
        response: { 200: UserProfileSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await users.findById(request.params.id);
      if (!user) throw new AppError('userNotFound', 404);
      let viewer: ProfileViewer = 'other';
      if (request.user) {
        const caller = request.user.id === user.id ? user : await users.findById(request.user.id);
        if (caller && !caller.deletedAt) viewer = caller.id === user.id ? 'owner' : caller.moderator ? 'moderator' : 'other';
      }
      return toUserProfile(user, viewer, clock());
    },
  );

  app.put(
    '/api/users/:id',
    {
      schema: {
        summary: 'Stand for a role (candidate date = first day of the current month) or withdraw (null); the user themself only',
        tags: ['users'],
        params: IdParams,
        body: CandidacyBody,
        response: { 200: SessionUserSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await owner(request, request.params.id);
      const now = clock();
      const parsed = parseCandidacy(request.body, now, config.ELECTIONS_TIME_ZONE);
      if (!parsed.ok) throw new AppError('badRequest', 400, { reason: parsed.reason, ...(parsed.expected ? { expected: parsed.expected } : {}) });
      refuse(candidacyRefusal(user, parsed.change.date !== null, now));
      const updated = await users.setCandidacy(user.id, parsed.change.candidateTo, parsed.change.field, parsed.change.date, now);
      return toSessionUser(updated, now);
    },
  );

  app.put(
    '/api/users/edit-profile/:id',
    {
      schema: {
        summary: 'Change the user name and/or the mail language; the user themself only',
        tags: ['users'],
        params: IdParams,
        body: EditProfileBody,
        response: { 200: SessionUserSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await owner(request, request.params.id);
      const changes: { userName?: string; locale?: Locale } = {};
      if (request.body.userName !== undefined) changes.userName = normalizeUserName(request.body.userName);
      if (request.body.locale !== undefined) changes.locale = request.body.locale;
      const now = clock();
      return toSessionUser(await users.editProfile(user.id, changes, now), now);
    },
  );

  app.put(
    '/api/users/:id/password',
    {
      schema: {
        summary: 'Change the password (current one required); the other sessions end',
        tags: ['users'],
        params: IdParams,
        body: ChangePasswordBody,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = await owner(request, request.params.id);
      if (!user.passwordHash || !(await argon2.verify(user.passwordHash, request.body.currentPassword))) throw new AppError('incorrectPassword', 403);
      const passwordHash = await argon2.hash(request.body.newPassword, { type: argon2.argon2id, ...PASSWORD_HASH_OPTIONS });
      await users.changePassword(user.id, passwordHash, sessionId, clock());
      request.log.info('password changed');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/users/:id/email',
    {
      schema: {
        summary: 'Ask to change the email address: a confirmation link goes to the new address',
        description: `The link works for ${config.EMAIL_CHANGE_TOKEN_HOURS} hours.`,
        tags: ['users'],
        params: IdParams,
        body: EmailChangeBody,
        response: { 202: NoContent, ...errorResponses },
      },
      preValidation: async (request) => {
        const body = request.body as { newEmail?: unknown } | undefined;
        if (body && typeof body.newEmail === 'string') body.newEmail = body.newEmail.trim();
      },
    },
    async (request, reply) => {
      const { user } = await owner(request, request.params.id);
      if (!user.passwordHash || !(await argon2.verify(user.passwordHash, request.body.password))) throw new AppError('incorrectPassword', 403);
      const newEmail = normalizeEmail(request.body.newEmail);
      if (await users.isEmailTaken(newEmail)) throw new AppError('emailAlreadyInUse', 409);
      const now = clock();
      const token = newSecretToken();
      await users.createToken(user.id, 'email-change', hashToken(token), expiresAfter(now, config.EMAIL_CHANGE_TOKEN_HOURS * 3600_000), now, newEmail);
      const mail = emailChangeMail(user.locale === 'fr' ? 'fr' : 'en', { userName: user.userName, link: link(context, 'change-email', token), validFor: { hours: config.EMAIL_CHANGE_TOKEN_HOURS } });
      await sendMail(context, request, newEmail, mail);
      return reply.status(202).send(null);
    },
  );

  app.delete(
    '/api/users/:id',
    {
      schema: {
        summary: 'Delete the account: the profile is anonymized (email removed, name replaced), sessions end, content stays',
        tags: ['users'],
        params: IdParams,
        body: DeleteBody,
        response: { 204: NoContent, ...errorResponses },
      },
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
    },
    async (request, reply) => {
      const { user } = await owner(request, request.params.id);
      const typed = request.body.email;
      if (typed !== undefined && normalizeEmail(typed) !== user.email) throw new AppError('userNotFoundOrEmailMismatch', 400);
      await users.delete(user.id, clock());
      cookies.clear(reply);
      request.log.info('account deleted');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/users/:id/suspension',
    {
      schema: {
        summary: 'Suspend a user (moderators; not themselves nor another moderator)',
        tags: ['moderation'],
        params: IdParams,
        body: SuspendBody,
        response: { 200: Suspension, ...errorResponses },
      },
    },
    async (request) => {
      const { user: moderator } = await currentAccount(context, request);
      const target = await users.findById(request.params.id);
      if (!moderator.moderator) throw new AppError('unauthorizedAction', 403, { reason: 'notModerator' });
      if (!target) throw new AppError('userNotFound', 404);
      const now = clock();
      refuse(suspensionRefusal(moderator, target, now));
      const minutes = request.body.minutes;
      if (!isSuspensionLength(minutes)) throw new AppError('suspensionError', 400);
      const until = suspendedUntil(now, minutes);
      await users.suspend(target.id, until, now);
      request.log.info({ targetId: target.id, minutes }, 'user suspended');
      return { suspendedUntil: until.toISOString() };
    },
  );

  app.delete(
    '/api/users/:id/suspension',
    {
      schema: {
        summary: 'Lift a suspension (moderators)',
        tags: ['moderation'],
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user: moderator } = await currentAccount(context, request);
      const target = await users.findById(request.params.id);
      if (!moderator.moderator) throw new AppError('unauthorizedAction', 403, { reason: 'notModerator' });
      if (!target) throw new AppError('userNotFound', 404);
      const now = clock();
      refuse(suspensionRefusal(moderator, target, now));
      if (await users.liftSuspension(target.id, now)) request.log.info({ targetId: target.id }, 'suspension lifted');
      return reply.status(204).send(null);
    },
  );
}
