import type { AlertMessageKey } from '@civic/contracts';
import { sql, type SqlExecutor } from '@civic/service-kit';
import type { AlertParams } from '../domain/alert-messages.js';
import type { DigestPeriod } from '../domain/digest.js';
import { tables } from './tables.js';

/** A member whose digest is due. */
export interface DueDigest {
  userId: string;
  period: DigestPeriod;
  from: Date;
  nextDigestAt: Date;
  /** The version of the member's preferences, which the mail's unsubscribe link is signed for. */
  version: number;
}

export interface DigestItemRow {
  messageKey: AlertMessageKey;
  params: AlertParams;
  link: string | null;
  at: Date;
}

/** What composing digests reads and writes, always inside the composing transaction. */
export const DigestRepository = {
  /** Members whose digest is due, locked; those another replica holds are skipped. */
  async lockDue(tx: SqlExecutor, now: Date, limit: number): Promise<DueDigest[]> {
    const rows = await tx.$queryRaw<{ user_id: string; digest: DigestPeriod; digest_from: Date | null; next_digest_at: Date; version: number }[]>(
      sql`SELECT p.user_id::text AS user_id, p.digest, p.digest_from, p.next_digest_at, p.version FROM ${tables.preference} p
          WHERE p.digest <> 'off' AND p.next_digest_at <= ${now}::timestamptz
            AND NOT EXISTS (SELECT 1 FROM ${tables.member} m WHERE m.user_id = p.user_id AND m.deleted_at IS NOT NULL)
          ORDER BY p.next_digest_at LIMIT ${limit} FOR UPDATE OF p SKIP LOCKED`,
    );
    return rows.map((row) => ({ userId: row.user_id, period: row.digest, from: row.digest_from ?? row.next_digest_at, nextDigestAt: row.next_digest_at, version: row.version }));
  },

  /**
   * Moves the member's period on, only if it is still the one read: the conditional UPDATE decides,
   * so a digest is claimed once however many replicas compose at the same time. Answers whether it was.
   */
  async claim(tx: SqlExecutor, due: DueDigest, to: Date, next: Date): Promise<boolean> {
    const rows = await tx.$queryRaw<unknown[]>(
      sql`UPDATE ${tables.preference} SET digest_from = ${to}::timestamptz, next_digest_at = ${next}::timestamptz
          WHERE user_id = ${due.userId}::uuid AND digest = ${due.period} AND next_digest_at = ${due.nextDigestAt}::timestamptz
          RETURNING user_id`,
    );
    return rows.length === 1;
  },

  /** The member's follow alerts created in (from, to]: the newest `limit`, and how many there are. */
  async items(tx: SqlExecutor, userId: string, keys: readonly string[], from: Date, to: Date, limit: number): Promise<{ items: DigestItemRow[]; total: number }> {
    const rows = await tx.$queryRaw<{ message_key: AlertMessageKey; params: AlertParams; link: string | null; created_at: Date; total: number }[]>(
      sql`SELECT message_key, params, link, created_at, count(*) OVER ()::int AS total FROM ${tables.alert}
          WHERE user_id = ${userId}::uuid AND message_key = ANY(${keys}::text[]) AND created_at > ${from}::timestamptz AND created_at <= ${to}::timestamptz
          ORDER BY id DESC LIMIT ${limit}`,
    );
    return { items: rows.map((row) => ({ messageKey: row.message_key, params: row.params ?? {}, link: row.link, at: new Date(row.created_at) })), total: rows[0]?.total ?? 0 };
  },
};
