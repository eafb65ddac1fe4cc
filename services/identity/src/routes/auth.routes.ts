import Type from 'typebox';
import argon2 from 'argon2';
import { toSessionUser } from '../domain/profile.js';
import { AppError, type ServiceApp } from '@civic/service-kit';
import { expiresAfter } from '../domain/one-time-token.js';
import { normalizeEmail, normalizeUserName, PASSWORD_HASH_OPTIONS, pickLocale } from '../domain/registration.js';
import { hashToken, keyedHash, newSecretToken } from '../domain/secrets.js';
import { passwordResetMail, verificationMail } from '../mail/templates.js';
import { EmailTakenError, RegistrationRefusedError } from '../store/user.repository.js';
import { link, sendInBackground, sendMail, type IdentityContext } from './context.js';
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

/** Registration, mail links (verification, password reset, email confirmation) and the signing keys. */
export async function authRoutes(app: ServiceApp, context: IdentityContext): Promise<void> {
  const { config, users, sessionService, cookies, clock } = context;

  app.post(
    '/api/auth/register',
    {
      schema: {
        summary: 'Create an account and send the verification mail',
        description: `At most ${config.MAX_ACCOUNTS_PER_IP} accounts per IP address and ${config.MAX_ACCOUNTS_PER_IP_PER_DAY} per 24 hours. The mail language is \`locale\`, else the locale cookie, else Accept-Language.`,
        tags: ['auth'],
        body: RegisterBody,
        response: { 201: RegisteredUser, ...errorResponses },
      },
      preValidation: trimEmail,
    },
    async (request, reply) => {
      const { email, userName, password } = request.body;
      const now = clock();
      const locale = pickLocale(request.body.locale, request.cookies[localeCookieName], request.headers['accept-language']);
      const blockedFor = await sessionService.registrationBlocked(request.ip);
      if (blockedFor !== null) {
        reply.header('retry-after', String(blockedFor));
        throw new AppError('tooManyRequests', 429, { retryAfterSeconds: blockedFor });
      }
      const passwordHash = await argon2.hash(password, { type: argon2.argon2id, ...PASSWORD_HASH_OPTIONS });
      const verificationToken = newSecretToken();
      try {
        const user = await users.register(
          {
            email: normalizeEmail(email),
            userName: normalizeUserName(userName),
            passwordHash,
            locale,
            ipHash: keyedHash(config.IP_HASH_KEY, `ip:${request.ip}`),
            limits: { perIp: config.MAX_ACCOUNTS_PER_IP, perIpPerDay: config.MAX_ACCOUNTS_PER_IP_PER_DAY },
            seedModeratorEmail: normalizeEmail(config.SEED_MODERATOR_EMAIL),
            verification: { tokenHash: hashToken(verificationToken), expiresAt: expiresAfter(now, config.VERIFICATION_TOKEN_HOURS * HOUR) },
          },
          now,
        );
        request.log.info({ userId: user.id }, 'user registered');
        const mail = verificationMail(locale, { userName: user.userName, link: link(context, 'verify-account', verificationToken), validFor: { hours: config.VERIFICATION_TOKEN_HOURS } });
        // The account exists either way; a lost mail is sent again through resend-verification.
        await sendMail(context, request, user.email ?? email, mail).catch(() => undefined);
        return reply.status(201).send({ id: user.id, userName: user.userName, createdAt: user.createdAt.toISOString() });
      } catch (error) {
        if (error instanceof EmailTakenError) {
          await sessionService.recordRegistrationProbe(request.ip);
          throw new AppError('emailAlreadyRegistered', 409);
        }
        if (error instanceof RegistrationRefusedError) throw new AppError(error.key, 429);
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/verify-account',
    {
      schema: {
        summary: 'Follow the verification link: verifies the account and logs the user in',
        tags: ['auth'],
        body: TokenBody,
        response: { 200: SessionUserSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const outcome = await users.verify(hashToken(requireToken(request.body.token)), clock());
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
        tags: ['auth'],
        body: EmailBody,
        response: { 204: NoContent, ...errorResponses },
      },
      preValidation: trimEmail,
    },
    async (request, reply) => {
      const user = await users.findByEmail(normalizeEmail(request.body.email));
      if (user && !user.verifiedAt) {
        const now = clock();
        const token = newSecretToken();
        await users.createToken(user.id, 'verify-account', hashToken(token), expiresAfter(now, config.VERIFICATION_TOKEN_HOURS * HOUR), now);
        const mail = verificationMail(user.locale as Locale, { userName: user.userName, link: link(context, 'verify-account', token), validFor: { hours: config.VERIFICATION_TOKEN_HOURS } });
        sendInBackground(context, request, user.email ?? '', mail);
      }
      // The same answer for any address, so the call tells nobody which emails have accounts.
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/password/forgot',
    {
      schema: {
        summary: 'Send a password-reset link',
        description: `The link works for ${config.PASSWORD_RESET_TOKEN_MINUTES} minutes.`,
        tags: ['auth'],
        body: EmailBody,
        response: { 204: NoContent, ...errorResponses },
      },
      preValidation: trimEmail,
    },
    async (request, reply) => {
      const user = await users.findByEmail(normalizeEmail(request.body.email));
      if (user) {
        const now = clock();
        const token = newSecretToken();
        await users.createToken(user.id, 'password-reset', hashToken(token), expiresAfter(now, config.PASSWORD_RESET_TOKEN_MINUTES * 60_000), now);
        const mail = passwordResetMail(user.locale as Locale, { userName: user.userName, link: link(context, 'password', token), validFor: { minutes: config.PASSWORD_RESET_TOKEN_MINUTES } });
        sendInBackground(context, request, user.email ?? '', mail);
      }
      // The same answer, in about the same time, for any address: the mail leaves after the answer.
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      schema: {
        summary: 'Set a new password with the reset link; every session of the account ends',
        tags: ['auth'],
        body: ResetBody,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const token = requireToken(request.body.token);
      const passwordHash = await argon2.hash(request.body.password, { type: argon2.argon2id, ...PASSWORD_HASH_OPTIONS });
      const outcome = await users.resetPassword(hashToken(token), passwordHash, clock());
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
        const outcome = await users.confirmEmailChange(hashToken(requireToken(request.body.token)), clock());
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
