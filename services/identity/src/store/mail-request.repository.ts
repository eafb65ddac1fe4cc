import type { MailPurpose, MailRequestCounts } from '../domain/mail-limits.js';
import type { Prisma } from '../generated/prisma/client.js';
import { lockUntilCommit } from './advisory-lock.js';

type Tx = Prisma.TransactionClient;

export interface MailRequestKeys {
  /** Keyed hash of the normalized recipient address. */
  address: string;
  /** Keyed hash of the client address. */
  ip: string;
}

/** The mail-request counters (keyed hashes only), always used inside a caller's transaction. */
export const MailRequests = {
  /**
   * Serialises the requests of one address and of one client address until the transaction ends,
   * so that simultaneous requests cannot all pass the last free place. Always in this order.
   */
  async lock(tx: Tx, purpose: MailPurpose, keys: MailRequestKeys): Promise<void> {
    for (const key of [`mail:${purpose}:address:${keys.address}`, `mail:${purpose}:ip:${keys.ip}`]) {
      await lockUntilCommit(tx, key);
    }
  },

  async count(tx: Tx, purpose: MailPurpose, keys: MailRequestKeys, since: Date): Promise<MailRequestCounts> {
    const [address, ip] = await Promise.all([
      tx.mailRequest.count({ where: { purpose, scope: 'address', keyHash: keys.address, createdAt: { gt: since } } }),
      tx.mailRequest.aggregate({ where: { purpose, scope: 'ip', keyHash: keys.ip, createdAt: { gt: since } }, _count: true, _min: { createdAt: true } }),
    ]);
    return { address, ip: ip._count, oldestIp: ip._min.createdAt };
  },

  async record(tx: Tx, purpose: MailPurpose, keys: MailRequestKeys, counts: { address: boolean; ip: boolean }, now: Date): Promise<void> {
    const data = [
      ...(counts.address ? [{ purpose, scope: 'address', keyHash: keys.address, createdAt: now }] : []),
      ...(counts.ip ? [{ purpose, scope: 'ip', keyHash: keys.ip, createdAt: now }] : []),
    ];
    if (data.length > 0) await tx.mailRequest.createMany({ data });
  },

  /** Forgets the requests that left the window. */
  async purge(tx: Tx, before: Date): Promise<void> {
    await tx.mailRequest.deleteMany({ where: { createdAt: { lt: before } } });
  },
};
