import type { DraftTextKind } from '@civic/contracts';
import { sql, type SqlExecutor } from '@civic/service-kit';
import { tables } from './tables.js';

/** A text typed live, as stored. */
export interface DraftDocumentRow {
  textId: string;
  lawId: string;
  kind: DraftTextKind;
  /** The text of the last version written: what the next settle is based on. */
  baseBody: string;
  /** The last update that version holds. */
  settledSeq: bigint;
}

/** An update typed since the last version: who typed it, and how long ago (database clock). */
export interface TypedUpdate {
  seq: bigint;
  userId: string | null;
  ageMs: number;
}

const documentColumns = sql`text_id::text AS "textId", law_id::text AS "lawId", kind, base_body AS "baseBody", settled_seq AS "settledSeq"`;

/**
 * Live co-drafting's rows (docs/co-drafting.md#persistence): each law's creators, each text's
 * document and the updates typed in it. No rules, no events.
 */
export class DraftRepository {
  constructor(private readonly db: SqlExecutor) {}

  /** The law's creators become exactly `userIds` (the draw names them all). */
  async replaceCreators(lawId: string, userIds: readonly string[]): Promise<void> {
    await this.db.$executeRaw(sql`DELETE FROM ${tables.lawCreator} WHERE law_id = ${lawId}::uuid AND NOT (user_id = ANY(${[...userIds]}::uuid[]))`);
    if (userIds.length === 0) return;
    await this.db.$executeRaw(
      sql`INSERT INTO ${tables.lawCreator} (law_id, user_id) SELECT ${lawId}::uuid, unnest(${[...userIds]}::uuid[]) ON CONFLICT DO NOTHING`,
    );
  }

  /** Whether the member is a creator of the law, and whether its creation room is open (one round trip). */
  async lawFacts(lawId: string, userId: string): Promise<{ creator: boolean; open: boolean }> {
    const [row] = await this.db.$queryRaw<{ creator: boolean; open: boolean | null }[]>(
      sql`SELECT EXISTS (SELECT 1 FROM ${tables.lawCreator} WHERE law_id = ${lawId}::uuid AND user_id = ${userId}::uuid) AS creator,
                 (SELECT closed_at IS NULL FROM ${tables.room} WHERE id = ${`law:${lawId}:creation`}) AS open`,
    );
    return { creator: row?.creator === true, open: row?.open === true };
  }

  async document(textId: string): Promise<DraftDocumentRow | null> {
    const rows = await this.db.$queryRaw<DraftDocumentRow[]>(sql`SELECT ${documentColumns} FROM ${tables.draftDocument} WHERE text_id = ${textId}::uuid`);
    return rows[0] ?? null;
  }

  /** The document, its row locked until the transaction ends (a settle, one at a time across pods). */
  async lockDocument(textId: string): Promise<DraftDocumentRow | null> {
    const rows = await this.db.$queryRaw<DraftDocumentRow[]>(sql`SELECT ${documentColumns} FROM ${tables.draftDocument} WHERE text_id = ${textId}::uuid FOR UPDATE`);
    return rows[0] ?? null;
  }

  /** Creates the document unless it exists; answers whether this call created it (concurrent ones wait for the first). */
  async insertDocument(document: { textId: string; lawId: string; kind: DraftTextKind; baseBody: string; at: Date }): Promise<boolean> {
    const inserted = await this.db.$executeRaw(
      sql`INSERT INTO ${tables.draftDocument} (text_id, law_id, kind, base_body, created_at)
          VALUES (${document.textId}::uuid, ${document.lawId}::uuid, ${document.kind}, ${document.baseBody}, ${document.at})
          ON CONFLICT (text_id) DO NOTHING`,
    );
    return inserted > 0;
  }

  /**
   * Appends one update; answers its position. One statement: the foreign key's share lock on the
   * document row makes it wait for a settle holding the row, and a settle wait for it.
   */
  async append(textId: string, userId: string | null, data: Uint8Array): Promise<bigint> {
    const [row] = await this.db.$queryRaw<{ seq: bigint }[]>(
      sql`INSERT INTO ${tables.draftUpdate} (text_id, user_id, data) VALUES (${textId}::uuid, ${userId}::uuid, ${data}) RETURNING seq`,
    );
    return row!.seq;
  }

  /** Records `userId` as the writer of each client id of the text that has none yet. */
  async insertWriters(textId: string, userId: string, clientIds: readonly number[]): Promise<void> {
    await this.db.$executeRaw(
      sql`INSERT INTO ${tables.draftWriter} (text_id, client_id, user_id)
          SELECT ${textId}::uuid, unnest(${[...clientIds]}::bigint[]), ${userId}::uuid ON CONFLICT DO NOTHING`,
    );
  }

  /** The member who writes under each client id of the text (of `clientIds` only, when given). */
  async writers(textId: string, clientIds?: readonly number[]): Promise<Map<number, string>> {
    const rows = await this.db.$queryRaw<{ clientId: bigint; userId: string }[]>(
      clientIds
        ? sql`SELECT client_id AS "clientId", user_id::text AS "userId" FROM ${tables.draftWriter} WHERE text_id = ${textId}::uuid AND client_id = ANY(${[...clientIds]}::bigint[])`
        : sql`SELECT client_id AS "clientId", user_id::text AS "userId" FROM ${tables.draftWriter} WHERE text_id = ${textId}::uuid`,
    );
    return new Map(rows.map((row) => [Number(row.clientId), row.userId]));
  }

  /** Every stored update of the text, in the order they came. */
  async updates(textId: string): Promise<{ seq: bigint; data: Uint8Array }[]> {
    return this.db.$queryRaw<{ seq: bigint; data: Uint8Array }[]>(sql`SELECT seq, data FROM ${tables.draftUpdate} WHERE text_id = ${textId}::uuid ORDER BY seq`);
  }

  /** The updates after position `seq`, oldest first, without their bytes. */
  async typedSince(textId: string, seq: bigint): Promise<TypedUpdate[]> {
    return this.db.$queryRaw<TypedUpdate[]>(
      sql`SELECT seq, user_id::text AS "userId", (EXTRACT(EPOCH FROM clock_timestamp() - at) * 1000)::float8 AS "ageMs"
          FROM ${tables.draftUpdate} WHERE text_id = ${textId}::uuid AND seq > ${seq} ORDER BY seq`,
    );
  }

  /** The position up to which the text is written, and the text written. */
  async setSettled(textId: string, settled: { baseBody: string; seq: bigint }): Promise<void> {
    await this.db.$executeRaw(sql`UPDATE ${tables.draftDocument} SET base_body = ${settled.baseBody}, settled_seq = ${settled.seq} WHERE text_id = ${textId}::uuid`);
  }

  /** Replaces the updates up to `seq` with `merged`, kept at position `seq` and typed by nobody. */
  async compact(textId: string, seq: bigint, merged: Uint8Array): Promise<void> {
    await this.db.$executeRaw(sql`UPDATE ${tables.draftUpdate} SET data = ${merged}, user_id = NULL WHERE seq = ${seq}`);
    await this.db.$executeRaw(sql`DELETE FROM ${tables.draftUpdate} WHERE text_id = ${textId}::uuid AND seq < ${seq}`);
  }

  /** Sets the text the next settle is based on; answers false when the text has no document here. */
  async setBaseBody(textId: string, body: string): Promise<boolean> {
    return (await this.db.$executeRaw(sql`UPDATE ${tables.draftDocument} SET base_body = ${body} WHERE text_id = ${textId}::uuid`)) > 0;
  }
}
