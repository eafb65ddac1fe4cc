import type { ChatRoomKind, SlowModeSetting } from '@civic/contracts';
import { sql, type SqlExecutor } from '@civic/service-kit';
import { tables } from './tables.js';

export interface RoomRow {
  id: string;
  kind: ChatRoomKind;
  cycleId: string;
  lawId: string | null;
  title: string | null;
  openedAt: Date;
  closedAt: Date | null;
  slowMode: SlowModeSetting;
  /** null: CHAT_SLOW_MODE_INTERVAL_S. */
  slowModeIntervalS: number | null;
}

/** Every column of `room`, named as RoomRow names them (its text columns hold only the values the service writes). */
const columns = sql`id, kind, cycle_id AS "cycleId", law_id AS "lawId", title, opened_at AS "openedAt", closed_at AS "closedAt",
  slow_mode AS "slowMode", slow_mode_interval_s AS "slowModeIntervalS"`;

/**
 * Rooms as decisions' events describe them. A room is created open, or closed when its cycle has
 * already gone past its phase (events may arrive late); a closed room never reopens.
 */
export class RoomRepository {
  constructor(private readonly db: SqlExecutor) {}

  /** Records the furthest phase a cycle reached; answers that index. */
  static async recordPhase(tx: SqlExecutor, cycleId: string, index: number, at: string): Promise<number> {
    const [row] = await tx.$queryRaw<{ phase_index: number }[]>(
      sql`INSERT INTO ${tables.cycle} (cycle_id, phase_index, updated_at) VALUES (${cycleId}::uuid, ${index}, ${at}::timestamptz)
          ON CONFLICT (cycle_id) DO UPDATE SET phase_index = GREATEST(${tables.cycle}.phase_index, EXCLUDED.phase_index), updated_at = EXCLUDED.updated_at
          RETURNING phase_index`,
    );
    return row!.phase_index;
  }

  static async reachedPhase(tx: SqlExecutor, cycleId: string): Promise<number | null> {
    const [row] = await tx.$queryRaw<{ phase_index: number }[]>(sql`SELECT phase_index FROM ${tables.cycle} WHERE cycle_id = ${cycleId}::uuid`);
    return row?.phase_index ?? null;
  }

  /** Creates the room when missing (closed at once when `closedAt` is given); never reopens one. */
  static async ensure(tx: SqlExecutor, room: { id: string; kind: ChatRoomKind; cycleId: string; lawId?: string; title?: string; at: string; closedAt: string | null }): Promise<void> {
    await tx.$executeRaw(
      sql`INSERT INTO ${tables.room} (id, kind, cycle_id, law_id, title, opened_at, closed_at)
          VALUES (${room.id}, ${room.kind}, ${room.cycleId}::uuid, ${room.lawId ?? null}::uuid, ${room.title ?? null}, ${room.at}::timestamptz, ${room.closedAt}::timestamptz)
          ON CONFLICT (id) DO UPDATE SET title = COALESCE(EXCLUDED.title, ${tables.room}.title),
            closed_at = COALESCE(${tables.room}.closed_at, EXCLUDED.closed_at)`,
    );
  }

  /** Closes the rooms (creating them closed when unknown); answers those that were open. */
  static async close(tx: SqlExecutor, where: { ids?: string[]; cycleId?: string; kind?: ChatRoomKind }, at: string): Promise<string[]> {
    const ids = where.ids ?? null;
    const cycleId = where.cycleId ?? null;
    const rows = await tx.$queryRaw<{ id: string }[]>(
      sql`UPDATE ${tables.room} SET closed_at = ${at}::timestamptz
          WHERE closed_at IS NULL AND ((${ids}::text[] IS NOT NULL AND id = ANY(${ids}::text[])) OR (${cycleId}::uuid IS NOT NULL AND cycle_id = ${cycleId}::uuid AND kind = ${where.kind ?? null}))
          RETURNING id`,
    );
    return rows.map((row) => row.id);
  }

  async byId(id: string): Promise<RoomRow | null> {
    const rows = await this.db.$queryRaw<RoomRow[]>(sql`SELECT ${columns} FROM ${tables.room} WHERE id = ${id}`);
    return rows[0] ?? null;
  }

  /** The rooms of these ids that exist, in no particular order. */
  async byIds(ids: string[]): Promise<RoomRow[]> {
    if (ids.length === 0) return [];
    return this.db.$queryRaw<RoomRow[]>(sql`SELECT ${columns} FROM ${tables.room} WHERE id = ANY(${ids}::text[])`);
  }

  /** Stores a room's slow mode; null when there is no such room. */
  async setSlowMode(id: string, setting: { mode: SlowModeSetting; intervalS: number | null }): Promise<RoomRow | null> {
    const rows = await this.db.$queryRaw<RoomRow[]>(
      sql`UPDATE ${tables.room} SET slow_mode = ${setting.mode}, slow_mode_interval_s = ${setting.intervalS} WHERE id = ${id} RETURNING ${columns}`,
    );
    return rows[0] ?? null;
  }
}
