import type { Creator, LawState } from '@civic/contracts';
import { sql, type Sql, type SqlExecutor } from '@civic/service-kit';
import type { LawFacts } from '../domain/content-rules.js';
import { tables } from './tables.js';

export interface StoredLaw extends LawFacts {
  id: string;
  cycleId: string;
  title: string;
  moderationStatus: number;
  scribeStatus: number;
}

/** Laws as stored (the facts rules read, the row writes of their moderation) and their creators draw. */
export class LawRepository {
  constructor(private readonly db: SqlExecutor) {}

  async facts(id: string): Promise<StoredLaw | null> {
    const [row] = await this.db.$queryRaw<StoredLaw[]>(
      sql`SELECT l.id::text AS id, l.cycle_id::text AS "cycleId", l.title, l.state, l.user_id::text AS "userId", l.deleted_at IS NOT NULL AS deleted,
         l.moderation_status::int AS "moderationStatus", l.scribe_status::int AS "scribeStatus",
         coalesce((SELECT array_agg(lc.user_id::text ORDER BY lc.position) FROM ${tables.creator} lc WHERE lc.law_id = l.id), '{}') AS creators
       FROM ${tables.law} l WHERE l.id = ${id}::uuid`,
    );
    return row ?? null;
  }

  /** The law's state, its row locked until the transaction ends (null when there is no such law). */
  async lockState(id: string): Promise<{ state: LawState; deleted: boolean } | null> {
    const [law] = await this.db.$queryRaw<{ state: LawState; deleted: boolean }[]>(
      sql`SELECT state, deleted_at IS NOT NULL AS deleted FROM ${tables.law} WHERE id = ${id}::uuid FOR UPDATE`,
    );
    return law ?? null;
  }

  async update(id: string, input: { title: string; description: string }, now: Date): Promise<void> {
    await this.db.$executeRaw(
      sql`UPDATE ${tables.law} SET title = ${input.title}, description = ${input.description}, updated_at = ${now}::timestamptz WHERE id = ${id}::uuid`,
    );
  }

  async markDeleted(id: string, by: string, now: Date): Promise<void> {
    await this.db.$executeRaw(
      sql`UPDATE ${tables.law} SET deleted_at = ${now}::timestamptz, deleted_by = ${by}::uuid, pin = false, updated_at = ${now}::timestamptz WHERE id = ${id}::uuid`,
    );
  }

  /** Sets the law's moderation or scribe status to 1 if it was 0 and the law is visible; answers whether it did. */
  async markSignalled(id: string, to: 'moderator' | 'scribe', now: Date): Promise<boolean> {
    return markSignalled(this.db, tables.law, id, to, now);
  }

  async pin(id: string, pin: boolean): Promise<void> {
    await this.db.$executeRaw(sql`UPDATE ${tables.law} SET pin = ${pin} WHERE id = ${id}::uuid`);
  }

  /** The stored draw of a law's cycle. */
  async draw(cycleId: string): Promise<{ seed: string; eligible: string[]; drawnAt: Date; perLaw: number } | null> {
    // The eligible voters come as one JSON text: tens of thousands of ids parse far faster from JSON
    // than from PostgreSQL's array text, element by element, in the driver.
    const [row] = await this.db.$queryRaw<{ seed: string; eligible: string; drawnAt: Date; perLaw: number }[]>(
      sql`SELECT seed, coalesce(array_to_json(eligible), '[]'::json)::text AS eligible, drawn_at AS "drawnAt", per_law AS "perLaw"
       FROM ${tables.draw} WHERE cycle_id = ${cycleId}::uuid`,
    );
    return row ? { ...row, eligible: JSON.parse(row.eligible) as string[] } : null;
  }

  /** The law's creators in the order drawn, with their names. */
  async creatorsOf(lawId: string): Promise<Creator[]> {
    return this.db.$queryRaw<Creator[]>(
      sql`SELECT lc.user_id::text AS "userId", coalesce(c.user_name, '') AS "userName" FROM ${tables.creator} lc
       LEFT JOIN ${tables.citizen} c ON c.user_id = lc.user_id WHERE lc.law_id = ${lawId}::uuid ORDER BY lc.position`,
    );
  }
}

/** The status column each signal sets. */
const signalColumn = { moderator: sql`moderation_status`, scribe: sql`scribe_status` } as const;

/** The one signal write of laws and articles: the status column goes from 0 to 1 on a visible row. */
export async function markSignalled(db: SqlExecutor, table: Sql, id: string, to: 'moderator' | 'scribe', now: Date): Promise<boolean> {
  const column = signalColumn[to];
  const changed = await db.$executeRaw(
    sql`UPDATE ${table} SET ${column} = 1, updated_at = ${now}::timestamptz WHERE id = ${id}::uuid AND ${column} = 0 AND deleted_at IS NULL`,
  );
  return changed > 0;
}
