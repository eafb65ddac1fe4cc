import type { DigestFrequency, Follow, FollowPreferences } from '@civic/contracts';
import { sql, type SqlExecutor } from '@civic/service-kit';
import type { DocumentChange } from '../domain/follow-alerts.js';
import type { NotificationsPrisma } from './prisma.js';
import { tables } from './tables.js';

/** A member's stored preferences with their digest state. */
export interface StoredPreferences extends FollowPreferences {
  digestFrom: Date | null;
  nextDigestAt: Date | null;
}

interface PreferenceRow {
  edits: boolean;
  results: boolean;
  closing: boolean;
  digest: DigestFrequency;
  digest_from: Date | null;
  next_digest_at: Date | null;
}

export const defaultPreferences: StoredPreferences = { edits: true, results: true, closing: true, digest: 'off', digestFrom: null, nextDigestAt: null };

const toPreferences = (row: PreferenceRow | undefined): StoredPreferences =>
  row
    ? { edits: row.edits, results: row.results, closing: row.closing, digest: row.digest, digestFrom: row.digest_from, nextDigestAt: row.next_digest_at }
    : defaultPreferences;

/** What members follow, the followable documents (a projection of decisions' texts) and the follow preferences. */
export class FollowRepository {
  constructor(private readonly db: NotificationsPrisma) {}

  /** A text version names its document: created or retitled, kept a law once it is one, marked deleted. */
  static async applyDocumentChange(tx: SqlExecutor, change: DocumentChange): Promise<void> {
    await tx.$executeRaw(
      sql`INSERT INTO ${tables.document} AS d (id, kind, title, deleted_at) VALUES (${change.id}::uuid, ${change.kind}, ${change.title}, ${change.deletedAt}::timestamptz)
          ON CONFLICT (id) DO UPDATE SET
            kind = CASE WHEN d.kind = 'law' THEN 'law' ELSE EXCLUDED.kind END,
            title = EXCLUDED.title,
            deleted_at = COALESCE(d.deleted_at, EXCLUDED.deleted_at)`,
    );
  }

  /** Titles of the known documents among `ids`. */
  static async titles(tx: SqlExecutor, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await tx.$queryRaw<{ id: string; title: string }[]>(sql`SELECT id::text AS id, title FROM ${tables.document} WHERE id = ANY(${ids}::uuid[])`);
    return new Map(rows.map((row) => [row.id, row.title]));
  }

  /** A deleted account follows nothing and gets no digest. */
  static async forgetUser(tx: SqlExecutor, userId: string): Promise<void> {
    await tx.$executeRaw(sql`DELETE FROM ${tables.follow} WHERE user_id = ${userId}::uuid`);
    await tx.$executeRaw(sql`DELETE FROM ${tables.preference} WHERE user_id = ${userId}::uuid`);
  }

  /** Follows a document that exists and is not deleted (again harmless); false otherwise. */
  static async follow(tx: SqlExecutor, userId: string, documentId: string, at: Date): Promise<boolean> {
    const written = await tx.$queryRaw<{ ok: boolean }[]>(
      sql`WITH live AS (SELECT id FROM ${tables.document} WHERE id = ${documentId}::uuid AND deleted_at IS NULL),
          added AS (INSERT INTO ${tables.follow} (user_id, document_id, followed_at) SELECT ${userId}::uuid, id, ${at}::timestamptz FROM live ON CONFLICT DO NOTHING)
          SELECT EXISTS (SELECT 1 FROM live) AS ok`,
    );
    return written[0]?.ok === true;
  }

  static async unfollow(tx: SqlExecutor, userId: string, documentId: string): Promise<void> {
    await tx.$executeRaw(sql`DELETE FROM ${tables.follow} WHERE user_id = ${userId}::uuid AND document_id = ${documentId}::uuid`);
  }

  async isFollowing(userId: string, documentId: string): Promise<boolean> {
    const rows = await this.db.$queryRaw<unknown[]>(sql`SELECT 1 FROM ${tables.follow} WHERE user_id = ${userId}::uuid AND document_id = ${documentId}::uuid`);
    return rows.length > 0;
  }

  /** What the member follows, newest first, deleted documents left out. */
  async list(userId: string, limit: number): Promise<Follow[]> {
    const rows = await this.db.$queryRaw<{ document_id: string; kind: Follow['kind']; title: string; followed_at: Date }[]>(
      sql`SELECT f.document_id::text AS document_id, d.kind, d.title, f.followed_at FROM ${tables.follow} f
          JOIN ${tables.document} d ON d.id = f.document_id AND d.deleted_at IS NULL
          WHERE f.user_id = ${userId}::uuid ORDER BY f.followed_at DESC, f.document_id LIMIT ${limit}`,
    );
    return rows.map((row) => ({ documentId: row.document_id, kind: row.kind, title: row.title, followedAt: new Date(row.followed_at).toISOString() }));
  }

  async preferences(userId: string): Promise<StoredPreferences> {
    const rows = await this.db.$queryRaw<PreferenceRow[]>(
      sql`SELECT edits, results, closing, digest, digest_from, next_digest_at FROM ${tables.preference} WHERE user_id = ${userId}::uuid`,
    );
    return toPreferences(rows[0]);
  }

  /** The member's preferences, locked for a change in `tx` (defaults when never saved). */
  static async lockPreferences(tx: SqlExecutor, userId: string): Promise<StoredPreferences> {
    const rows = await tx.$queryRaw<PreferenceRow[]>(
      sql`SELECT edits, results, closing, digest, digest_from, next_digest_at FROM ${tables.preference} WHERE user_id = ${userId}::uuid FOR UPDATE`,
    );
    return toPreferences(rows[0]);
  }

  /** Stores the member's choice; their preferences' version moves on (unsubscribe links signed before stop working). */
  static async savePreferences(tx: SqlExecutor, userId: string, preferences: StoredPreferences): Promise<void> {
    await tx.$executeRaw(
      sql`INSERT INTO ${tables.preference} AS p (user_id, edits, results, closing, digest, digest_from, next_digest_at)
          VALUES (${userId}::uuid, ${preferences.edits}, ${preferences.results}, ${preferences.closing}, ${preferences.digest}, ${preferences.digestFrom}::timestamptz, ${preferences.nextDigestAt}::timestamptz)
          ON CONFLICT (user_id) DO UPDATE SET edits = EXCLUDED.edits, results = EXCLUDED.results, closing = EXCLUDED.closing,
            digest = EXCLUDED.digest, digest_from = EXCLUDED.digest_from, next_digest_at = EXCLUDED.next_digest_at, version = p.version + 1`,
    );
  }

  /** The version of the member's preferences, locked for a change in `tx`; null when they have none. */
  static async lockPreferenceVersion(tx: SqlExecutor, userId: string): Promise<number | null> {
    const rows = await tx.$queryRaw<{ version: number }[]>(sql`SELECT version FROM ${tables.preference} WHERE user_id = ${userId}::uuid FOR UPDATE`);
    return rows[0]?.version ?? null;
  }

  /** The digest turned off (the mail's unsubscribe link), the other preferences and their version kept. */
  static async digestOff(tx: SqlExecutor, userId: string): Promise<void> {
    await tx.$executeRaw(
      sql`INSERT INTO ${tables.preference} (user_id, digest) VALUES (${userId}::uuid, 'off')
          ON CONFLICT (user_id) DO UPDATE SET digest = 'off', digest_from = NULL, next_digest_at = NULL`,
    );
  }
}
