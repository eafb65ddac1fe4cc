import type { Db } from './prisma.js';

/** The client addresses (keyed hashes) each account logged in from, and when last. */
export const KnownAddresses = {
  async has(db: Db, userId: string, ipHash: string, since: Date): Promise<boolean> {
    return (await db.knownLoginAddress.count({ where: { userId, ipHash, lastLoginAt: { gt: since } } })) > 0;
  },

  async remember(db: Db, userId: string, ipHash: string, now: Date): Promise<void> {
    await db.knownLoginAddress.upsert({ where: { userId_ipHash: { userId, ipHash } }, create: { userId, ipHash, lastLoginAt: now }, update: { lastLoginAt: now } });
  },

  /** Forgets the addresses not logged in from since `before`. */
  async forgetOlder(db: Db, before: Date): Promise<void> {
    await db.knownLoginAddress.deleteMany({ where: { lastLoginAt: { lt: before } } });
  },
};
