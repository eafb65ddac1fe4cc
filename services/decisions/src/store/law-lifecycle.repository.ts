import type { SqlExecutor } from '@civic/service-kit';
import type { VotedTextRow } from '../domain/law-lifecycle.js';
import { tables } from './tables.js';

/** The rows the phase machine reads and writes for laws: the creators draw, the start of the final vote, the archive. */
export class LawLifecycleRepository {
  constructor(private readonly db: SqlExecutor) {}

  /** The cycle's voters eligible for the draw: verified, not deleted, not suspended at `at` (unsorted). */
  async drawVoters(cycleId: string, at: Date): Promise<string[]> {
    const rows = await this.db.$queryRawUnsafe<{ id: string }[]>(
      `SELECT DISTINCT v.user_id::text AS id FROM ${tables.vote} v
       JOIN ${tables.proposal} p ON p.id = v.proposal_id
       JOIN ${tables.citizen} c ON c.user_id = v.user_id
       WHERE p.voted_cycle_id = $1::uuid AND c.verified_at IS NOT NULL AND c.deleted_at IS NULL
         AND (c.suspended_until IS NULL OR c.suspended_until <= $2::timestamptz)`,
      cycleId,
      at,
    );
    return rows.map((row) => row.id);
  }

  async insertDraw(draw: { cycleId: string; seed: string; eligible: readonly string[]; at: Date; perLaw: number }): Promise<void> {
    await this.db.$executeRawUnsafe(
      `INSERT INTO ${tables.draw} (cycle_id, seed, eligible, drawn_at, per_law) VALUES ($1::uuid, $2, $3::uuid[], $4::timestamptz, $5)
       ON CONFLICT (cycle_id) DO NOTHING`,
      draw.cycleId,
      draw.seed,
      draw.eligible,
      draw.at,
      draw.perLaw,
    );
  }

  /** The proposals the cycle's vote selected, by rank. */
  async selectedProposals(cycleId: string): Promise<{ id: string; userId: string; title: string; description: string; category: string; rank: number }[]> {
    return this.db.$queryRawUnsafe(
      `SELECT id::text AS id, user_id::text AS "userId", title, description, category, rank FROM ${tables.proposal}
       WHERE voted_cycle_id = $1::uuid AND state = 'selected' ORDER BY rank`,
      cycleId,
    );
  }

  async insertLaw(law: { id: string; cycleId: string; userId: string; title: string; description: string; category: string; rank: number; at: Date }): Promise<void> {
    await this.db.$executeRawUnsafe(
      `INSERT INTO ${tables.law} (id, cycle_id, user_id, title, description, category, rank, state, created_at, updated_at)
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5, $6, $7, 'creation', $8::timestamptz, $8::timestamptz)`,
      law.id,
      law.cycleId,
      law.userId,
      law.title,
      law.description,
      law.category,
      law.rank,
      law.at,
    );
  }

  /** The creators in the order drawn (positions from 1). */
  async insertCreators(lawId: string, creators: readonly string[]): Promise<void> {
    for (const [position, userId] of creators.entries()) {
      await this.db.$executeRawUnsafe(`INSERT INTO ${tables.creator} (law_id, user_id, position) VALUES ($1::uuid, $2::uuid, $3)`, lawId, userId, position + 1);
    }
  }

  async enterFinalVote(cycleId: string, at: Date): Promise<void> {
    await this.db.$executeRawUnsafe(
      `UPDATE ${tables.law} SET state = 'final-vote', updated_at = $2::timestamptz WHERE cycle_id = $1::uuid AND state = 'creation'`,
      cycleId,
      at,
    );
  }

  /** The cycle's laws not yet archived, by rank, locked: this waits for ballots in flight (they hold a share lock on their law) and refuses later ones. */
  async lockUnarchived(cycleId: string): Promise<{ id: string; title: string; deleted: boolean }[]> {
    return this.db.$queryRawUnsafe(
      `SELECT id::text AS id, title, deleted_at IS NOT NULL AS deleted FROM ${tables.law}
       WHERE cycle_id = $1::uuid AND state IN ('creation', 'final-vote') ORDER BY rank FOR UPDATE`,
      cycleId,
    );
  }

  /**
   * The law's visible articles and amendments with their counters. Each ballot moves its text's
   * counters in the same statement that writes it (under the text's row lock), so the counters are the
   * tally: reading them is O(texts), whatever the number of ballots (bench/final-vote-tally.mjs compares
   * with a recount of every ballot row).
   */
  async votedTexts(lawId: string): Promise<VotedTextRow[]> {
    return this.db.$queryRawUnsafe<VotedTextRow[]>(
      `SELECT a.id::text AS id, a.parent_id::text AS "parentId", a.votes_for AS "for", a.votes_against AS against,
         a.votes_neutral AS neutral, a.votes_blank AS blank
       FROM ${tables.article} a
       WHERE a.law_id = $1::uuid AND a.deleted_at IS NULL
         AND (a.parent_id IS NULL OR EXISTS (SELECT 1 FROM ${tables.article} p WHERE p.id = a.parent_id AND p.deleted_at IS NULL))
       ORDER BY a.position, a.id`,
      lawId,
    );
  }

  async storeTextOutcome(articleId: string, winner: boolean, adopted: boolean): Promise<void> {
    await this.db.$executeRawUnsafe(`UPDATE ${tables.article} SET winner = $2, adopted = $3 WHERE id = $1::uuid`, articleId, winner, adopted);
  }

  /** Everyone who cast a ballot on the law's texts, sorted. */
  async voterIds(lawId: string): Promise<string[]> {
    const rows = await this.db.$queryRawUnsafe<{ id: string }[]>(
      `SELECT DISTINCT v.user_id::text AS id FROM ${tables.articleVote} v JOIN ${tables.article} a ON a.id = v.article_id
       WHERE a.law_id = $1::uuid ORDER BY 1`,
      lawId,
    );
    return rows.map((row) => row.id);
  }

  async storeArchive(lawId: string, state: 'adopted' | 'rejected', at: Date, voters: number): Promise<void> {
    await this.db.$executeRawUnsafe(
      `UPDATE ${tables.law} SET state = $2, archived_at = $3::timestamptz, updated_at = $3::timestamptz, voters = $4 WHERE id = $1::uuid`,
      lawId,
      state,
      at,
      voters,
    );
  }
}
