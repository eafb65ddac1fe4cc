import { sql, type SqlExecutor } from '@civic/service-kit';
import { tables } from './tables.js';

/** The named groups of a law's articles as stored: reads and row writes. */
export class GroupRepository {
  constructor(private readonly db: SqlExecutor) {}

  async byId(lawId: string, groupId: string): Promise<{ id: string; deleted: boolean } | null> {
    const [row] = await this.db.$queryRaw<{ id: string; deleted: boolean }[]>(
      sql`SELECT id::text AS id, deleted_at IS NOT NULL AS deleted FROM ${tables.group} WHERE id = ${groupId}::uuid AND law_id = ${lawId}::uuid`,
    );
    return row ?? null;
  }

  /** Whether the law has this group, not deleted. */
  async exists(lawId: string, groupId: string): Promise<boolean> {
    const [group] = await this.db.$queryRaw<{ ok: boolean }[]>(
      sql`SELECT true AS ok FROM ${tables.group} WHERE id = ${groupId}::uuid AND law_id = ${lawId}::uuid AND deleted_at IS NULL`,
    );
    return group !== undefined;
  }

  /** Inserts the group after the law's last one. */
  async insert(row: { id: string; lawId: string; name: string; now: Date }): Promise<void> {
    await this.db.$executeRaw(
      sql`INSERT INTO ${tables.group} (id, law_id, name, position, created_at)
       SELECT ${row.id}::uuid, ${row.lawId}::uuid, ${row.name}, coalesce(max(position), 0) + 1, ${row.now}::timestamptz
       FROM ${tables.group} WHERE law_id = ${row.lawId}::uuid`,
    );
  }

  /** Answers whether a visible group was renamed. */
  async rename(lawId: string, groupId: string, name: string): Promise<boolean> {
    const changed = await this.db.$executeRaw(
      sql`UPDATE ${tables.group} SET name = ${name} WHERE id = ${groupId}::uuid AND law_id = ${lawId}::uuid AND deleted_at IS NULL`,
    );
    return changed > 0;
  }

  /** Hides the group (kept); answers whether a visible one was. */
  async markDeleted(lawId: string, groupId: string, now: Date): Promise<boolean> {
    const changed = await this.db.$executeRaw(
      sql`UPDATE ${tables.group} SET deleted_at = ${now}::timestamptz WHERE id = ${groupId}::uuid AND law_id = ${lawId}::uuid AND deleted_at IS NULL`,
    );
    return changed > 0;
  }

  /** The group's articles leave it, after the law's ungrouped articles in their order; its amendments follow them. */
  async ungroupArticles(lawId: string, groupId: string): Promise<void> {
    await this.db.$executeRaw(
      sql`UPDATE ${tables.article} a SET group_id = NULL,
         position = (SELECT coalesce(max(position), 0) FROM ${tables.article} WHERE law_id = ${lawId}::uuid AND group_id IS NULL AND parent_id IS NULL) + a.position
       WHERE a.group_id = ${groupId}::uuid AND a.parent_id IS NULL`,
    );
    await this.db.$executeRaw(sql`UPDATE ${tables.article} SET group_id = NULL WHERE group_id = ${groupId}::uuid`);
  }

  /** The law's visible groups in their order. */
  async positions(lawId: string): Promise<{ id: string; position: number }[]> {
    return this.db.$queryRaw<{ id: string; position: number }[]>(
      sql`SELECT id::text AS id, position FROM ${tables.group} WHERE law_id = ${lawId}::uuid AND deleted_at IS NULL ORDER BY position, created_at`,
    );
  }

  /** Numbers the groups 1, 2, ... in the order given. */
  async renumber(order: readonly string[]): Promise<void> {
    for (const [position, id] of order.entries()) await this.db.$executeRaw(sql`UPDATE ${tables.group} SET position = ${position + 1} WHERE id = ${id}::uuid`);
  }
}
