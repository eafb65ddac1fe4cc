import type { SqlExecutor } from '@civic/service-kit';
import { tables } from './tables.js';

/** The named groups of a law's articles as stored: reads and row writes. */
export class GroupRepository {
  constructor(private readonly db: SqlExecutor) {}

  async byId(lawId: string, groupId: string): Promise<{ id: string; deleted: boolean } | null> {
    const [row] = await this.db.$queryRawUnsafe<{ id: string; deleted: boolean }[]>(
      `SELECT id::text AS id, deleted_at IS NOT NULL AS deleted FROM ${tables.group} WHERE id = $1::uuid AND law_id = $2::uuid`,
      groupId,
      lawId,
    );
    return row ?? null;
  }

  /** Whether the law has this group, not deleted. */
  async exists(lawId: string, groupId: string): Promise<boolean> {
    const [group] = await this.db.$queryRawUnsafe<{ ok: boolean }[]>(
      `SELECT true AS ok FROM ${tables.group} WHERE id = $1::uuid AND law_id = $2::uuid AND deleted_at IS NULL`,
      groupId,
      lawId,
    );
    return group !== undefined;
  }

  /** Inserts the group after the law's last one. */
  async insert(row: { id: string; lawId: string; name: string; now: Date }): Promise<void> {
    await this.db.$executeRawUnsafe(
      `INSERT INTO ${tables.group} (id, law_id, name, position, created_at)
       SELECT $1::uuid, $2::uuid, $3, coalesce(max(position), 0) + 1, $4::timestamptz FROM ${tables.group} WHERE law_id = $2::uuid`,
      row.id,
      row.lawId,
      row.name,
      row.now,
    );
  }

  /** Answers whether a visible group was renamed. */
  async rename(lawId: string, groupId: string, name: string): Promise<boolean> {
    const changed = await this.db.$executeRawUnsafe(`UPDATE ${tables.group} SET name = $3 WHERE id = $1::uuid AND law_id = $2::uuid AND deleted_at IS NULL`, groupId, lawId, name);
    return changed > 0;
  }

  /** Hides the group (kept); answers whether a visible one was. */
  async markDeleted(lawId: string, groupId: string, now: Date): Promise<boolean> {
    const changed = await this.db.$executeRawUnsafe(
      `UPDATE ${tables.group} SET deleted_at = $3::timestamptz WHERE id = $1::uuid AND law_id = $2::uuid AND deleted_at IS NULL`,
      groupId,
      lawId,
      now,
    );
    return changed > 0;
  }

  /** The group's articles leave it, after the law's ungrouped articles in their order; its amendments follow them. */
  async ungroupArticles(lawId: string, groupId: string): Promise<void> {
    await this.db.$executeRawUnsafe(
      `UPDATE ${tables.article} a SET group_id = NULL,
         position = (SELECT coalesce(max(position), 0) FROM ${tables.article} WHERE law_id = $2::uuid AND group_id IS NULL AND parent_id IS NULL) + a.position
       WHERE a.group_id = $1::uuid AND a.parent_id IS NULL`,
      groupId,
      lawId,
    );
    await this.db.$executeRawUnsafe(`UPDATE ${tables.article} SET group_id = NULL WHERE group_id = $1::uuid`, groupId);
  }

  /** The law's visible groups in their order. */
  async positions(lawId: string): Promise<{ id: string; position: number }[]> {
    return this.db.$queryRawUnsafe<{ id: string; position: number }[]>(
      `SELECT id::text AS id, position FROM ${tables.group} WHERE law_id = $1::uuid AND deleted_at IS NULL ORDER BY position, created_at`,
      lawId,
    );
  }

  /** Numbers the groups 1, 2, ... in the order given. */
  async renumber(order: readonly string[]): Promise<void> {
    for (const [position, id] of order.entries()) await this.db.$executeRawUnsafe(`UPDATE ${tables.group} SET position = $2 WHERE id = $1::uuid`, id, position + 1);
  }
}
