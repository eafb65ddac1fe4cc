import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Role } from '@civic/contracts';
import { AppError } from './errors.js';
import type { ServiceApp } from './http.js';

/** Access-token cookie: `__Host-` prefixed when served over https (ARCHITECTURE section 4). */
export const ACCESS_COOKIE = 'access_token';
export const SECURE_ACCESS_COOKIE = '__Host-access_token';
export const ACCESS_TOKEN_ALGORITHM = 'EdDSA';

/** Who the access token says the caller is. Services may refine role and suspension from projections. */
export interface AuthUser {
  id: string;
  name: string;
  role: Role;
  verified: boolean;
}

export interface TokenVerifier {
  verify(token: string): Promise<AuthUser>;
}

export interface JwtSettings {
  issuer: string;
  audience: string;
}

/** Verifies EdDSA access tokens with identity's public keys, fetched from its JWKS and cached. */
export function createJwksVerifier(jwksUrl: string, settings: JwtSettings): TokenVerifier {
  const keys = createRemoteJWKSet(new URL(jwksUrl), { cacheMaxAge: 10 * 60_000, cooldownDuration: 30_000 });
  return createKeyVerifier(keys, settings);
}

export function createKeyVerifier(keys: JWTVerifyGetKey, settings: JwtSettings): TokenVerifier {
  return {
    async verify(token) {
      const { payload } = await jwtVerify(token, keys, {
        issuer: settings.issuer,
        audience: settings.audience,
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        requiredClaims: ['sub', 'exp'],
      });
      return userFromClaims(payload);
    },
  };
}

function userFromClaims(payload: JWTPayload): AuthUser {
  const role = payload['role'];
  const name = payload['name'];
  if (typeof payload.sub !== 'string' || (role !== Role.User && role !== Role.Moderator && role !== Role.Scribe)) {
    throw new joseErrors.JWTClaimValidationFailed('unexpected claims', payload);
  }
  return { id: payload.sub, role, name: typeof name === 'string' ? name : '', verified: payload['verified'] === true };
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return request.cookies[SECURE_ACCESS_COOKIE] ?? request.cookies[ACCESS_COOKIE];
}

/**
 * Reads the access token of every request. A valid one sets `request.user`; a bad one is remembered
 * so that guarded routes answer with the precise reason, while public routes still answer visitors.
 */
export function installAuth(app: ServiceApp, verifier: TokenVerifier): void {
  app.decorateRequest('user', null);
  app.decorateRequest('authProblem', null);
  app.addHook('onRequest', async (request) => {
    const token = tokenOf(request);
    if (!token) return;
    try {
      request.user = await verifier.verify(token);
      request.log = request.log.child({ userId: request.user.id });
    } catch (error) {
      request.authProblem = error instanceof joseErrors.JWTExpired ? 'tokenExpired' : 'invalidToken';
    }
  });
}

/** The logged-in caller, or a 401 with the reason. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (request.user) return request.user;
  throw new AppError(request.authProblem ?? 'unauthorized', 401);
}

/** preHandler guard: the caller must be logged in. */
export async function authenticated(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  requireUser(request);
}

/** preHandler guard: the caller must hold one of the roles. */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const user = requireUser(request);
    if (!roles.includes(user.role)) throw new AppError('unauthorizedAction', 403);
  };
}

/** preHandler guard for user-scoped routes: the caller's id must equal the `:id`/`:userId` path parameter. */
export async function sameUserAsPath(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const user = requireUser(request);
  const params = request.params as Record<string, string | undefined>;
  const pathId = params['userId'] ?? params['id'];
  if (pathId !== user.id) throw new AppError('unauthorizedAction', 403);
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    authProblem: 'tokenExpired' | 'invalidToken' | null;
  }
}
