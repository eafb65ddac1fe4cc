import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A secret for a link or a refresh cookie: 32 random bytes, base64url (43 characters). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How secret tokens are stored: SHA-256, hex. A database leak does not reveal usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Keyed hash (HMAC-SHA256, hex) for values kept only to be compared, such as IP addresses: without
 * the key, the small space of addresses cannot be enumerated back.
 */
export function keyedHash(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}
