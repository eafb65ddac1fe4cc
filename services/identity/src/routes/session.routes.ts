import { AuthUserBodySchema, LoginBodySchema, SessionUserOrNullSchema, SessionUserSchema, errorAnswers, type Locale } from '@civic/contracts';
import { AppError, type ServiceApp } from '@civic/service-kit';
import { admitMailRequest } from '../commands/admit-mail-request.command.js';
import { mailLimits } from '../domain/mail-limits.js';
import { toSessionUser } from '../domain/profile.js';
import { normalizeEmail } from '../domain/registration.js';
import { keyedHash } from '../domain/secrets.js';
import type { User } from '../generated/prisma/client.js';
import { loginAttackMail } from '../mail/templates.js';
import { loginRefusalCounter, refuseForNow, type LoginRefusal } from './account-guards.js';
import { installAfterAnswer } from './after-answer.js';
import type { IdentityContext } from './context.js';
import { trimEmail } from './trim-email.js';

/** POST /api/login and POST /api/login/auth-user (docs/product.md#calls). */
export async function sessionRoutes(app: ServiceApp, context: IdentityContext): Promise<void> {
  const { config, sessionService, cookies, clock, commands, mailer } = context;
  const refusals = loginRefusalCounter(app.metrics);
  const refused = (reason: LoginRefusal) => refusals.inc({ reason });
  const afterAnswer = installAfterAnswer(app);

  /**
   * Tells the member that guesses from unknown places locked the account, once per lock, within the
   * mail limits of the recipient and of the guessing address.
   */
  async function mailLoginAttack(user: User, ip: string): Promise<void> {
    if (!user.email) return;
    const keys = { address: keyedHash(config.IP_HASH_KEY, `mail:${user.email}`), ip: keyedHash(config.IP_HASH_KEY, `ip:${ip}`) };
    // One notice per recipient per lock window: two guesses that lock the account at the same moment
    // (each counted the failures before the other's) are admitted one after the other, under a lock.
    const oncePerLock = { ...mailLimits(config), perAddress: 1, windowMs: config.LOGIN_WINDOW_MINUTES * 60_000 };
    if ((await admitMailRequest(commands, 'login-attack', keys, oncePerLock)).verdict !== 'send') return;
    const resetPage = `${config.PUBLIC_URL.replace(/\/$/, '')}/password`;
    await mailer.send({ to: user.email, ...loginAttackMail(user.locale as Locale, { userName: user.userName, minutes: config.LOGIN_WINDOW_MINUTES, resetPage }) });
  }

  app.post(
    '/api/login',
    {
      schema: {
        summary: 'Log in: sets the access and refresh cookies',
        description: `Unknown email and wrong password answer alike. After ${config.LOGIN_MAX_FAILURES_PER_ACCOUNT_AT_IP} failures for an account from one address (or one device) within ${config.LOGIN_WINDOW_MINUTES} minutes: 429 with Retry-After. Failures from places the member never logged in from are slowed down after ${config.LOGIN_SLOWDOWN_AFTER_FAILURES} (429 with Retry-After until the wait is over) and stopped after ${config.LOGIN_MAX_FAILURES_PER_ACCOUNT}, for those places only: the member's devices (the \`${cookies.names.device}\` cookie set at each login) and the addresses she logged in from still log in, and she is mailed once. Past ${config.LOGIN_MAX_FAILURES_PER_IP} failures from an address across accounts, failed attempts from it answer 429 and an account that failed from there is refused too; the correct login of another account is not. The right password of an account whose email change was undone answers 403 passwordResetRequired.`,
        tags: ['session'],
        body: LoginBodySchema,
        response: { 200: SessionUserSchema, ...errorAnswers('4xx', '5xx') },
      },
      preValidation: trimEmail,
    },
    async (request, reply) => {
      const result = await sessionService.login(normalizeEmail(request.body.email), request.body.password, request.ip, cookies.deviceCookie(request));
      if (result.kind === 'blocked') {
        request.log.warn({ by: result.by }, 'login rate limit reached');
        refused('rate_limited');
        refuseForNow(reply, result.retryAfterSeconds);
      }
      if (result.kind === 'wrong') {
        refused('bad_credentials');
        const { locked } = result;
        if (locked) {
          request.log.warn({ userId: locked.id }, 'account locked for unknown places');
          afterAnswer.later(request, () => mailLoginAttack(locked, request.ip));
        }
        throw new AppError('incorrectEmailOrPassword', 401);
      }
      if (result.kind === 'resetRequired') throw new AppError('passwordResetRequired', 403);
      cookies.set(reply, result.issued);
      cookies.setDevice(reply, result.device);
      request.log.info({ userId: result.user.id }, 'logged in');
      return toSessionUser(result.user, clock());
    },
  );

  app.post(
    '/api/login/auth-user',
    {
      schema: {
        summary: 'The session user (restored from the refresh cookie when the access token expired), or null; {logout: true} ends the session',
        description: 'A refresh token that was already rotated ends its whole session and answers 401 Invalid token.',
        tags: ['session'],
        body: AuthUserBodySchema,
        response: { 200: SessionUserOrNullSchema, ...errorAnswers('4xx', '5xx') },
      },
      // No body at all (the usual call) is the same as {}.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
    },
    async (request, reply) => {
      const access = cookies.accessToken(request);
      const refresh = cookies.refreshToken(request);
      if (request.body.logout === true) {
        await sessionService.logout(access, refresh);
        cookies.clear(reply);
        return null;
      }
      const restored = await sessionService.restore(access, refresh);
      if (restored.kind === 'reuse') {
        request.log.warn('refresh token reused: session ended');
        cookies.clear(reply);
        throw new AppError('invalidToken', 401);
      }
      if (restored.kind === 'none') {
        if (cookies.hasAny(request)) cookies.clear(reply);
        return null;
      }
      if (restored.issued) cookies.set(reply, restored.issued);
      return toSessionUser(restored.user, clock());
    },
  );
}
