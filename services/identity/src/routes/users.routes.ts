import argon2 from 'argon2';
import {
  CandidacyBodySchema,
  ChangePasswordBodySchema,
  DeleteAccountBodySchema,
  EditProfileBodySchema,
  EmailChangeBodySchema,
  MadeProposalQuerySchema,
  MadeProposalSchema,
  SessionUserSchema,
  SuspendUserBodySchema,
  UserIdParamsSchema,
  UserProfileSchema,
  UserSuspensionSchema,
  type Locale,
  errorAnswers,
} from '@civic/contracts';
import { AppError, type ServiceApp } from '@civic/service-kit';
import { parseCandidacy } from '../domain/candidacy.js';
import { ownerRefusal, type Refusal } from '../domain/permissions.js';
import { toSessionUser, toUserProfile, type ProfileViewer } from '../domain/profile.js';
import { normalizeEmail, normalizeUserName, PASSWORD_HASH_OPTIONS } from '../domain/registration.js';
import { hashToken, newSecretToken } from '../domain/secrets.js';
import { mailLink } from '../mail/links.js';
import { addressInUseMail, emailChangeMail, emailUndoMail } from '../mail/templates.js';
import { changePassword } from '../commands/change-password.command.js';
import { deleteAccount } from '../commands/delete-account.command.js';
import { editProfile } from '../commands/edit-profile.command.js';
import { issueEmailChange } from '../commands/issue-email-change.command.js';
import { liftSuspension } from '../commands/lift-suspension.command.js';
import { UserNameTakenError } from '../commands/register-account.command.js';
import { liveAccount } from '../commands/session-access.js';
import { setCandidacy } from '../commands/set-candidacy.command.js';
import { suspendUser } from '../commands/suspend-user.command.js';
import { admitMail, assertCurrentPassword, assertPasswordAllowed, userNameWithKey } from './account-guards.js';
import { installAfterAnswer } from './after-answer.js';
import { currentAccount, type IdentityContext } from './context.js';
import { isSessionAuthUser } from '../auth/access-tokens.js';
import { NoContent } from './common-answers.js';
import { trimEmail } from './trim-email.js';

function refuse(refusal: Refusal | null): void {
  if (refusal) throw new AppError(refusal.key, refusal.status, { reason: refusal.reason });
}

/** Profiles, candidacy, profile edits, password and email changes, deletion and suspension. */
export async function usersRoutes(app: ServiceApp, context: IdentityContext): Promise<void> {
  const { config, users, commands, cookies, clock, mailer } = context;
  const afterAnswer = installAfterAnswer(app);

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
        querystring: MadeProposalQuerySchema,
        response: { 200: MadeProposalSchema, ...errorAnswers('4xx', '5xx') },
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
        params: UserIdParamsSchema,
        response: { 200: UserProfileSchema, ...errorAnswers('4xx', '5xx') },
      },
    },
    async (request) => {
      const user = await users.findById(request.params.id);
      if (!user) throw new AppError('userNotFound', 404);
      let viewer: ProfileViewer = 'other';
      if (isSessionAuthUser(request.user)) {
        // The private fields go to a live session only: a token kept after logging out reads the public view.
        const caller = await liveAccount(commands, request.user.sessionId, request.user.id, clock());
        if (caller) viewer = caller.id === user.id ? 'owner' : caller.moderator ? 'moderator' : 'other';
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
        params: UserIdParamsSchema,
        body: CandidacyBodySchema,
        response: { 200: SessionUserSchema, ...errorAnswers('4xx', '5xx') },
      },
    },
    async (request) => {
      const { user } = await owner(request, request.params.id);
      const now = clock();
      const parsed = parseCandidacy(request.body, now, config.ELECTIONS_TIME_ZONE);
      if (!parsed.ok) throw new AppError('badRequest', 400, { reason: parsed.reason, ...(parsed.expected ? { expected: parsed.expected } : {}) });
      const updated = await setCandidacy(commands, user, parsed.change);
      return toSessionUser(updated, now);
    },
  );

  app.put(
    '/api/users/edit-profile/:id',
    {
      schema: {
        summary: 'Change the user name and/or the mail language; the user themself only',
        description: 'A name that looks like another member\'s (same UTS #39 skeleton once case, accents, spacing and invisible characters are set aside) is refused with 409 userNameTaken.',
        tags: ['users'],
        params: UserIdParamsSchema,
        body: EditProfileBodySchema,
        response: { 200: SessionUserSchema, ...errorAnswers('4xx', '5xx') },
      },
    },
    async (request) => {
      const { user } = await owner(request, request.params.id);
      const changes: { userName?: string; userNameKey?: string; userNameKeyVersion?: number; locale?: Locale } = {};
      if (request.body.userName !== undefined) Object.assign(changes, userNameWithKey(normalizeUserName(request.body.userName)));
      if (request.body.locale !== undefined) changes.locale = request.body.locale;
      try {
        const edited = await editProfile(commands, user.id, changes);
        return toSessionUser(edited, clock());
      } catch (error) {
        if (error instanceof UserNameTakenError) throw new AppError('userNameTaken', 409);
        throw error;
      }
    },
  );

  app.put(
    '/api/users/:id/password',
    {
      schema: {
        summary: 'Change the password (current one required); the other sessions end',
        description: `The new password must not be easy to guess (400 passwordTooCommon, with the estimator's feedback keys in \`data: { warning, suggestions }\`) nor hold the email or the user name (400 passwordMatchesAccount). Wrong current passwords share the login limits: after ${config.LOGIN_MAX_FAILURES_PER_ACCOUNT_AT_IP} for the session or the account within ${config.LOGIN_WINDOW_MINUTES} minutes, 429 with Retry-After, the right one too.`,
        tags: ['users'],
        params: UserIdParamsSchema,
        body: ChangePasswordBodySchema,
        response: { 204: NoContent, ...errorAnswers('4xx', '5xx') },
      },
    },
    async (request, reply) => {
      const account = await owner(request, request.params.id);
      const { user, sessionId } = account;
      await assertCurrentPassword(context, request, reply, account, request.body.currentPassword);
      assertPasswordAllowed(request.body.newPassword, { email: user.email ?? '', userName: user.userName });
      const passwordHash = await argon2.hash(request.body.newPassword, { type: argon2.argon2id, ...PASSWORD_HASH_OPTIONS });
      await changePassword(commands, user.id, passwordHash, sessionId);
      request.log.info('password changed');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/users/:id/email',
    {
      schema: {
        summary: 'Ask to change the email address (current password required): a confirmation link goes to the new address, and a notice with an undo link to the current one',
        description: `The confirmation works for ${config.EMAIL_CHANGE_TOKEN_HOURS} hours, the undo link for ${config.EMAIL_UNDO_DAYS} days. An address another account holds is answered alike (202), in the same time, and its owner is told by mail instead; nothing else is sent. At most ${config.MAIL_MAX_PER_ADDRESS} changes to one new address and ${config.MAIL_MAX_PER_IP} requests per client address in ${config.MAIL_WINDOW_MINUTES} minutes (then 429); over the first, the answer stays 202 and nothing is sent. Wrong current passwords share the login limits (429 with Retry-After).`,
        tags: ['users'],
        params: UserIdParamsSchema,
        body: EmailChangeBodySchema,
        response: { 202: NoContent, ...errorAnswers('4xx', '5xx') },
      },
      preValidation: trimEmail,
    },
    async (request, reply) => {
      const account = await owner(request, request.params.id);
      const { user } = account;
      await assertCurrentPassword(context, request, reply, account, request.body.password);
      const newEmail = normalizeEmail(request.body.newEmail);
      const from = user.email;
      if (!from) throw new AppError('unauthorized', 401);
      // Whether the address is taken is only looked up after the answer, which is the same either way.
      if (await admitMail(context, request, reply, 'email-change', newEmail)) {
        afterAnswer.later(request, async (log) => {
          const holder = await users.findByEmail(newEmail);
          if (holder) {
            if (holder.id !== user.id && holder.email) await mailer.send({ to: holder.email, ...addressInUseMail(holder.locale as Locale, { userName: holder.userName }) });
            return;
          }
          const confirm = newSecretToken();
          const undo = newSecretToken();
          await issueEmailChange(commands, { id: user.id, email: from }, newEmail, {
            confirm: { tokenHash: hashToken(confirm), validForMs: config.EMAIL_CHANGE_TOKEN_HOURS * 3600_000 },
            undo: { tokenHash: hashToken(undo), validForMs: config.EMAIL_UNDO_DAYS * 24 * 3600_000 },
          });
          const locale = user.locale === 'fr' ? 'fr' : 'en';
          // The owner hears of the change first: no confirmation leaves unless the notice did.
          const undoLink = mailLink(config.PUBLIC_URL, 'change-email/undo', undo);
          await mailer.send({ to: from, ...emailUndoMail(locale, { userName: user.userName, newEmail, link: undoLink, validFor: { days: config.EMAIL_UNDO_DAYS } }) });
          const confirmLink = mailLink(config.PUBLIC_URL, 'change-email', confirm);
          await mailer.send({ to: newEmail, ...emailChangeMail(locale, { userName: user.userName, link: confirmLink, validFor: { hours: config.EMAIL_CHANGE_TOKEN_HOURS } }) });
          log.info('email change asked');
        });
      }
      return reply.status(202).send(null);
    },
  );

  app.delete(
    '/api/users/:id',
    {
      schema: {
        summary: 'Delete the account (current password required): the profile is anonymized (email removed, name replaced), sessions end, content stays',
        description: 'Wrong current passwords share the login limits (429 with Retry-After, the right one too, until the window passes).',
        tags: ['users'],
        params: UserIdParamsSchema,
        body: DeleteAccountBodySchema,
        response: { 204: NoContent, ...errorAnswers('4xx', '5xx') },
      },
    },
    async (request, reply) => {
      const account = await owner(request, request.params.id);
      const { user } = account;
      await assertCurrentPassword(context, request, reply, account, request.body.password);
      const typed = request.body.email;
      if (typed !== undefined && normalizeEmail(typed) !== user.email) throw new AppError('userNotFoundOrEmailMismatch', 400);
      await deleteAccount(commands, user.id);
      cookies.clear(reply);
      cookies.clearDevice(reply);
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
        params: UserIdParamsSchema,
        body: SuspendUserBodySchema,
        response: { 200: UserSuspensionSchema, ...errorAnswers('4xx', '5xx') },
      },
    },
    async (request) => {
      const { user: moderator } = await currentAccount(context, request);
      const minutes = request.body.minutes;
      const until = await suspendUser(commands, moderator, request.params.id, minutes);
      request.log.info({ targetId: request.params.id, minutes }, 'user suspended');
      return { suspendedUntil: until.toISOString() };
    },
  );

  app.delete(
    '/api/users/:id/suspension',
    {
      schema: {
        summary: 'Lift a suspension (moderators)',
        tags: ['moderation'],
        params: UserIdParamsSchema,
        response: { 204: NoContent, ...errorAnswers('4xx', '5xx') },
      },
    },
    async (request, reply) => {
      const { user: moderator } = await currentAccount(context, request);
      if (await liftSuspension(commands, moderator, request.params.id)) request.log.info({ targetId: request.params.id }, 'suspension lifted');
      return reply.status(204).send(null);
    },
  );
}
