import { randomUUID } from 'node:crypto';
import { judgeOneTimeToken, type TokenPurpose, type TokenVerdict } from '../domain/one-time-token.js';
import type { Prisma, UserToken } from '../generated/prisma/client.js';

type Tx = Prisma.TransactionClient;

export interface NewAccountToken {
  userId: string;
  purpose: TokenPurpose;
  tokenHash: string;
  expiresAt: Date;
  newEmail?: string;
}

export type ConsumedToken = { verdict: 'valid'; token: UserToken } | { verdict: Exclude<TokenVerdict, 'valid'> };

/** The single-use tokens of mail links (stored as SHA-256 hashes), always used inside a caller's transaction. */
export const AccountTokens = {
  async create(tx: Tx, token: NewAccountToken, now: Date): Promise<void> {
    await tx.userToken.create({ data: { id: randomUUID(), createdAt: now, newEmail: null, ...token } });
  },

  /** Marks the token used when it is valid for the purpose; a concurrent second use finds it used. */
  async consume(tx: Tx, tokenHash: string, purpose: TokenPurpose, now: Date): Promise<ConsumedToken> {
    const token = await tx.userToken.findUnique({ where: { tokenHash } });
    const verdict = judgeOneTimeToken(token && token.purpose === purpose ? token : null, now);
    if (verdict !== 'valid' || !token) return { verdict: verdict === 'valid' ? 'invalid' : verdict };
    const { count } = await tx.userToken.updateMany({ where: { id: token.id, usedAt: null }, data: { usedAt: now } });
    return count === 1 ? { verdict: 'valid', token } : { verdict: 'invalid' };
  },

  /** Retires the user's other unused tokens of a purpose (an older reset link stops working after a reset). */
  async retire(tx: Tx, userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
    await tx.userToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: now } });
  },
};
