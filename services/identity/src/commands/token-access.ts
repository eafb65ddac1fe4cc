import { expiresAfter, judgeOneTimeToken, type TokenPurpose, type TokenVerdict } from '../domain/one-time-token.js';
import type { User, UserToken } from '../generated/prisma/client.js';
import { AccountTokens } from '../store/account-token.repository.js';
import type { Tx } from './unit-of-work.js';

export type ConsumedToken = { verdict: 'valid'; token: UserToken } | { verdict: Exclude<TokenVerdict, 'valid'> };

export type TokenOutcome = { verdict: 'valid'; user: User } | { verdict: 'expired' | 'invalid' };

/** A new mail link: the hash of its token and how long it works from its issue. */
export interface NewLink {
  tokenHash: string;
  validForMs: number;
}

/** The stored form of a link issued at `now`. */
export function linkAt(link: NewLink, now: Date): { tokenHash: string; expiresAt: Date } {
  return { tokenHash: link.tokenHash, expiresAt: expiresAfter(now, link.validForMs) };
}

/** Uses a mail link of the purpose when it is valid; a concurrent second use finds it used. */
export async function consumeToken(tx: Tx, tokenHash: string, purpose: TokenPurpose, now: Date): Promise<ConsumedToken> {
  const token = await AccountTokens.find(tx, tokenHash);
  const verdict = judgeOneTimeToken(token && token.purpose === purpose ? token : null, now);
  if (verdict !== 'valid' || !token) return { verdict: verdict === 'valid' ? 'invalid' : verdict };
  return (await AccountTokens.markUsed(tx, token.id, now)) ? { verdict: 'valid', token } : { verdict: 'invalid' };
}

/** The live account a mail link of `purpose` belongs to while the link works, without using it. */
export async function tokenHolder(db: Tx, tokenHash: string, purpose: TokenPurpose, now: Date): Promise<User | null> {
  const token = await AccountTokens.findWithUser(db, tokenHash);
  if (!token || token.purpose !== purpose || judgeOneTimeToken(token, now) !== 'valid' || token.user.deletedAt) return null;
  return token.user;
}
