import { randomUUID } from 'node:crypto';
import { errors as joseErrors, importJWK, jwtVerify, SignJWT, type JWK, type JWTHeaderParameters } from 'jose';
import type { Role } from '@civic/contracts';
import { ACCESS_TOKEN_ALGORITHM, userFromClaims, type AuthUser, type TokenVerifier } from '@civic/service-kit';
import type { SigningKeyRepository } from '../store/signing-key.repository.js';

type Key = Awaited<ReturnType<typeof importJWK>>;

/** The access token's caller, plus the session (refresh family) it was issued for. */
export interface SessionAuthUser extends AuthUser {
  sessionId: string;
}

export function isSessionAuthUser(user: AuthUser | null): user is SessionAuthUser {
  return user !== null && typeof (user as Partial<SessionAuthUser>).sessionId === 'string';
}

export interface AccessClaims {
  userId: string;
  userName: string;
  role: Role;
  verified: boolean;
  sessionId: string;
}

export interface AccessTokenSettings {
  issuer: string;
  audience: string;
  lifetimeMs: number;
  clock: () => Date;
}

/**
 * Signs access tokens with identity's active Ed25519 key (claims sub, role, name, verified, sid,
 * iss, aud, iat and exp to the millisecond, jti) and verifies them with the public keys stored right
 * now, as the other services do through the JWKS.
 */
export class AccessTokens implements TokenVerifier {
  private readonly imported = new Map<string, Promise<Key>>();

  constructor(
    private readonly keys: SigningKeyRepository,
    private readonly settings: AccessTokenSettings,
  ) {}

  async sign(claims: AccessClaims): Promise<{ token: string; expiresAt: Date }> {
    const active = await this.keys.activeKey();
    const key = await this.importKey(`private:${active.kid}`, active.privateJwk);
    const nowMs = this.settings.clock().getTime();
    // Milliseconds kept (a NumericDate may be fractional): a cut-off at a claim change then tells the
    // tokens issued just before it from those issued just after, within the same second.
    const iat = nowMs / 1000;
    const expiresAt = new Date(nowMs + this.settings.lifetimeMs);
    const token = await new SignJWT({ role: claims.role, name: claims.userName, verified: claims.verified, sid: claims.sessionId })
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: active.kid, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(this.settings.issuer)
      .setAudience(this.settings.audience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.settings.lifetimeMs / 1000)
      .setJti(randomUUID())
      .sign(key);
    return { token, expiresAt };
  }

  async verify(token: string): Promise<SessionAuthUser> {
    const { payload } = await jwtVerify(token, (header) => this.publicKey(header), {
      issuer: this.settings.issuer,
      audience: this.settings.audience,
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      requiredClaims: ['sub', 'exp', 'sid'],
      currentDate: this.settings.clock(),
    });
    const { sessionId, ...user } = userFromClaims(payload);
    if (sessionId === undefined) throw new joseErrors.JWTClaimValidationFailed('unexpected claims', payload);
    return { ...user, sessionId };
  }

  private async publicKey(header: JWTHeaderParameters): Promise<Key> {
    const kid = header.kid;
    if (!kid) throw new joseErrors.JWKSNoMatchingKey();
    // Read from the database at every verification, never cached: a key retired with
    // deploy/scripts/rotate-signing-key.mjs stops its tokens here at once (docs/signing-keys.md).
    const jwk = (await this.keys.publicKeys()).find((published) => published.kid === kid);
    if (!jwk) throw new joseErrors.JWKSNoMatchingKey();
    return this.importKey(`public:${kid}`, jwk);
  }

  private importKey(cacheKey: string, jwk: JWK): Promise<Key> {
    let key = this.imported.get(cacheKey);
    if (!key) {
      key = importJWK(jwk, ACCESS_TOKEN_ALGORITHM);
      this.imported.set(cacheKey, key);
    }
    return key;
  }
}
