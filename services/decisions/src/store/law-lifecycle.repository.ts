import { sql, type SqlExecutor } from '@civic/service-kit';
import type { DrawVoter } from '../domain/creators-draw.js';
import type { VotedTextRow } from '../domain/law-lifecycle.js';
import { tables } from './tables.js';

/** The rows the phase machine reads and writes for laws: the creators draw, the start of the final vote, the archive. */
export class LawLifecycleRepository {
  constructor(private readonly db: SqlExecutor) {}

  /** Everyone who voted on a proposal of the cycle, with their standing in the citizen projection (unsorted; drawEligible decides). */
  async cycleVoters(cycleId: string): Promise<DrawVoter[]> {
    return this.db.$queryRaw<DrawVoter[]>(
      sql`SELECT DISTINCT v.user_id::text AS id, c.verified_at IS NOT NULL AS verified, c.deleted_at IS NOT NULL AS deleted,
         c.suspended_until AS "suspendedUntil"
       FROM ${tables.vote} v
       JOIN ${tables.proposal} p ON p.id = v.proposal_id
       LEFT JOIN ${tables.citizen} c ON c.user_id = v.user_id
       WHERE p.voted_cycle_id = ${cycleId}::uuid`,
    );
  }

  async insertDraw(draw: { cycleId: string; seed: string; eligible: readonly string[]; at: Date; perLaw: number }): Promise<void> {
    await this.db.$executeRaw(
      sql`INSERT INTO ${tables.draw} (cycle_id, seed, eligible, drawn_at, per_law)
       VALUES (${draw.cycleId}::uuid, ${draw.seed}, ${draw.eligible}::uuid[], ${draw.at}::timestamptz, ${draw.perLaw})
       ON CONFLICT (cycle_id) DO NOTHING`,
    );
  }

  /** The proposals the cycle's vote selected, by rank. */
  async selectedProposals(cycleId: string): Promise<{ id: string; userId: string; title: string; description: string; category: string; rank: number }[]> {
    return this.db.$queryRaw(
      sql`SELECT id::text AS id, user_id::text AS "userId", title, description, category, rank FROM ${tables.proposal}
       WHERE voted_cycle_id = ${cycleId}::uuid AND state = 'selected' ORDER BY rank`,
    );
  }

  async insertLaw(law: { id: string; cycleId: string; userId: string; title: string; description: string; category: string; rank: number; at: Date }): Promise<void> {
    await this.db.$executeRaw(
      sql`INSERT INTO ${tables.law} (id, cycle_id, user_id, title, description, category, rank, state, created_at, updated_at)
       VALUES (${law.id}::uuid, ${law.cycleId}::uuid, ${law.userId}::uuid, ${law.title}, ${law.description}, ${law.category}, ${law.rank}, 'creation',
         ${law.at}::timestamptz, ${law.at}::timestamptz)`,
    );
  }

  /** The creators in the order drawn (positions from 1). */
  async insertCreators(lawId: string, creators: readonly string[]): Promise<void> {
    for (const [position, userId] of creators.entries()) {
      await this.db.$executeRaw(sql`INSERT INTO ${tables.creator} (law_id, user_id, position) VALUES (${lawId}::uuid, ${userId}::uuid, ${position + 1})`);
    }
  }

  async enterFinalVote(cycleId: string, at: Date): Promise<void> {
    await this.db.$executeRaw(
      sql`UPDATE ${tables.law} SET state = 'final-vote', updated_at = ${at}::timestamptz WHERE cycle_id = ${cycleId}::uuid AND state = 'creation'`,
    );
  }

  /** The cycle's laws not yet archived, by rank, locked: this waits for ballots in flight (they hold a share lock on their law) and refuses later ones. */
  async lockUnarchived(cycleId: string): Promise<{ id: string; title: string; deleted: boolean }[]> {
    return this.db.$queryRaw(
      sql`SELECT id::text AS id, title, deleted_at IS NOT NULL AS deleted FROM ${tables.law}
       WHERE cycle_id = ${cycleId}::uuid AND state IN ('creation', 'final-vote') ORDER BY rank FOR UPDATE`,
    );
  }

  /**
   * The law's visible articles and amendments with their counters. Each ballot moves its text's
   * counters in the same statement that writes it (under the text's row lock), so the counters are the
   * tally: reading them is O(texts), whatever the number of ballots (bench/final-vote-tally.mjs compares
   * with a recount of every ballot row).
   */
  async votedTexts(lawId: string): Promise<VotedTextRow[]> {
    return this.db.$queryRaw<VotedTextRow[]>(
      sql`SELECT a.id::text AS id, a.parent_id::text AS "parentId", a.votes_for AS "for", a.votes_against AS against,
         a.votes_neutral AS neutral, a.votes_blank AS blank
       FROM ${tables.article} a
       WHERE a.law_id = ${lawId}::uuid AND a.deleted_at IS NULL
         AND (a.parent_id IS NULL OR EXISTS (SELECT 1 FROM ${tables.article} p WHERE p.id = a.parent_id AND p.deleted_at IS NULL))
       ORDER BY a.position, a.id`,
    );
  }

  async storeTextOutcome(articleId: string, winner: boolean, adopted: boolean): Promise<void> {
    await this.db.$executeRaw(sql`UPDATE ${tables.article} SET winner = ${winner}, adopted = ${adopted} WHERE id = ${articleId}::uuid`);
  }

  /** Everyone who cast a ballot on the law's texts, sorted. */
  async voterIds(lawId: string): Promise<string[]> {
    const rows = await this.db.$queryRaw<{ id: string }[]>(
      sql`SELECT DISTINCT v.user_id::text AS id FROM ${tables.articleVote} v JOIN ${tables.article} a ON a.id = v.article_id
       WHERE a.law_id = ${lawId}::uuid ORDER BY 1`,
    );
    return rows.map((row) => row.id);
  }

  async storeArchive(lawId: string, state: 'adopted' | 'rejected', at: Date, voters: number): Promise<void> {
    await this.db.$executeRaw(
      sql`UPDATE ${tables.law} SET state = ${state}, archived_at = ${at}::timestamptz, updated_at = ${at}::timestamptz, voters = ${voters} WHERE id = ${lawId}::uuid`,
    );
  }
}
