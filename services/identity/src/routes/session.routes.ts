import { AuthUserBodySchema, LoginBodySchema, SessionUserOrNullSchema, SessionUserSchema, errorAnswers } from '@civic/contracts';
import { AppError, type ServiceApp } from '@civic/service-kit';
import { toSessionUser } from '../domain/profile.js';
import { normalizeEmail } from '../domain/registration.js';
import { loginRefusalCounter, refuseForNow, type LoginRefusal } from './account-guards.js';
import type { IdentityContext } from './context.js';
import { trimEmail } from './trim-email.js';

/** POST /api/login and POST /api/login/auth-user (docs/product.md#calls). */
export async function sessionRoutes(app: ServiceApp, context: IdentityContext): Promise<void> {
  const { config, sessionService, cookies, clock } = context;
  const refusals = loginRefusalCounter(app.metrics);
  const refused = (reason: LoginRefusal) => refusals.inc({ reason });

  app.post(
    '/api/login',
    {
      schema: {
        summary: 'Log in: sets the access and refresh cookies',
        description: `Unknown email and wrong password answer alike. After ${config.LOGIN_MAX_FAILURES_PER_ACCOUNT_AT_IP} failures for an account from one address or ${config.LOGIN_MAX_FAILURES_PER_ACCOUNT} from every address within ${config.LOGIN_WINDOW_MINUTES} minutes: 429 with Retry-After. Past ${config.LOGIN_MAX_FAILURES_PER_IP} failures from an address across accounts, failed attempts from it answer 429 and an account that failed from there is refused too; the correct login of another account is not.`,
        tags: ['session'],
        body: LoginBodySchema,
        response: { 200: SessionUserSchema, ...errorAnswers('4xx', '5xx') },
      },
      preValidation: trimEmail,
    },
    async (request, reply) => {
      const result = await sessionService.login(normalizeEmail(request.body.email), request.body.password, request.ip);
      if (result.kind === 'blocked') {
        request.log.warn({ by: result.by }, 'login rate limit reached');
        refused('rate_limited');
        refuseForNow(reply, result.retryAfterSeconds);
      }
      if (result.kind === 'wrong') {
        refused('bad_credentials');
        throw new AppError('incorrectEmailOrPassword', 401);
      }
      cookies.set(reply, result.issued);
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
