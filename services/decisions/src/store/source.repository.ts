import type { Locale, Source } from '@civic/contracts';
import type { SqlExecutor } from '@civic/service-kit';
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

export const sourceSelect = `SELECT s.id::text AS id, s.law_id::text AS "lawId", s.target_kind AS "targetKind", s.target_id::text AS "targetId",
  s.user_id::text AS "userId", coalesce(ci.user_name, '') AS "userName", s.type::int AS type, s.title, s.author, s.publisher,
  s.publication_date AS "publicationDate", s.url, s.access_date AS "accessDate", s.volume, s.issue, s.pages,
  s.periodical_title AS "periodicalTitle", s.article_title AS "articleTitle", s.director, s.production_company AS "productionCompany",
  s.release_year AS "releaseYear", s.description, s.frequency::int AS frequency, s.pin, s.created_at AS "createdAt", s.updated_at AS "updatedAt"
  FROM ${tables.source} s LEFT JOIN ${tables.citizen} ci ON ci.user_id = s.user_id`;

export function toSource(row: SourceRow, locale: Locale): Source {
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

/** A source's columns from type to frequency, in the order the INSERT and UPDATE of sources list them. */
const sourceColumns = (f: SourceFields) => [
  f.type,
  f.title ?? f.articleTitle ?? '',
  f.author,
  f.publisher,
  f.publicationDate,
  f.url,
  f.accessDate,
  f.volume,
  f.issue,
  f.pages,
  f.periodicalTitle,
  f.articleTitle,
  f.director,
  f.productionCompany,
  f.releaseYear,
  f.description,
  f.frequency,
];

/** Sources (APA 7 references) of laws, articles and amendments as stored: reads and row writes. */
export class SourceRepository {
  constructor(private readonly db: SqlExecutor) {}

  async facts(id: string): Promise<StoredSource | null> {
    const [row] = await this.db.$queryRawUnsafe<StoredSource[]>(
      `SELECT id::text AS id, law_id::text AS "lawId", target_kind AS "targetKind", target_id::text AS "targetId", user_id::text AS "userId",
         deleted_at IS NOT NULL AS deleted FROM ${tables.source} WHERE id = $1::uuid`,
      id,
    );
    return row ?? null;
  }

  async view(id: string, locale: Locale): Promise<Source | null> {
    const [row] = await this.db.$queryRawUnsafe<SourceRow[]>(`${sourceSelect} WHERE s.id = $1::uuid AND s.deleted_at IS NULL`, id);
    return row ? toSource(row, locale) : null;
  }

  async insert(row: { id: string; lawId: string; targetKind: 'law' | 'article'; targetId: string; userId: string; fields: SourceFields; now: Date }): Promise<void> {
    await this.db.$executeRawUnsafe(
      `INSERT INTO ${tables.source} (id, law_id, target_kind, target_id, user_id, type, title, author, publisher, publication_date, url, access_date,
         volume, issue, pages, periodical_title, article_title, director, production_company, release_year, description, frequency, created_at, updated_at)
       VALUES ($1::uuid, $2::uuid, $3, $4::uuid, $5::uuid, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
         $23::timestamptz, $23::timestamptz)`,
      row.id,
      row.lawId,
      row.targetKind,
      row.targetId,
      row.userId,
      ...sourceColumns(row.fields),
      row.now,
    );
  }

  /** Answers whether a visible source was changed. */
  async update(id: string, fields: SourceFields, now: Date): Promise<boolean> {
    const changed = await this.db.$executeRawUnsafe(
      `UPDATE ${tables.source} SET type = $2, title = $3, author = $4, publisher = $5, publication_date = $6, url = $7, access_date = $8,
         volume = $9, issue = $10, pages = $11, periodical_title = $12, article_title = $13, director = $14, production_company = $15,
         release_year = $16, description = $17, frequency = $18, updated_at = $19::timestamptz
       WHERE id = $1::uuid AND deleted_at IS NULL`,
      id,
      ...sourceColumns(fields),
      now,
    );
    return changed > 0;
  }

  /** Hides the source (kept); answers whether a visible one was. */
  async markDeleted(id: string, now: Date): Promise<boolean> {
    const changed = await this.db.$executeRawUnsafe(
      `UPDATE ${tables.source} SET deleted_at = $2::timestamptz, updated_at = $2::timestamptz WHERE id = $1::uuid AND deleted_at IS NULL`,
      id,
      now,
    );
    return changed > 0;
  }

  async pin(id: string, pin: boolean): Promise<void> {
    await this.db.$executeRawUnsafe(`UPDATE ${tables.source} SET pin = $2 WHERE id = $1::uuid`, id, pin);
  }
}
