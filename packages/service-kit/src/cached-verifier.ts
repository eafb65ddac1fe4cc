import type { AuthUser, TokenVerifier } from './auth.js';

export interface CachedVerifierOptions {
  /** Longest time a verified token is trusted without checking its signature again. */
  ttlMs?: number;
  maxEntries?: number;
  clock?: () => number;
}

/** The `exp` claim (seconds) of a token whose signature was just verified. */
function expiresAtMs(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Remembers tokens whose signature and claims were verified, keyed by the whole token (signature
 * included), until the earlier of their expiry and `ttlMs`. Casting a vote (decisions, elections) is the hot path and the
 * same member's token comes back with every vote: an EdDSA verification per request costs more CPU
 * than the vote itself. Failures are never cached.
 */
export function cachedVerifier(inner: TokenVerifier, { ttlMs = 60_000, maxEntries = 50_000, clock = Date.now }: CachedVerifierOptions = {}): TokenVerifier {
  const cache = new Map<string, { user: AuthUser; until: number }>();
  return {
    async verify(token) {
      const now = clock();
      const hit = cache.get(token);
      if (hit && hit.until > now) return hit.user;
      if (hit) cache.delete(token);
      const user = await inner.verify(token);
      const exp = expiresAtMs(token);
      const until = Math.min(exp ?? now, now + ttlMs);
      if (until > now) {
        if (cache.size >= maxEntries) {
          // Drop the oldest entry (a Map keeps insertion order).
          const oldest = cache.keys().next();
          if (!oldest.done) cache.delete(oldest.value);
        }
        cache.set(token, { user, until });
      }
      return user;
    },
  };
}
