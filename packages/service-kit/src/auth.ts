import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { Role } from '@civic/contracts';
import { AppError } from './errors.js';
import type { ServiceApp } from './http.js';
import type { RevocationList } from './revocations.js';

/** Access-token cookie: `__Host-` prefixed when served over https (docs/architecture.md#security). */
export const ACCESS_COOKIE = 'access_token';
export const SECURE_ACCESS_COOKIE = '__Host-access_token';
export const ACCESS_TOKEN_ALGORITHM = 'EdDSA';

/** Who the access token says the caller is. Services may refine role and suspension from projections. */
export interface AuthUser {
  id: string;
  name: string;
  role: Role;
  verified: boolean;
  /** The session the token was issued for (`sid`), which identity's tokens always carry. */
  sessionId?: string;
  /** When the token was issued (`iat`), epoch milliseconds. */
  issuedAtMs?: number;
}

export interface TokenVerifier {
  verify(token: string): Promise<AuthUser>;
  /**
   * Whether the key of this id still signs valid tokens: false once it is no longer published
   * (retired). A cache of verified tokens asks it before trusting an entry. Verifiers whose keys
   * never change leave it out.
   */
  isCurrent?(kid: string): boolean;
  /** Gives the verifier the app's logger for its background work (installAuth calls it). */
  attachLogger?(log: VerifierLogger): void;
  /** Stops the verifier's background work (installAuth calls it when the app closes). */
  close?(): void;
}

export type VerifierLogger = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export interface JwtSettings {
  issuer: string;
  audience: string;
}

/** Defaults of createJwksVerifier; docs/signing-keys.md derives the retirement bound from them. */
export const JWKS_DEFAULTS = {
  /** The key set is fetched again this often while the verifier is in use. */
  refreshMs: 5_000,
  /** After a fetch for a key the set lacked did not find it, the next such fetch waits this long. */
  unknownKeyCooldownMs: 1_000,
  /** A fetch slower than this fails (and the last good set is kept). */
  fetchTimeoutMs: 2_000,
} as const;

export interface JwksVerifierOptions {
  refreshMs?: number;
  unknownKeyCooldownMs?: number;
  fetchTimeoutMs?: number;
  /** Milliseconds now (tests move it). */
  clock?: () => number;
  /** Reads the key set; an HTTP GET of the JWKS URL by default. */
  fetchKeySet?: () => Promise<unknown>;
  /** Runs `task` every `ms` until the returned stop is called; an unref'd setInterval by default. */
  every?: (task: () => void, ms: number) => () => void;
}

const silentLogger: VerifierLogger = { info: () => undefined, warn: () => undefined };

function everyUnref(task: () => void, ms: number): () => void {
  const timer = setInterval(task, ms);
  timer.unref();
  return () => clearInterval(timer);
}

async function fetchJwks(url: string, timeoutMs: number): Promise<unknown> {
  // no-cache: a cache between us and identity must not hand back a key set that still lists a retired key.
  const response = await fetch(url, { headers: { accept: 'application/json', 'cache-control': 'no-cache' }, signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
  return response.json();
}

/**
 * Identity's published keys, fetched again every `refreshMs` from the first verification on, and at
 * once when a token names a key the set lacks (a fetch that does not find it holds back the next for
 * `unknownKeyCooldownMs`). A key that leaves the set is refused from then on, so a retired key stops
 * verifying within `refreshMs` plus one fetch. A failed fetch keeps the last good set: an identity
 * outage does not log everyone out.
 */
class RefreshingKeySet {
  private current: { kids: ReadonlySet<string>; getKey: JWTVerifyGetKey } | null = null;
  private fetching: Promise<void> | null = null;
  private lastFruitlessFetchAt = Number.NEGATIVE_INFINITY;
  private failing = false;
  private stopRefreshing: (() => void) | null = null;
  private closed = false;
  private log: VerifierLogger = silentLogger;
  private readonly refreshMs: number;
  private readonly unknownKeyCooldownMs: number;
  private readonly clock: () => number;
  private readonly fetchKeySet: () => Promise<unknown>;
  private readonly every: (task: () => void, ms: number) => () => void;

  constructor(private readonly url: string, options: JwksVerifierOptions) {
    this.refreshMs = options.refreshMs ?? JWKS_DEFAULTS.refreshMs;
    this.unknownKeyCooldownMs = options.unknownKeyCooldownMs ?? JWKS_DEFAULTS.unknownKeyCooldownMs;
    this.clock = options.clock ?? Date.now;
    const timeoutMs = options.fetchTimeoutMs ?? JWKS_DEFAULTS.fetchTimeoutMs;
    this.fetchKeySet = options.fetchKeySet ?? (() => fetchJwks(url, timeoutMs));
    this.every = options.every ?? everyUnref;
  }

  attachLogger(log: VerifierLogger): void {
    this.log = log;
  }

  isCurrent(kid: string): boolean {
    return this.current?.kids.has(kid) ?? false;
  }

  /** The key a token names; refused when the set (fetched again if that may help) does not publish it. */
  readonly getKey: JWTVerifyGetKey = async (header, token) => {
    this.startRefreshing();
    const kid = header.kid;
    if (typeof kid !== 'string') throw new joseErrors.JWKSNoMatchingKey();
    if (!this.isCurrent(kid)) {
      const now = this.clock();
      if (this.fetching) await this.fetching;
      else if (now - this.lastFruitlessFetchAt >= this.unknownKeyCooldownMs) {
        await this.refresh();
        // Only fetches that did not find the key count: tokens naming made-up keys cannot make it
        // hammer identity, while a key just added is found even right after another fetch.
        if (!this.isCurrent(kid)) this.lastFruitlessFetchAt = now;
      }
    }
    const current = this.current;
    if (!current?.kids.has(kid)) throw new joseErrors.JWKSNoMatchingKey();
    return current.getKey(header, token);
  };

  /** Fetches the set now, or waits for the fetch under way. Never throws: a failure keeps the last set. */
  refresh(): Promise<void> {
    this.fetching ??= this.fetchOnce().finally(() => {
      this.fetching = null;
    });
    return this.fetching;
  }

  close(): void {
    this.closed = true;
    this.stopRefreshing?.();
    this.stopRefreshing = null;
  }

  private startRefreshing(): void {
    if (this.stopRefreshing || this.closed) return;
    this.stopRefreshing = this.every(() => void this.refresh(), this.refreshMs);
  }

  private async fetchOnce(): Promise<void> {
    try {
      const jwks = (await this.fetchKeySet()) as JSONWebKeySet;
      const getKey = createLocalJWKSet(jwks); // throws on anything but a key set
      const kids = new Set(jwks.keys.flatMap((key) => (typeof key.kid === 'string' ? [key.kid] : [])));
      const retired = [...(this.current?.kids ?? [])].filter((kid) => !kids.has(kid));
      if (retired.length > 0) this.log.info({ kids: retired }, 'signing keys retired: their tokens are refused from now on');
      if (this.failing) this.log.info({ url: this.url }, 'JWKS fetched again after failures');
      this.current = { kids, getKey };
      this.failing = false;
    } catch (error) {
      // Logged once per run of failures, not at every refresh while identity is away.
      if (!this.failing) this.log.warn({ err: error, url: this.url }, 'JWKS fetch failed: keeping the last key set');
      this.failing = true;
    }
  }
}

/**
 * Verifies EdDSA access tokens with identity's public keys, fetched from its JWKS and kept fresh
 * (see RefreshingKeySet; docs/signing-keys.md for the retirement bound).
 */
export function createJwksVerifier(jwksUrl: string, settings: JwtSettings, options: JwksVerifierOptions = {}): TokenVerifier {
  const keySet = new RefreshingKeySet(jwksUrl, options);
  const verifier = createKeyVerifier(keySet.getKey, settings);
  return {
    verify: (token) => verifier.verify(token),
    isCurrent: (kid) => keySet.isCurrent(kid),
    attachLogger: (log) => keySet.attachLogger(log),
    close: () => keySet.close(),
  };
}

/** The settings of a service that checks identity's tokens (JwksConfigProperties). */
export interface JwksSettings {
  JWKS_URL: string;
  JWT_ISSUER: string;
  JWT_AUDIENCE: string;
}

/** The access-token check of a service other than identity: the verifier given (tests), else identity's JWKS. */
export function identityVerifier(config: JwksSettings, given?: TokenVerifier): TokenVerifier {
  return given ?? createJwksVerifier(config.JWKS_URL, { issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE });
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

/** The user an access token's verified claims name; refuses claims of another shape. */
export function userFromClaims(payload: JWTPayload): AuthUser {
  const { role, name, sid } = payload;
  if (typeof payload.sub !== 'string' || (role !== Role.User && role !== Role.Moderator && role !== Role.Scribe)) {
    throw new joseErrors.JWTClaimValidationFailed('unexpected claims', payload);
  }
  return {
    id: payload.sub,
    role,
    name: typeof name === 'string' ? name : '',
    verified: payload['verified'] === true,
    ...(typeof sid === 'string' ? { sessionId: sid } : {}),
    ...(typeof payload.iat === 'number' ? { issuedAtMs: Math.round(payload.iat * 1000) } : {}),
  };
}

/** A token whose signature holds but that identity revoked (docs/sessions.md). */
export class RevokedTokenError extends Error {
  readonly code = 'ERR_TOKEN_REVOKED';

  constructor() {
    super('access token revoked');
    this.name = 'RevokedTokenError';
  }
}

/**
 * The verifier, refusing besides the tokens the list denies: checked after every verification, a
 * cached one included. Its logger and background work stay the inner verifier's.
 */
export function refusingRevoked(verifier: TokenVerifier, revocations: RevocationList): TokenVerifier {
  const isCurrent = verifier.isCurrent?.bind(verifier);
  return {
    async verify(token) {
      const user = await verifier.verify(token);
      if (revocations.denies(user)) throw new RevokedTokenError();
      return user;
    },
    ...(isCurrent ? { isCurrent } : {}),
  };
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return request.cookies[SECURE_ACCESS_COOKIE] ?? request.cookies[ACCESS_COOKIE];
}

export interface AuthOptions {
  /**
   * Tokens refused although valid: by default the revocation list of an app built with
   * createEventedApp. null for identity, which reads the session and the account at every call.
   */
  revocations?: RevocationList | null;
}

/**
 * Reads the access token of every request. A valid one sets `request.user`; a bad or revoked one is
 * remembered so that guarded routes answer with the precise reason, while public routes still answer
 * visitors. The verifier logs through the app and its background work stops when the app closes.
 * Answers the verifier as applied, revocations included, for the app's other entrances (sockets).
 */
export function installAuth(app: ServiceApp, verifier: TokenVerifier, { revocations = app.revocations ?? null }: AuthOptions = {}): TokenVerifier {
  verifier.attachLogger?.(app.log.child({ component: 'jwks' }));
  if (verifier.close) app.addHook('onClose', async () => verifier.close?.());
  const applied = revocations ? refusingRevoked(verifier, revocations) : verifier;
  app.decorateRequest('user', null);
  app.decorateRequest('authProblem', null);
  app.addHook('onRequest', async (request) => {
    const token = tokenOf(request);
    if (!token) return;
    try {
      request.user = await applied.verify(token);
      request.log = request.log.child({ userId: request.user.id });
    } catch (error) {
      request.authProblem = error instanceof joseErrors.JWTExpired ? 'tokenExpired' : 'invalidToken';
    }
  });
  return applied;
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
  interface FastifyInstance {
    /** The revocations this process follows, on apps built with createEventedApp. */
    revocations?: RevocationList;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    authProblem: 'tokenExpired' | 'invalidToken' | null;
  }
}
