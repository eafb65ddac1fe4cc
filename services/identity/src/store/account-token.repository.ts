import { randomUUID } from 'node:crypto';
import type { TokenPurpose } from '../domain/one-time-token.js';
import type { Prisma, User, UserToken } from '../generated/prisma/client.js';
import { lockUntilCommit } from './advisory-lock.js';

type Tx = Prisma.TransactionClient;

export interface NewAccountToken {
  userId: string;
  purpose: TokenPurpose;
  tokenHash: string;
  expiresAt: Date;
  newEmail?: string;
}

/** The single-use tokens of mail links (stored as SHA-256 hashes), on the client or in a caller's transaction. */
export const AccountTokens = {
  async create(tx: Tx, token: NewAccountToken, now: Date): Promise<void> {
    await tx.userToken.create({ data: { id: randomUUID(), createdAt: now, newEmail: null, ...token } });
  },

  find(tx: Tx, tokenHash: string): Promise<UserToken | null> {
    return tx.userToken.findUnique({ where: { tokenHash } });
  },

  findWithUser(tx: Tx, tokenHash: string): Promise<(UserToken & { user: User }) | null> {
    return tx.userToken.findUnique({ where: { tokenHash }, include: { user: true } });
  },

  /** Marks the token used; false when it already was (a concurrent second use). */
  async markUsed(tx: Tx, id: string, now: Date): Promise<boolean> {
    const { count } = await tx.userToken.updateMany({ where: { id, usedAt: null }, data: { usedAt: now } });
    return count === 1;
  },

  /** The account a link of the purpose was issued to, whatever its state (used, superseded, expired). */
  async ownerOf(tx: Tx, tokenHash: string, purpose: TokenPurpose): Promise<string | null> {
    const token = await tx.userToken.findUnique({ where: { tokenHash }, select: { userId: true, purpose: true } });
    return token && token.purpose === purpose ? token.userId : null;
  },

  /**
   * Serialises the issuing of the user's links of a purpose until the transaction ends, so that of
   * simultaneous new links only the last one stays valid.
   */
  async lock(tx: Tx, userId: string, purpose: TokenPurpose): Promise<void> {
    await lockUntilCommit(tx, `token:${purpose}:${userId}`);
  },

  /** Retires the user's other unused tokens of a purpose (an older reset link stops working after a reset). */
  async retire(tx: Tx, userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
    await tx.userToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: now } });
  },
};
