import type { ChainVersion, ProposalState, SealEntry, SealOutcome, TextKind } from '@civic/contracts';
import { sql, type Sql, type SqlExecutor } from '@civic/service-kit';
import type { LawSeal } from '../domain/text-versions.js';
import { tables } from './tables.js';

/** A stored version with the names of its editor and co-editors (from the citizen projection, '' when unknown; `coEditorNames` in the order of `coEditors`). */
export type StoredVersion = ChainVersion & { salt: string; coEditors: string[]; lawId: string | null; editorName: string; coEditorNames: string[] };

/** What the history of a text needs to know of the text and of the proposal or law it belongs to. */
export interface TextFacts {
  documentId: string;
  lawId: string | null;
  /** The document's current title. */
  title: string;
  /** For a proposal: its state and author, which decide who may see it. */
  proposal: { state: ProposalState; userId: string } | null;
}

const ISO_MS = sql`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const versionColumns = sql`v.kind, v.text_id::text AS "textId", v.seq, v.change, v.role, v.editor_id::text AS "editorId", v.reason, v.title, v.body,
  to_char(v.created_at AT TIME ZONE 'UTC', ${ISO_MS}) AS "createdAt", v.prev_hash AS "prevHash", v.salt,
  coalesce(v.co_editors, '{}')::text[] AS "coEditors", v.hash`;

/** The versions of texts (docs/text-chain.md) and the seals of laws: reads and row writes. */
export class TextVersionRepository {
  constructor(private readonly db: SqlExecutor) {}

  /** The text's last version, null for a text without one. */
  async last(textId: string): Promise<{ seq: number; hash: string } | null> {
    const [row] = await this.db.$queryRaw<{ seq: number; hash: string }[]>(
      sql`SELECT seq, hash FROM ${tables.textVersion} WHERE text_id = ${textId}::uuid ORDER BY seq DESC LIMIT 1`,
    );
    return row ?? null;
  }

  /** Appends a version; the table refuses any later change or removal (append-only). */
  async insert(id: string, version: ChainVersion & { salt: string }, lawId: string | null): Promise<void> {
    await this.db.$executeRaw(
      sql`INSERT INTO ${tables.textVersion} (id, kind, text_id, seq, change, role, editor_id, reason, title, body, law_id, created_at, prev_hash, salt, co_editors, hash)
       VALUES (${id}::uuid, ${version.kind}, ${version.textId}::uuid, ${version.seq}, ${version.change}, ${version.role}, ${version.editorId}::uuid,
         ${version.reason}, ${version.title}, ${version.body}, ${lawId}::uuid, ${version.createdAt}::timestamptz, ${version.prevHash}, ${version.salt},
         ${[...(version.coEditors ?? [])]}::uuid[], ${version.hash})`,
    );
  }

  /** Every version of one text, oldest first, with the names of its editor and co-editors. */
  async history(textId: string): Promise<StoredVersion[]> {
    return this.db.$queryRaw<StoredVersion[]>(
      sql`SELECT ${versionColumns}, v.law_id::text AS "lawId", coalesce(c.user_name, '') AS "editorName",
         ARRAY(SELECT coalesce(e.user_name, '') FROM unnest(v.co_editors) WITH ORDINALITY AS x(user_id, n)
           LEFT JOIN ${tables.citizen} e ON e.user_id = x.user_id ORDER BY x.n) AS "coEditorNames"
       FROM ${tables.textVersion} v LEFT JOIN ${tables.citizen} c ON c.user_id = v.editor_id
       WHERE v.text_id = ${textId}::uuid ORDER BY v.seq`,
    );
  }

  /** Every version of the given texts, by text then seq. */
  async chains(textIds: readonly string[]): Promise<(ChainVersion & { salt: string; coEditors: string[] })[]> {
    if (textIds.length === 0) return [];
    return this.db.$queryRaw<(ChainVersion & { salt: string; coEditors: string[] })[]>(
      sql`SELECT ${versionColumns} FROM ${tables.textVersion} v WHERE v.text_id = ANY(${textIds}::uuid[]) ORDER BY v.text_id, v.seq`,
    );
  }

  /**
   * The last version of each live text of the law, in document order: the law itself, its groups by
   * position, then its articles in final-text order (ungrouped first, then by group, by position),
   * each followed by its amendments by creation time. Texts without a version are left out.
   */
  async sealEntries(lawId: string): Promise<SealEntry[]> {
    return this.db.$queryRaw<SealEntry[]>(
      sql`WITH groups AS (SELECT id, position, created_at FROM ${tables.group} WHERE law_id = ${lawId}::uuid AND deleted_at IS NULL),
       articles AS (
         SELECT a.id, a.position, a.created_at, coalesce(g.position, 0) AS group_position
         FROM ${tables.article} a LEFT JOIN groups g ON g.id = a.group_id
         WHERE a.law_id = ${lawId}::uuid AND a.parent_id IS NULL AND a.deleted_at IS NULL
       ),
       texts AS (
         SELECT ${lawId}::uuid AS id, 0 AS part, 0 AS group_position, 0 AS position, NULL::timestamptz AS created_at, ${lawId}::uuid AS anchor, 0 AS sub, NULL::timestamptz AS sub_at
         UNION ALL
         SELECT id, 1, 0, position, created_at, id, 0, NULL FROM groups
         UNION ALL
         SELECT id, 2, group_position, position, created_at, id, 0, NULL FROM articles
         UNION ALL
         SELECT m.id, 2, p.group_position, p.position, p.created_at, p.id, 1, m.created_at
         FROM ${tables.article} m JOIN articles p ON p.id = m.parent_id WHERE m.deleted_at IS NULL
       )
       SELECT v.kind, v.text_id::text AS "textId", v.seq, v.hash
       FROM texts t
       JOIN LATERAL (SELECT kind, text_id, seq, hash FROM ${tables.textVersion} tv WHERE tv.text_id = t.id ORDER BY tv.seq DESC LIMIT 1) v ON true
       ORDER BY t.part, t.group_position, t.position, t.created_at, t.anchor, t.sub, t.sub_at, t.id`,
    );
  }

  async insertSeal(seal: LawSeal): Promise<void> {
    await this.db.$executeRaw(
      sql`INSERT INTO ${tables.seal} (law_id, sealed_at, hash, entries, outcomes)
       VALUES (${seal.lawId}::uuid, ${seal.sealedAt}::timestamptz, ${seal.hash}, ${JSON.stringify(seal.entries)}::jsonb, ${JSON.stringify(seal.outcomes)}::jsonb)`,
    );
  }

  async seal(lawId: string): Promise<LawSeal | null> {
    const [row] = await this.db.$queryRaw<{ sealedAt: string; hash: string; entries: SealEntry[]; outcomes: SealOutcome[] }[]>(
      sql`SELECT to_char(sealed_at AT TIME ZONE 'UTC', ${ISO_MS}) AS "sealedAt", hash, entries, outcomes FROM ${tables.seal} WHERE law_id = ${lawId}::uuid`,
    );
    return row ? { lawId, ...row } : null;
  }

  /** The text of that kind (deleted or not) and its document, null when there is none. */
  async textFacts(kind: TextKind, id: string): Promise<TextFacts | null> {
    const query: Record<TextKind, () => Sql> = {
      proposal: () => sql`SELECT p.id::text AS "documentId", NULL AS "lawId", coalesce(l.title, p.title) AS title, p.state, p.user_id::text AS "userId"
                 FROM ${tables.proposal} p LEFT JOIN ${tables.law} l ON l.id = p.id WHERE p.id = ${id}::uuid`,
      law: () => sql`SELECT l.id::text AS "documentId", l.id::text AS "lawId", l.title, NULL AS state, NULL AS "userId" FROM ${tables.law} l WHERE l.id = ${id}::uuid`,
      group: () => sql`SELECT l.id::text AS "documentId", l.id::text AS "lawId", l.title, NULL AS state, NULL AS "userId"
              FROM ${tables.group} g JOIN ${tables.law} l ON l.id = g.law_id WHERE g.id = ${id}::uuid`,
      article: () => sql`SELECT l.id::text AS "documentId", l.id::text AS "lawId", l.title, NULL AS state, NULL AS "userId"
                FROM ${tables.article} a JOIN ${tables.law} l ON l.id = a.law_id WHERE a.id = ${id}::uuid AND a.parent_id IS NULL`,
      amendment: () => sql`SELECT l.id::text AS "documentId", l.id::text AS "lawId", l.title, NULL AS state, NULL AS "userId"
                  FROM ${tables.article} a JOIN ${tables.law} l ON l.id = a.law_id WHERE a.id = ${id}::uuid AND a.parent_id IS NOT NULL`,
    };
    const [row] = await this.db.$queryRaw<{ documentId: string; lawId: string | null; title: string; state: ProposalState | null; userId: string | null }[]>(
      query[kind](),
    );
    if (!row) return null;
    const proposal = row.state && row.userId ? { state: row.state, userId: row.userId } : null;
    return { documentId: row.documentId, lawId: kind === 'proposal' ? null : row.lawId, title: row.title, proposal };
  }
}
