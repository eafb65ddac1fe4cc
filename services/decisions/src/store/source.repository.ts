import type { Locale } from '@civic/contracts';
import { join, sql, type Sql, type SqlExecutor } from '@civic/service-kit';
import type { SourceRecord } from '../domain/permitted-actions.js';
import { renderApa, type SourceFields } from '../domain/sources.js';
import { tables } from './tables.js';

export interface SourceRow extends SourceFields {
  id: string;
  lawId: string;
  targetKind: 'law' | 'article';
  targetId: string;
  userId: string;
  userName: string;
  pin: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const sourceSelect = sql`SELECT s.id::text AS id, s.law_id::text AS "lawId", s.target_kind AS "targetKind", s.target_id::text AS "targetId",
  s.user_id::text AS "userId", coalesce(ci.user_name, '') AS "userName", s.type::int AS type, s.title, s.author, s.publisher,
  s.publication_date AS "publicationDate", s.url, s.access_date AS "accessDate", s.volume, s.issue, s.pages,
  s.periodical_title AS "periodicalTitle", s.article_title AS "articleTitle", s.director, s.production_company AS "productionCompany",
  s.release_year AS "releaseYear", s.description, s.frequency::int AS frequency, s.pin, s.created_at AS "createdAt", s.updated_at AS "updatedAt"
  FROM ${tables.source} s LEFT JOIN ${tables.citizen} ci ON ci.user_id = s.user_id`;

export function toSource(row: SourceRow, locale: Locale): SourceRecord {
  const fields: SourceFields = {
    type: row.type,
    title: row.title,
    author: row.author,
    publisher: row.publisher,
    publicationDate: row.publicationDate,
    url: row.url,
    accessDate: row.accessDate,
    volume: row.volume,
    issue: row.issue,
    pages: row.pages,
    periodicalTitle: row.periodicalTitle,
    articleTitle: row.articleTitle,
    director: row.director,
    productionCompany: row.productionCompany,
    releaseYear: row.releaseYear,
    description: row.description,
    frequency: row.frequency,
  };
  return {
    ...fields,
    id: row.id,
    lawId: row.lawId,
    targetKind: row.targetKind,
    targetId: row.targetId,
    userId: row.userId,
    userName: row.userName,
    pin: row.pin,
    apa: renderApa(fields, locale),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface StoredSource {
  id: string;
  lawId: string;
  targetKind: 'law' | 'article';
  targetId: string;
  userId: string;
  deleted: boolean;
}

/** A source's columns from type to frequency with their values, as the INSERT and UPDATE of sources write them. */
const sourceColumns = (f: SourceFields): [Sql, unknown][] => [
  [sql`type`, f.type],
  [sql`title`, f.title ?? f.articleTitle ?? ''],
  [sql`author`, f.author],
  [sql`publisher`, f.publisher],
  [sql`publication_date`, f.publicationDate],
  [sql`url`, f.url],
  [sql`access_date`, f.accessDate],
  [sql`volume`, f.volume],
  [sql`issue`, f.issue],
  [sql`pages`, f.pages],
  [sql`periodical_title`, f.periodicalTitle],
  [sql`article_title`, f.articleTitle],
  [sql`director`, f.director],
  [sql`production_company`, f.productionCompany],
  [sql`release_year`, f.releaseYear],
  [sql`description`, f.description],
  [sql`frequency`, f.frequency],
];

/** Sources (APA 7 references) of laws, articles and amendments as stored: reads and row writes. */
export class SourceRepository {
  constructor(private readonly db: SqlExecutor) {}

  async facts(id: string): Promise<StoredSource | null> {
    const [row] = await this.db.$queryRaw<StoredSource[]>(
      sql`SELECT id::text AS id, law_id::text AS "lawId", target_kind AS "targetKind", target_id::text AS "targetId", user_id::text AS "userId",
         deleted_at IS NOT NULL AS deleted FROM ${tables.source} WHERE id = ${id}::uuid`,
    );
    return row ?? null;
  }

  async view(id: string, locale: Locale): Promise<SourceRecord | null> {
    const [row] = await this.db.$queryRaw<SourceRow[]>(sql`${sourceSelect} WHERE s.id = ${id}::uuid AND s.deleted_at IS NULL`);
    return row ? toSource(row, locale) : null;
  }

  async insert(row: { id: string; lawId: string; targetKind: 'law' | 'article'; targetId: string; userId: string; fields: SourceFields; now: Date }): Promise<void> {
    const columns = sourceColumns(row.fields);
    await this.db.$executeRaw(
      sql`INSERT INTO ${tables.source} (id, law_id, target_kind, target_id, user_id, ${join(columns.map(([column]) => column))}, created_at, updated_at)
       VALUES (${row.id}::uuid, ${row.lawId}::uuid, ${row.targetKind}, ${row.targetId}::uuid, ${row.userId}::uuid, ${join(columns.map(([, value]) => value))},
         ${row.now}::timestamptz, ${row.now}::timestamptz)`,
    );
  }

  /** Answers whether a visible source was changed. */
  async update(id: string, fields: SourceFields, now: Date): Promise<boolean> {
    const assignments = sourceColumns(fields).map(([column, value]) => sql`${column} = ${value}`);
    const changed = await this.db.$executeRaw(
      sql`UPDATE ${tables.source} SET ${join(assignments)}, updated_at = ${now}::timestamptz WHERE id = ${id}::uuid AND deleted_at IS NULL`,
    );
    return changed > 0;
  }

  /** Hides the source (kept); answers whether a visible one was. */
  async markDeleted(id: string, now: Date): Promise<boolean> {
    const changed = await this.db.$executeRaw(
      sql`UPDATE ${tables.source} SET deleted_at = ${now}::timestamptz, updated_at = ${now}::timestamptz WHERE id = ${id}::uuid AND deleted_at IS NULL`,
    );
    return changed > 0;
  }

  async pin(id: string, pin: boolean): Promise<void> {
    await this.db.$executeRaw(sql`UPDATE ${tables.source} SET pin = ${pin} WHERE id = ${id}::uuid`);
  }
}
