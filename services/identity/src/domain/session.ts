import { Role } from '@civic/contracts';

/** Session lengths (docs/product.md#audience-and-accounts: access 15 min, refresh 30 days rotating, idle 7 days). */
export interface SessionPolicy {
  accessTokenMs: number;
  /** Absolute lifetime of a session from its login. */
  sessionMs: number;
  /** A session unused (no rotation) this long is over. */
  idleMs: number;
  /** A rotated refresh token presented again this soon is a concurrent restore, not a theft. */
  reuseGraceMs: number;
}

export interface SessionPolicyConfig {
  ACCESS_TOKEN_MINUTES: number;
  REFRESH_TOKEN_DAYS: number;
  SESSION_IDLE_DAYS: number;
  REFRESH_REUSE_GRACE_SECONDS: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export function sessionPolicy(config: SessionPolicyConfig): SessionPolicy {
  return {
    accessTokenMs: config.ACCESS_TOKEN_MINUTES * MINUTE,
    sessionMs: config.REFRESH_TOKEN_DAYS * DAY,
    idleMs: config.SESSION_IDLE_DAYS * DAY,
    reuseGraceMs: config.REFRESH_REUSE_GRACE_SECONDS * 1000,
  };
}

export interface RefreshTokenState {
  usedAt: Date | null;
}

export interface SessionState {
  expiresAt: Date;
  lastUsedAt: Date;
  revokedAt: Date | null;
}

/**
 * What to do with a presented refresh token:
 * - `rotate`: valid, replace it with a new one;
 * - `grace`: rotated moments ago (another tab), give a new access token and keep the newer refresh token;
 * - `reuse`: rotated earlier, so a copy is being replayed: end the whole session;
 * - `ended`: the session was revoked, expired or idle too long: the caller is a visitor again.
 */
export type RefreshVerdict = 'rotate' | 'grace' | 'reuse' | 'ended';

export function judgeRefreshToken(token: RefreshTokenState, session: SessionState, now: Date, policy: SessionPolicy): RefreshVerdict {
  if (session.revokedAt) return 'ended';
  if (token.usedAt) {
    return now.getTime() - token.usedAt.getTime() <= policy.reuseGraceMs && isSessionLive(session, now, policy) ? 'grace' : 'reuse';
  }
  return isSessionLive(session, now, policy) ? 'rotate' : 'ended';
}

export function isSessionLive(session: SessionState, now: Date, policy: SessionPolicy): boolean {
  if (session.revokedAt) return false;
  if (now.getTime() >= session.expiresAt.getTime()) return false;
  return now.getTime() - session.lastUsedAt.getTime() < policy.idleMs;
}

/** The role claim of the access token: moderator wins when a user holds both flags. */
export function roleOf(flags: { moderator: boolean; scribe: boolean }): Role {
  if (flags.moderator) return Role.Moderator;
  if (flags.scribe) return Role.Scribe;
  return Role.User;
}

export interface CookieNames {
  access: string;
  refresh: string;
  /** The login device cookie (domain/login-device.ts). */
  device: string;
}

/** Cookie names: the `__Host-` prefix (Secure, Path=/, no Domain) when served over https. */
export function cookieNames(secure: boolean): CookieNames {
  return secure
    ? { access: '__Host-access_token', refresh: '__Host-refresh_token', device: '__Host-login_device' }
    : { access: 'access_token', refresh: 'refresh_token', device: 'login_device' };
}
