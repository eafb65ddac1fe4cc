import type { AuthUser, TokenVerifier } from './auth.js';

export interface CachedVerifierOptions {
  /** Longest time a verified token is trusted without checking its signature again. */
  ttlMs?: number;
  maxEntries?: number;
  clock?: () => number;
}

/** The key id (header `kid`) and expiry (`exp`, as milliseconds) of a token whose signature was just verified. */
function keyAndExpiryOf(token: string): { kid: string | null; expiresAtMs: number | null } {
  const [header, payload] = token.split('.');
  const decode = (part: string | undefined): Record<string, unknown> => {
    try {
      const value: unknown = JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
      return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const { kid } = decode(header);
  const { exp } = decode(payload);
  return { kid: typeof kid === 'string' ? kid : null, expiresAtMs: typeof exp === 'number' ? exp * 1000 : null };
}

/**
 * Remembers tokens whose signature and claims were verified, keyed by the whole token (signature
 * included), until the earlier of their expiry and `ttlMs`, and only while the inner verifier still
 * counts their signing key as current (a retired key's tokens are verified again, and refused).
 * Casting a vote (decisions, elections) is the hot path and the same member's token comes back with
 * every vote: an EdDSA verification per request costs more CPU than the vote itself. Failures are
 * never cached.
 */
export function cachedVerifier(inner: TokenVerifier, { ttlMs = 60_000, maxEntries = 50_000, clock = Date.now }: CachedVerifierOptions = {}): TokenVerifier {
  const cache = new Map<string, { user: AuthUser; until: number; kid: string | null }>();
  const keyStillCurrent = (kid: string | null) => kid === null || inner.isCurrent?.(kid) !== false;
  return {
    async verify(token) {
      const now = clock();
      const hit = cache.get(token);
      if (hit && hit.until > now && keyStillCurrent(hit.kid)) return hit.user;
      if (hit) cache.delete(token);
      const user = await inner.verify(token);
      const { kid, expiresAtMs } = keyAndExpiryOf(token);
      const until = Math.min(expiresAtMs ?? now, now + ttlMs);
      if (until > now) {
        if (cache.size >= maxEntries) {
          // Drop the oldest entry (a Map keeps insertion order).
          const oldest = cache.keys().next();
          if (!oldest.done) cache.delete(oldest.value);
        }
        cache.set(token, { user, until, kid });
      }
      return user;
    },
    isCurrent: (kid) => inner.isCurrent?.(kid) ?? true,
    attachLogger: (log) => inner.attachLogger?.(log),
    close: () => inner.close?.(),
  };
}
