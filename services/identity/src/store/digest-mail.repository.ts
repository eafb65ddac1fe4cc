import type { Db } from './prisma.js';

/** The digest mails sent, one row per digest. */
export const DigestMails = {
  /** Records the digest as mailed to the user; false when it already was (a redelivered event). */
  async record(tx: Db, row: { digestId: string; userId: string; sentAt: Date }): Promise<boolean> {
    const { count } = await tx.digestMail.createMany({ data: [row], skipDuplicates: true });
    return count > 0;
  },
};
