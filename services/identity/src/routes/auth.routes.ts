import argon2 from 'argon2';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AccountEmailBodySchema,
  JwksSchema,
  LinkTokenBodySchema,
  localeCookieName,
  RegisterBodySchema,
  RegisteredUserSchema,
  RegistrationLimitsSchema,
  ResetPasswordBodySchema,
  SessionUserSchema,
  type Locale,
  type SessionUser,
  errorAnswers,
} from '@civic/contracts';
import { AppError, type ServiceApp } from '@civic/service-kit';
import { toSessionUser } from '../domain/profile.js';
import type { TokenPurpose } from '../domain/one-time-token.js';
import { normalizeEmail, normalizeUserName, PASSWORD_HASH_OPTIONS, pickLocale } from '../domain/registration.js';
import { hashToken, keyedHash, newSecretToken } from '../domain/secrets.js';
import type { User } from '../generated/prisma/client.js';
import { mailLink, type LinkScreen } from '../mail/links.js';
import { emailRestoredMail, passwordResetMail, verificationMail } from '../mail/templates.js';
import { zxcvbnEstimator } from '../auth/password-estimator.js';
import { confirmEmailChange } from '../commands/confirm-email-change.command.js';
import { issueAccountLink } from '../commands/issue-account-link.command.js';
import { EmailTakenError, registerAccount, RegistrationRefusedError, UserNameTakenError } from '../commands/register-account.command.js';
import { resetPassword } from '../commands/reset-password.command.js';
import { tokenHolder, type TokenOutcome } from '../commands/token-access.js';
import type { CommandDeps } from '../commands/unit-of-work.js';
import { undoEmailChange } from '../commands/undo-email-change.command.js';
import { verifyAccount } from '../commands/verify-account.command.js';
import { admitMail, assertPasswordAllowed, refuseForNow, userNameWithKey } from './account-guards.js';
import { installAfterAnswer } from './after-answer.js';
import { NoContent } from './common-answers.js';
import { sendMail, type IdentityContext } from './context.js';
import { trimEmail } from './trim-email.js';

const HOUR = 3600_000;

/** The front-end screen the link of each mail request opens. */
const linkScreens = { 'verify-account': 'verify-account', 'password-reset': 'password' } as const satisfies Partial<Record<TokenPurpose, LinkScreen>>;
type MailRequestPurpose = keyof typeof linkScreens;

function requireToken(token: string | undefined): string {
  if (token === undefined) throw new AppError('missingToken', 400);
  return token;
}

/** Registration, mail links (verification, password reset, email confirmation and undo) and the signing keys. */
export async function authRoutes(app: ServiceApp, context: IdentityContext): Promise<void> {
  const { config, users, commands, sessionService, cookies, mailer, clock } = context;
  const afterAnswer = installAfterAnswer(app);
  // The estimator ranks its dictionaries once (about a second): at start rather than at a registration.
  zxcvbnEstimator('', []);

  const verificationMailFor = (locale: Locale, userName: string, link: string) =>
    verificationMail(locale, { userName, link, validFor: { hours: config.VERIFICATION_TOKEN_HOURS } });

  /**
   * Opens a session for the account (its cookies and its device cookie on the answer; the account
   * knows the address from then on) and gives the session user to answer.
   */
  async function logIn(request: FastifyRequest, reply: FastifyReply, user: User): Promise<SessionUser> {
    cookies.set(reply, await sessionService.open(user, keyedHash(config.IP_HASH_KEY, `ip:${request.ip}`)));
    cookies.setDevice(reply, sessionService.deviceCookieFor(user, cookies.deviceCookie(request)));
    return toSessionUser(user, clock());
  }

  /** A new link of `purpose` for the account (the older ones end), as its mail carries it. */
  async function newAccountLink(userId: string, purpose: MailRequestPurpose, validForMs: number): Promise<string> {
    const token = newSecretToken();
    await issueAccountLink(commands, userId, purpose, { tokenHash: hashToken(token), validForMs });
    return mailLink(config.PUBLIC_URL, linkScreens[purpose], token);
  }

  /**
   * The account of a followed email-change link (confirmation or undo): 400 for an expired or unknown
   * link, 409 when another account took the address meanwhile.
   */
  async function followEmailLink(follow: (deps: CommandDeps, tokenHash: string) => Promise<TokenOutcome>, token: string | undefined): Promise<User> {
    try {
      const outcome = await follow(commands, hashToken(requireToken(token)));
      if (outcome.verdict === 'expired') throw new AppError('requestExpired', 400);
      if (outcome.verdict !== 'valid') throw new AppError('linkErrorOrExpiredToken', 400);
      return outcome.user;
    } catch (error) {
      if (error instanceof EmailTakenError) throw new AppError('emailAlreadyInUse', 409);
      throw error;
    }
  }

  /**
   * POST `url` { email }: a mail anyone may ask for. The request counts against the mail limits of
   * `purpose`, then the answer (204) is the same, in the same time, for any address: whether an
   * account exists is only looked up after it, and `mail` writes to the account found.
   */
  function mailRequestRoute(
    url: string,
    purpose: MailRequestPurpose,
    docs: { summary: string; description: string },
    mail: (user: User, to: string) => Promise<void>,
  ): void {
    app.post(
      url,
      {
        schema: { ...docs, tags: ['auth'], body: AccountEmailBodySchema, response: { 204: NoContent, ...errorAnswers('4xx', '5xx') } },
        preValidation: trimEmail,
      },
      async (request, reply) => {
        const email = normalizeEmail(request.body.email);
        if (await admitMail(context, request, reply, purpose, email)) {
          afterAnswer.later(request, async () => {
            const user = await users.findByEmail(email);
            if (user?.email) await mail(user, user.email);
          });
        }
        return reply.status(204).send(null);
      },
    );
  }

  app.post(
    '/api/auth/register',
    {
      schema: {
        summary: 'Create an account and send the verification mail',
        description: `At most ${config.MAX_ACCOUNTS_PER_IP} accounts per IP address and ${config.MAX_ACCOUNTS_PER_IP_PER_DAY} per 24 hours. The mail language is \`locale\`, else the locale cookie, else Accept-Language. The password must not be easy to guess (400 passwordTooCommon, with the estimator's feedback keys in \`data: { warning, suggestions }\`) nor hold the email or the user name (400 passwordMatchesAccount); a name that looks like a member's (same skeleton once case, accents, spacing and invisible characters are set aside) is refused (409 userNameTaken).`,
        tags: ['auth'],
        body: RegisterBodySchema,
        response: { 201: RegisteredUserSchema, ...errorAnswers('4xx', '5xx') },
      },
      preValidation: trimEmail,
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const locale = pickLocale(request.body.locale, request.cookies[localeCookieName], request.headers['accept-language']);
      const blockedFor = await sessionService.registrationBlocked(request.ip);
      if (blockedFor !== null) refuseForNow(reply, blockedFor);
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
        const mail = verificationMailFor(locale, user.userName, mailLink(config.PUBLIC_URL, 'verify-account', verificationToken));
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
          refuseForNow(reply, error.retryAfterSeconds, error.key);
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
        body: LinkTokenBodySchema,
        response: { 200: SessionUserSchema, ...errorAnswers('4xx', '5xx') },
      },
    },
    async (request, reply) => {
      const outcome = await verifyAccount(commands, hashToken(requireToken(request.body.token)));
      if (outcome.verdict === 'alreadyVerified') throw new AppError('linkErrorOrExpiredToken', 400, { reason: 'alreadyVerified' });
      if (outcome.verdict !== 'valid') throw new AppError('linkErrorOrExpiredToken', 400);
      const sessionUser = await logIn(request, reply, outcome.user);
      request.log.info({ userId: outcome.user.id }, 'account verified');
      return sessionUser;
    },
  );

  mailRequestRoute(
    '/api/auth/resend-verification',
    'verify-account',
    {
      summary: 'Send the verification mail again (nothing is sent for a verified account)',
      description: `At most ${config.MAIL_MAX_PER_ADDRESS} mails per address and ${config.MAIL_MAX_PER_IP} requests per client address in ${config.MAIL_WINDOW_MINUTES} minutes (then 429); the answer is the same for any address.`,
    },
    async (user, to) => {
      if (user.verifiedAt) return;
      const link = await newAccountLink(user.id, 'verify-account', config.VERIFICATION_TOKEN_HOURS * HOUR);
      await mailer.send({ to, ...verificationMailFor(user.locale as Locale, user.userName, link) });
    },
  );

  mailRequestRoute(
    '/api/auth/password/forgot',
    'password-reset',
    {
      summary: 'Send a password-reset link',
      description: `The link works for ${config.PASSWORD_RESET_TOKEN_MINUTES} minutes; a new link ends the older ones. At most ${config.MAIL_MAX_PER_ADDRESS} mails per address and ${config.MAIL_MAX_PER_IP} requests per client address in ${config.MAIL_WINDOW_MINUTES} minutes (then 429); the answer is the same for any address.`,
    },
    async (user, to) => {
      const link = await newAccountLink(user.id, 'password-reset', config.PASSWORD_RESET_TOKEN_MINUTES * 60_000);
      await mailer.send({ to, ...passwordResetMail(user.locale as Locale, { userName: user.userName, link, validFor: { minutes: config.PASSWORD_RESET_TOKEN_MINUTES } }) });
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      schema: {
        summary: 'Set a new password with the reset link; every session of the account ends',
        description: 'The password must not be easy to guess (400 passwordTooCommon, with the estimator\'s feedback keys in `data: { warning, suggestions }`) nor hold the email or the user name (400 passwordMatchesAccount); the link keeps working until a password is accepted. The account\'s login lock for unknown places ends, and an account whose email change was undone may log in again.',
        tags: ['auth'],
        body: ResetPasswordBodySchema,
        response: { 204: NoContent, ...errorAnswers('4xx', '5xx') },
      },
    },
    async (request, reply) => {
      const tokenHash = hashToken(requireToken(request.body.token));
      const holder = await tokenHolder(commands.db, tokenHash, 'password-reset', clock());
      if (!holder) throw new AppError('linkErrorOrExpiredToken', 400);
      assertPasswordAllowed(request.body.password, { email: holder.email ?? '', userName: holder.userName });
      const passwordHash = await argon2.hash(request.body.password, { type: argon2.argon2id, ...PASSWORD_HASH_OPTIONS });
      const outcome = await resetPassword(commands, tokenHash, passwordHash, (email) => sessionService.accountLockKey(email));
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
        body: LinkTokenBodySchema,
        response: { 200: SessionUserSchema, ...errorAnswers('4xx', '5xx') },
      },
    },
    async (request, reply) => {
      const user = await followEmailLink(confirmEmailChange, request.body.token);
      const sessionUser = await logIn(request, reply, user);
      request.log.info({ userId: user.id }, 'email changed');
      return sessionUser;
    },
  );

  app.post(
    '/api/auth/email/undo',
    {
      schema: {
        summary: 'Follow the link sent to the old address when an email change was asked: the account keeps (or takes back) that address, every session ends, and a password reset is needed to log in again',
        description: `The link works for ${config.EMAIL_UNDO_DAYS} days, before and after the change is confirmed; only the link of the latest change works. Pending email changes and mail links are dropped; a password-reset link is mailed to the restored address, and until a password is set the login answers 403 passwordResetRequired.`,
        tags: ['auth'],
        body: LinkTokenBodySchema,
        response: { 204: NoContent, ...errorAnswers('4xx', '5xx') },
      },
    },
    async (request, reply) => {
      const reset = newSecretToken();
      const resetLink = { tokenHash: hashToken(reset), validForMs: config.PASSWORD_RESET_TOKEN_MINUTES * 60_000 };
      const user = await followEmailLink((deps, tokenHash) => undoEmailChange(deps, tokenHash, resetLink), request.body.token);
      cookies.clear(reply);
      request.log.info({ userId: user.id }, 'email change undone');
      if (user.email) {
        const link = mailLink(config.PUBLIC_URL, 'password', reset);
        // A lost mail leaves the forgotten-password request, which the restored address can make.
        await sendMail(context, request, user.email, emailRestoredMail(user.locale as Locale, { userName: user.userName, link, validFor: { minutes: config.PASSWORD_RESET_TOKEN_MINUTES } })).catch(() => undefined);
      }
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/jwks',
    {
      schema: {
        summary: 'Public keys of the access tokens (EdDSA), for the other services',
        tags: ['auth'],
        response: { 200: JwksSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { keys: await context.keys.publicKeys() };
    },
  );

  app.get(
    '/api/auth/registration-limits',
    {
      schema: {
        summary: 'How many accounts one IP address may create, in all and per 24 hours (public, for the help page)',
        tags: ['auth'],
        response: { 200: RegistrationLimitsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { accountsPerIp: config.MAX_ACCOUNTS_PER_IP, accountsPerIpPerDay: config.MAX_ACCOUNTS_PER_IP_PER_DAY };
    },
  );
}
