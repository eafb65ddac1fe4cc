import { empty, sql, type SqlExecutor } from '@civic/service-kit';
import type { ItemFacts } from '../domain/content-rules.js';
import { markSignalled } from './law.repository.js';
import { tables } from './tables.js';

export interface StoredArticle extends ItemFacts {
  id: string;
  lawId: string;
  groupId: string | null;
  parentId: string | null;
}

/** Articles and amendments as stored (the facts rules read, and row writes). */
export class ArticleRepository {
  constructor(private readonly db: SqlExecutor) {}

  /** The article or amendment of the law; deleted also when it is an amendment of a deleted article. */
  async facts(lawId: string, articleId: string): Promise<StoredArticle | null> {
    const [row] = await this.db.$queryRaw<StoredArticle[]>(
      sql`SELECT a.id::text AS id, a.law_id::text AS "lawId", a.group_id::text AS "groupId", a.parent_id::text AS "parentId",
         CASE WHEN a.parent_id IS NULL THEN 'article' ELSE 'amendment' END AS kind, a.user_id::text AS "userId",
         a.moderation_status::int AS "moderationStatus", a.scribe_status::int AS "scribeStatus",
         (a.deleted_at IS NOT NULL OR (a.parent_id IS NOT NULL AND EXISTS (SELECT 1 FROM ${tables.article} p WHERE p.id = a.parent_id AND p.deleted_at IS NOT NULL))) AS deleted
       FROM ${tables.article} a WHERE a.id = ${articleId}::uuid AND a.law_id = ${lawId}::uuid`,
    );
    return row ?? null;
  }

  /** An article or amendment by its id alone (sources name their target without its law). */
  async factsAnywhere(articleId: string): Promise<StoredArticle | null> {
    const [row] = await this.db.$queryRaw<{ lawId: string }[]>(sql`SELECT law_id::text AS "lawId" FROM ${tables.article} WHERE id = ${articleId}::uuid`);
    return row ? this.facts(row.lawId, articleId) : null;
  }

  /** Inserts an article at the end of its group (or of the ungrouped ones). */
  async insertArticle(row: { id: string; lawId: string; groupId: string | null; userId: string; body: string; now: Date }): Promise<void> {
    await this.db.$executeRaw(
      sql`INSERT INTO ${tables.article} (id, law_id, group_id, user_id, body, position, created_at, updated_at)
       SELECT ${row.id}::uuid, ${row.lawId}::uuid, ${row.groupId}::uuid, ${row.userId}::uuid, ${row.body}, coalesce(max(position), 0) + 1,
         ${row.now}::timestamptz, ${row.now}::timestamptz
       FROM ${tables.article} WHERE law_id = ${row.lawId}::uuid AND parent_id IS NULL AND group_id IS NOT DISTINCT FROM ${row.groupId}::uuid`,
    );
  }

  /** Inserts an amendment after the article's last one, if the article is still visible; answers whether it did. */
  async insertAmendment(row: { id: string; articleId: string; userId: string; title: string | null; body: string; now: Date }): Promise<boolean> {
    const inserted = await this.db.$executeRaw(
      sql`INSERT INTO ${tables.article} (id, law_id, group_id, parent_id, user_id, title, body, position, created_at, updated_at)
       SELECT ${row.id}::uuid, a.law_id, a.group_id, a.id, ${row.userId}::uuid, ${row.title}, ${row.body},
         (SELECT coalesce(max(position), 0) + 1 FROM ${tables.article} WHERE parent_id = a.id), ${row.now}::timestamptz, ${row.now}::timestamptz
       FROM ${tables.article} a WHERE a.id = ${row.articleId}::uuid AND a.parent_id IS NULL AND a.deleted_at IS NULL`,
    );
    return inserted > 0;
  }

  /** Answers whether a visible text was changed. */
  /** Saves a new text; with `base`, only if the saved text is still that one. */
  async update(id: string, text: { title: string | null; body: string }, now: Date, base?: { title: string | null; body: string }): Promise<boolean> {
    const sameText = base ? sql`AND body = ${base.body} AND title IS NOT DISTINCT FROM ${base.title}` : empty;
    const changed = await this.db.$executeRaw(
      sql`UPDATE ${tables.article} SET title = ${text.title}, body = ${text.body}, updated_at = ${now}::timestamptz WHERE id = ${id}::uuid AND deleted_at IS NULL ${sameText}`,
    );
    return changed > 0;
  }

  /** The saved text of a live (not deleted) article or amendment. */
  async savedText(id: string): Promise<{ title: string | null; body: string } | null> {
    const rows = await this.db.$queryRaw<{ title: string | null; body: string }[]>(
      sql`SELECT title, body FROM ${tables.article} WHERE id = ${id}::uuid AND deleted_at IS NULL`,
    );
    return rows[0] ?? null;
  }

  /** The stored title and body of an article or amendment (deleted or not), its row locked until the transaction ends. */
  async lockText(id: string): Promise<{ title: string | null; body: string } | null> {
    const rows = await this.db.$queryRaw<{ title: string | null; body: string }[]>(sql`SELECT title, body FROM ${tables.article} WHERE id = ${id}::uuid FOR UPDATE`);
    return rows[0] ?? null;
  }

  /** The amendments of an article not deleted on their own, in their order. */
  async liveAmendments(articleId: string): Promise<{ id: string; userId: string }[]> {
    return this.db.$queryRaw<{ id: string; userId: string }[]>(
      sql`SELECT id::text AS id, user_id::text AS "userId" FROM ${tables.article}
       WHERE parent_id = ${articleId}::uuid AND deleted_at IS NULL ORDER BY position, created_at`,
    );
  }

  /** Hides the text (kept, unpinned); answers whether a visible one was. */
  async markDeleted(id: string, by: string, now: Date): Promise<boolean> {
    const changed = await this.db.$executeRaw(
      sql`UPDATE ${tables.article} SET deleted_at = ${now}::timestamptz, deleted_by = ${by}::uuid, pin = false, updated_at = ${now}::timestamptz
       WHERE id = ${id}::uuid AND deleted_at IS NULL`,
    );
    return changed > 0;
  }

  /** Moves the article to the end of another group (or of the ungrouped ones), its amendments with it. */
  async moveToGroup(article: { id: string; lawId: string }, groupId: string | null): Promise<void> {
    await this.db.$executeRaw(
      sql`UPDATE ${tables.article} SET group_id = ${groupId}::uuid,
         position = (SELECT coalesce(max(position), 0) + 1 FROM ${tables.article}
           WHERE law_id = ${article.lawId}::uuid AND parent_id IS NULL AND group_id IS NOT DISTINCT FROM ${groupId}::uuid)
       WHERE id = ${article.id}::uuid`,
    );
    await this.db.$executeRaw(sql`UPDATE ${tables.article} SET group_id = ${groupId}::uuid WHERE parent_id = ${article.id}::uuid`);
  }

  /** The visible articles of one group (or the ungrouped ones) in their order. */
  async positions(lawId: string, groupId: string | null): Promise<{ id: string; position: number }[]> {
    return this.db.$queryRaw<{ id: string; position: number }[]>(
      sql`SELECT id::text AS id, position FROM ${tables.article}
       WHERE law_id = ${lawId}::uuid AND parent_id IS NULL AND deleted_at IS NULL AND group_id IS NOT DISTINCT FROM ${groupId}::uuid
       ORDER BY position, created_at`,
    );
  }

  /** Numbers the articles 1, 2, ... in the order given. */
  async renumber(order: readonly string[]): Promise<void> {
    for (const [position, id] of order.entries()) await this.db.$executeRaw(sql`UPDATE ${tables.article} SET position = ${position + 1} WHERE id = ${id}::uuid`);
  }

  /** Sets the text's moderation or scribe status to 1 if it was 0 and the text is visible; answers whether it did. */
  async markSignalled(id: string, to: 'moderator' | 'scribe', now: Date): Promise<boolean> {
    return markSignalled(this.db, tables.article, id, to, now);
  }

  async pin(id: string, pin: boolean): Promise<void> {
    await this.db.$executeRaw(sql`UPDATE ${tables.article} SET pin = ${pin} WHERE id = ${id}::uuid`);
  }
}
