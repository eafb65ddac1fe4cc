import Type from 'typebox';
import argon2 from 'argon2';
import { toSessionUser } from '../domain/profile.js';
import { AppError, type ServiceApp } from '@civic/service-kit';
import { normalizeEmail, normalizeUserName, PASSWORD_HASH_OPTIONS, pickLocale } from '../domain/registration.js';
import { hashToken, keyedHash, newSecretToken } from '../domain/secrets.js';
import { mailLink } from '../mail/links.js';
import { passwordResetMail, verificationMail } from '../mail/templates.js';
import { commonPasswords } from '../store/common-passwords.js';
import { confirmEmailChange } from '../commands/confirm-email-change.command.js';
import { issueAccountLink } from '../commands/issue-account-link.command.js';
import { EmailTakenError, registerAccount, RegistrationRefusedError, UserNameTakenError } from '../commands/register-account.command.js';
import { resetPassword } from '../commands/reset-password.command.js';
import { tokenHolder } from '../commands/token-access.js';
import { undoEmailChange } from '../commands/undo-email-change.command.js';
import { verifyAccount } from '../commands/verify-account.command.js';
import { admitMail, assertPasswordAllowed, userNameWithKey } from './account-guards.js';
import { installAfterAnswer } from './after-answer.js';
import { sendMail, type IdentityContext } from './context.js';
import { Email, errorResponses, LinkToken, LocaleSchema, NewPassword, NoContent, SessionUserSchema, UserName } from './schemas.js';
import { localeCookieName, type Locale } from '@civic/contracts';
import type { FastifyRequest } from 'fastify';

const RegisterBody = Type.Object(
  { email: Email, userName: UserName, password: NewPassword, locale: Type.Optional(LocaleSchema) },
  { additionalProperties: false },
);
const RegisteredUser = Type.Object({ id: Type.String({ format: 'uuid' }), userName: Type.String(), createdAt: Type.String({ format: 'date-time' }) });
const TokenBody = Type.Object({ token: Type.Optional(LinkToken) }, { additionalProperties: false });
const EmailBody = Type.Object({ email: Email }, { additionalProperties: false });
const ResetBody = Type.Object({ token: Type.Optional(LinkToken), password: NewPassword }, { additionalProperties: false });

const HOUR = 3600_000;

/** Pasted addresses often carry spaces: trim before the format check rather than refuse them. */
async function trimEmail(request: FastifyRequest): Promise<void> {
  const body = request.body as Record<string, unknown> | undefined;
  for (const field of ['email', 'newEmail']) {
    const value = body?.[field];
    if (body && typeof value === 'string') body[field] = value.trim();
  }
}

function requireToken(token: string | undefined): string {
  if (token === undefined) throw new AppError('missingToken', 400);
  return token;
}

/** Registration, mail links (verification, password reset, email confirmation and undo) and the signing keys. */
export async function authRoutes(app: ServiceApp, context: IdentityContext): Promise<void> {
  const { config, users, commands, sessionService, cookies, mailer, clock } = context;
  const afterAnswer = installAfterAnswer(app);
  // Read at start, so that a missing list stops the service rather than a registration.
  commonPasswords();

  app.post(
    '/api/auth/register',
    {
      schema: {
        summary: 'Create an account and send the verification mail',
        description: `At most ${config.MAX_ACCOUNTS_PER_IP} accounts per IP address and ${config.MAX_ACCOUNTS_PER_IP_PER_DAY} per 24 hours. The mail language is \`locale\`, else the locale cookie, else Accept-Language. The password must not be a common one (400 passwordTooCommon) nor hold the email or the user name (400 passwordMatchesAccount); a name that looks like a member's is refused (409 userNameTaken).`,
        tags: ['auth'],
        body: RegisterBody,
        response: { 201: RegisteredUser, ...errorResponses },
      },
      preValidation: trimEmail,
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const locale = pickLocale(request.body.locale, request.cookies[localeCookieName], request.headers['accept-language']);
      const blockedFor = await sessionService.registrationBlocked(request.ip);
      if (blockedFor !== null) {
        reply.header('retry-after', String(blockedFor));
        throw new AppError('tooManyRequests', 429, { retryAfterSeconds: blockedFor });
      }
      const name = userNameWithKey(normalizeUserName(request.body.userName));
      assertPasswordAllowed(password, { email, userName: name.userName });
      const passwordHash = await argon2.hash(password, { type: argon2.argon2id, ...PASSWORD_HASH_OPTIONS });
      const verificationToken = newSecretToken();
      try {
        const user = await registerAccount(commands, {
            email: normalizeEmail(email),
            ...name,
            passwordHash,
            locale,
            ipHash: keyedHash(config.IP_HASH_KEY, `ip:${request.ip}`),
            limits: { perIp: config.MAX_ACCOUNTS_PER_IP, perIpPerDay: config.MAX_ACCOUNTS_PER_IP_PER_DAY },
            seedModeratorEmail: normalizeEmail(config.SEED_MODERATOR_EMAIL),
            verification: { tokenHash: hashToken(verificationToken), validForMs: config.VERIFICATION_TOKEN_HOURS * HOUR },
        });
        request.log.info({ userId: user.id }, 'user registered');
        const mail = verificationMail(locale, { userName: user.userName, link: mailLink(config.PUBLIC_URL, 'verify-account', verificationToken), validFor: { hours: config.VERIFICATION_TOKEN_HOURS } });
        // The account exists either way; a lost mail is sent again through resend-verification.
        await sendMail(context, request, user.email ?? email, mail).catch(() => undefined);
        return reply.status(201).send({ id: user.id, userName: user.userName, createdAt: user.createdAt.toISOString() });
      } catch (error) {
        if (error instanceof EmailTakenError) {
          await sessionService.recordRegistrationProbe(request.ip);
          throw new AppError('emailAlreadyRegistered', 409);
        }
        if (error instanceof RegistrationRefusedError) {
          if (error.retryAfterSeconds === undefined) throw new AppError(error.key, 429);
          reply.header('retry-after', String(error.retryAfterSeconds));
          throw new AppError(error.key, 429, { retryAfterSeconds: error.retryAfterSeconds });
        }
        if (error instanceof UserNameTakenError) throw new AppError('userNameTaken', 409);
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/verify-account',
    {
      schema: {
        summary: 'Follow the verification link: verifies the account and logs the user in',
        description: 'A link of an account already verified answers 400 with `data: { reason: \'alreadyVerified\' }`.',
        tags: ['auth'],
        body: TokenBody,
        response: { 200: SessionUserSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const outcome = await verifyAccount(commands, hashToken(requireToken(request.body.token)));
      if (outcome.verdict === 'alreadyVerified') throw new AppError('linkErrorOrExpiredToken', 400, { reason: 'alreadyVerified' });
      if (outcome.verdict !== 'valid') throw new AppError('linkErrorOrExpiredToken', 400);
      cookies.set(reply, await sessionService.open(outcome.user));
      request.log.info({ userId: outcome.user.id }, 'account verified');
      return toSessionUser(outcome.user, clock());
    },
  );

  app.post(
    '/api/auth/resend-verification',
    {
      schema: {
        summary: 'Send the verification mail again (nothing is sent for a verified account)',
        description: `At most ${config.MAIL_MAX_PER_ADDRESS} mails per address and ${config.MAIL_MAX_PER_IP} requests per client address in ${config.MAIL_WINDOW_MINUTES} minutes (then 429); the answer is the same for any address.`,
        tags: ['auth'],
        body: EmailBody,
        response: { 204: NoContent, ...errorResponses },
      },
      preValidation: trimEmail,
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      if (await admitMail(context, request, reply, 'verify-account', email)) {
        afterAnswer.later(request, async () => {
          const user = await users.findByEmail(email);
          if (!user?.email || user.verifiedAt) return;
          const token = newSecretToken();
          await issueAccountLink(commands, user.id, 'verify-account', { tokenHash: hashToken(token), validForMs: config.VERIFICATION_TOKEN_HOURS * HOUR });
          const link = mailLink(config.PUBLIC_URL, 'verify-account', token);
          await mailer.send({ to: user.email, ...verificationMail(user.locale as Locale, { userName: user.userName, link, validFor: { hours: config.VERIFICATION_TOKEN_HOURS } }) });
        });
      }
      // The same answer, in the same time, for any address: whether an account exists is only looked up after it.
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/password/forgot',
    {
      schema: {
        summary: 'Send a password-reset link',
        description: `The link works for ${config.PASSWORD_RESET_TOKEN_MINUTES} minutes; a new link ends the older ones. At most ${config.MAIL_MAX_PER_ADDRESS} mails per address and ${config.MAIL_MAX_PER_IP} requests per client address in ${config.MAIL_WINDOW_MINUTES} minutes (then 429); the answer is the same for any address.`,
        tags: ['auth'],
        body: EmailBody,
        response: { 204: NoContent, ...errorResponses },
      },
      preValidation: trimEmail,
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      if (await admitMail(context, request, reply, 'password-reset', email)) {
        afterAnswer.later(request, async () => {
          const user = await users.findByEmail(email);
          if (!user?.email) return;
          const token = newSecretToken();
          await issueAccountLink(commands, user.id, 'password-reset', { tokenHash: hashToken(token), validForMs: config.PASSWORD_RESET_TOKEN_MINUTES * 60_000 });
          const link = mailLink(config.PUBLIC_URL, 'password', token);
          await mailer.send({ to: user.email, ...passwordResetMail(user.locale as Locale, { userName: user.userName, link, validFor: { minutes: config.PASSWORD_RESET_TOKEN_MINUTES } }) });
        });
      }
      // The same answer, in the same time, for any address: whether an account exists is only looked up after it.
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      schema: {
        summary: 'Set a new password with the reset link; every session of the account ends',
        description: 'The password must not be a common one (400 passwordTooCommon) nor hold the email or the user name (400 passwordMatchesAccount); the link keeps working until a password is accepted.',
        tags: ['auth'],
        body: ResetBody,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const tokenHash = hashToken(requireToken(request.body.token));
      const holder = await tokenHolder(commands.db, tokenHash, 'password-reset', clock());
      if (!holder) throw new AppError('linkErrorOrExpiredToken', 400);
      assertPasswordAllowed(request.body.password, { email: holder.email ?? '', userName: holder.userName });
      const passwordHash = await argon2.hash(request.body.password, { type: argon2.argon2id, ...PASSWORD_HASH_OPTIONS });
      const outcome = await resetPassword(commands, tokenHash, passwordHash);
      if (outcome.verdict !== 'valid') throw new AppError('linkErrorOrExpiredToken', 400);
      request.log.info({ userId: outcome.user.id }, 'password reset');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/email/confirm',
    {
      schema: {
        summary: 'Follow the email-change link sent to the new address: the account takes it, and the user is logged in',
        tags: ['auth'],
        body: TokenBody,
        response: { 200: SessionUserSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      try {
        const outcome = await confirmEmailChange(commands, hashToken(requireToken(request.body.token)));
        if (outcome.verdict === 'expired') throw new AppError('requestExpired', 400);
      if (outcome.verdict !== 'valid') throw new AppError('linkErrorOrExpiredToken', 400);
        cookies.set(reply, await sessionService.open(outcome.user));
        request.log.info({ userId: outcome.user.id }, 'email changed');
        return toSessionUser(outcome.user, clock());
      } catch (error) {
        if (error instanceof EmailTakenError) throw new AppError('emailAlreadyInUse', 409);
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/email/undo',
    {
      schema: {
        summary: 'Follow the link sent to the old address when an email change was asked: the account keeps (or takes back) that address, and every session ends',
        description: `The link works for ${config.EMAIL_UNDO_DAYS} days, before and after the change is confirmed. Pending email changes and password-reset links are dropped.`,
        tags: ['auth'],
        body: TokenBody,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      try {
        const outcome = await undoEmailChange(commands, hashToken(requireToken(request.body.token)));
        if (outcome.verdict === 'expired') throw new AppError('requestExpired', 400);
      if (outcome.verdict !== 'valid') throw new AppError('linkErrorOrExpiredToken', 400);
        cookies.clear(reply);
        request.log.info({ userId: outcome.user.id }, 'email change undone');
        return reply.status(204).send(null);
      } catch (error) {
        if (error instanceof EmailTakenError) throw new AppError('emailAlreadyInUse', 409);
        throw error;
      }
    },
  );

  app.get(
    '/api/auth/jwks',
    {
      schema: {
        summary: 'Public keys of the access tokens (EdDSA), for the other services',
        tags: ['auth'],
        response: {
          200: Type.Object({
            keys: Type.Array(
              Type.Object({
                kid: Type.Optional(Type.String()),
                kty: Type.Optional(Type.String()),
                crv: Type.Optional(Type.String()),
                x: Type.Optional(Type.String()),
                alg: Type.Optional(Type.String()),
                use: Type.Optional(Type.String()),
              }),
            ),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { keys: await context.keys.publicKeys() };
    },
  );
}
