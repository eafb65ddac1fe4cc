import type { ChatRoomKind, SlowModeSetting } from '@civic/contracts';
import type { SqlExecutor } from '@civic/service-kit';
import type { ChatPrisma } from './prisma.js';
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

/**
 * Rooms as decisions' events describe them. A room is created open, or closed when its cycle has
 * already gone past its phase (events may arrive late); a closed room never reopens.
 */
export class RoomRepository {
  constructor(private readonly prisma: ChatPrisma) {}

  /** Records the furthest phase a cycle reached; answers that index. */
  static async recordPhase(tx: SqlExecutor, cycleId: string, index: number, at: string): Promise<number> {
    const [row] = await tx.$queryRawUnsafe<{ phase_index: number }[]>(
      `INSERT INTO ${tables.cycle} (cycle_id, phase_index, updated_at) VALUES ($1::uuid, $2, $3::timestamptz)
       ON CONFLICT (cycle_id) DO UPDATE SET phase_index = GREATEST(${tables.cycle}.phase_index, EXCLUDED.phase_index), updated_at = EXCLUDED.updated_at
       RETURNING phase_index`,
      cycleId,
      index,
      at,
    );
    return row!.phase_index;
  }

  static async reachedPhase(tx: SqlExecutor, cycleId: string): Promise<number | null> {
    const [row] = await tx.$queryRawUnsafe<{ phase_index: number }[]>(`SELECT phase_index FROM ${tables.cycle} WHERE cycle_id = $1::uuid`, cycleId);
    return row?.phase_index ?? null;
  }

  /** Creates the room when missing (closed at once when `closedAt` is given); never reopens one. */
  static async ensure(tx: SqlExecutor, room: { id: string; kind: ChatRoomKind; cycleId: string; lawId?: string; title?: string; at: string; closedAt: string | null }): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${tables.room} (id, kind, cycle_id, law_id, title, opened_at, closed_at) VALUES ($1, $2, $3::uuid, $4::uuid, $5, $6::timestamptz, $7::timestamptz)
       ON CONFLICT (id) DO UPDATE SET title = COALESCE(EXCLUDED.title, ${tables.room}.title),
         closed_at = COALESCE(${tables.room}.closed_at, EXCLUDED.closed_at)`,
      room.id,
      room.kind,
      room.cycleId,
      room.lawId ?? null,
      room.title ?? null,
      room.at,
      room.closedAt,
    );
  }

  /** Closes the rooms (creating them closed when unknown); answers those that were open. */
  static async close(tx: SqlExecutor, where: { ids?: string[]; cycleId?: string; kind?: ChatRoomKind }, at: string): Promise<string[]> {
    const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
      `UPDATE ${tables.room} SET closed_at = $1::timestamptz
       WHERE closed_at IS NULL AND (($2::text[] IS NOT NULL AND id = ANY($2::text[])) OR ($3::uuid IS NOT NULL AND cycle_id = $3::uuid AND kind = $4))
       RETURNING id`,
      at,
      where.ids ?? null,
      where.cycleId ?? null,
      where.kind ?? null,
    );
    return rows.map((row) => row.id);
  }

  async byId(id: string): Promise<RoomRow | null> {
    const room = await this.prisma.room.findUnique({ where: { id } });
    return room ? asRow(room) : null;
  }

  /** Stores a room's slow mode; null when there is no such room. */
  async setSlowMode(id: string, setting: { mode: SlowModeSetting; intervalS: number | null }): Promise<RoomRow | null> {
    const [room] = await this.prisma.room.updateManyAndReturn({ where: { id }, data: { slowMode: setting.mode, slowModeIntervalS: setting.intervalS } });
    return room ? asRow(room) : null;
  }
}

/** The row with its text columns narrowed to the values the service writes. */
function asRow(room: Omit<RoomRow, 'kind' | 'slowMode'> & { kind: string; slowMode: string }): RoomRow {
  return { ...room, kind: room.kind as ChatRoomKind, slowMode: room.slowMode as SlowModeSetting };
}
