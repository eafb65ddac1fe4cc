import { LawArchived, LawCreated, LawCreatorsDrawn } from '@civic/contracts';
import { enqueueEvent, newEvent, type SqlExecutor } from '@civic/service-kit';
import { canonicalEligible, drawCreators } from '../domain/creators-draw.js';
import { decideLaw, type Counts, type VotedArticle } from '../domain/final-vote.js';
import { SCHEMA } from './prisma.js';
import { tables } from './tables.js';

/** LawArchived carries at most this many voters per event (its contract's maxItems). */
export const VOTERS_PER_EVENT = 1000;

/**
 * What the phase machine does to laws, inside the scheduler's transaction: the creators draw when a
 * cycle's vote closes (it enters creation), the start of the final vote, and the result computed once
 * and stored when the final vote ends, with their events.
 */
export const LawLifecycle = {
  /**
   * Each selected proposal of the cycle becomes a law in creation (same id), with its creators drawn
   * from the voters of the cycle (verified, not deleted, not suspended at `at`) with the published seed.
   */
  async createLaws(tx: SqlExecutor, cycleId: string, seed: string, at: Date, perLaw: number): Promise<void> {
    const voters = await tx.$queryRawUnsafe<{ id: string }[]>(
      `SELECT DISTINCT v.user_id::text AS id FROM ${tables.vote} v
       JOIN ${tables.proposal} p ON p.id = v.proposal_id
       JOIN ${tables.citizen} c ON c.user_id = v.user_id
       WHERE p.voted_cycle_id = $1::uuid AND c.verified_at IS NOT NULL AND c.deleted_at IS NULL
         AND (c.suspended_until IS NULL OR c.suspended_until <= $2::timestamptz)`,
      cycleId,
      at,
    );
    const eligible = canonicalEligible(voters.map((row) => row.id));
    await tx.$executeRawUnsafe(
      `INSERT INTO ${tables.draw} (cycle_id, seed, eligible, drawn_at, per_law) VALUES ($1::uuid, $2, $3::uuid[], $4::timestamptz, $5)
       ON CONFLICT (cycle_id) DO NOTHING`,
      cycleId,
      seed,
      eligible,
      at,
      perLaw,
    );
    const selected = await tx.$queryRawUnsafe<{ id: string; userId: string; title: string; description: string; category: string; rank: number }[]>(
      `SELECT id::text AS id, user_id::text AS "userId", title, description, category, rank FROM ${tables.proposal}
       WHERE voted_cycle_id = $1::uuid AND state = 'selected' ORDER BY rank`,
      cycleId,
    );
    for (const proposal of selected) {
      const creators = drawCreators(seed, proposal.id, eligible, perLaw);
      await tx.$executeRawUnsafe(
        `INSERT INTO ${tables.law} (id, cycle_id, user_id, title, description, category, rank, state, created_at, updated_at)
         VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5, $6, $7, 'creation', $8::timestamptz, $8::timestamptz)`,
        proposal.id,
        cycleId,
        proposal.userId,
        proposal.title,
        proposal.description,
        proposal.category,
        proposal.rank,
        at,
      );
      for (const [position, userId] of creators.entries()) {
        await tx.$executeRawUnsafe(
          `INSERT INTO ${tables.creator} (law_id, user_id, position) VALUES ($1::uuid, $2::uuid, $3)`,
          proposal.id,
          userId,
          position + 1,
        );
      }
      await enqueueEvent(tx, SCHEMA, newEvent(LawCreated, { lawId: proposal.id, userId: proposal.userId }, at));
      await enqueueEvent(tx, SCHEMA, newEvent(LawCreatorsDrawn, { lawId: proposal.id, cycleId, title: proposal.title, creators }, at));
    }
  },

  async enterFinalVote(tx: SqlExecutor, cycleId: string, at: Date): Promise<void> {
    await tx.$executeRawUnsafe(
      `UPDATE ${tables.law} SET state = 'final-vote', updated_at = $2::timestamptz WHERE cycle_id = $1::uuid AND state = 'creation'`,
      cycleId,
      at,
    );
  },

  /**
   * Ends the final vote of the cycle's laws, once: takes the count of every visible article and
   * amendment, applies the replacement and adoption rules, stores the outcome of each text (the counts
   * stay frozen with it), archives each law as adopted or rejected, and publishes LawArchived once per
   * chunk of voters.
   */
  async archive(tx: SqlExecutor, cycleId: string, at: Date): Promise<void> {
    // Locking the laws waits for ballots in flight (they hold a share lock on their law) and refuses later ones.
    const laws = await tx.$queryRawUnsafe<{ id: string; title: string; deleted: boolean }[]>(
      `SELECT id::text AS id, title, deleted_at IS NOT NULL AS deleted FROM ${tables.law}
       WHERE cycle_id = $1::uuid AND state IN ('creation', 'final-vote') ORDER BY rank FOR UPDATE`,
      cycleId,
    );
    for (const law of laws) {
      // Each ballot moves its text's counters in the same statement that writes it (under the text's
      // row lock), so the counters are the tally: reading them is O(texts), whatever the number of
      // ballots (bench/final-vote-tally.mjs compares with a recount of every ballot row).
      const texts = await tx.$queryRawUnsafe<{ id: string; parentId: string | null; for: number; against: number; neutral: number; blank: number }[]>(
        `SELECT a.id::text AS id, a.parent_id::text AS "parentId", a.votes_for AS "for", a.votes_against AS against,
           a.votes_neutral AS neutral, a.votes_blank AS blank
         FROM ${tables.article} a
         WHERE a.law_id = $1::uuid AND a.deleted_at IS NULL
           AND (a.parent_id IS NULL OR EXISTS (SELECT 1 FROM ${tables.article} p WHERE p.id = a.parent_id AND p.deleted_at IS NULL))
         ORDER BY a.position, a.id`,
        law.id,
      );
      const counts = new Map<string, Counts>(texts.map((row) => [row.id, { for: row.for, against: row.against, neutral: row.neutral, blank: row.blank }]));
      const articles: VotedArticle[] = texts
        .filter((row) => row.parentId === null)
        .map((row) => ({
          id: row.id,
          counts: counts.get(row.id)!,
          amendments: texts.filter((amendment) => amendment.parentId === row.id).map((amendment) => ({ id: amendment.id, counts: counts.get(amendment.id)! })),
        }));
      const outcome = decideLaw(articles);
      const adopted = !law.deleted && outcome.adopted;
      const winners = new Map(outcome.articles.map((entry) => [entry.winnerId, entry.adopted]));
      for (const row of texts) {
        const winner = winners.has(row.id);
        await tx.$executeRawUnsafe(
          `UPDATE ${tables.article} SET winner = $2, adopted = $3 WHERE id = $1::uuid`,
          row.id,
          winner,
          winner ? (winners.get(row.id) ?? false) : false,
        );
      }
      const voters = await tx.$queryRawUnsafe<{ id: string }[]>(
        `SELECT DISTINCT v.user_id::text AS id FROM ${tables.articleVote} v JOIN ${tables.article} a ON a.id = v.article_id
         WHERE a.law_id = $1::uuid ORDER BY 1`,
        law.id,
      );
      await tx.$executeRawUnsafe(
        `UPDATE ${tables.law} SET state = $2, archived_at = $3::timestamptz, updated_at = $3::timestamptz, voters = $4 WHERE id = $1::uuid`,
        law.id,
        adopted ? 'adopted' : 'rejected',
        at,
        voters.length,
      );
      if (law.deleted) continue;
      const chunks = Math.max(1, Math.ceil(voters.length / VOTERS_PER_EVENT));
      for (let chunk = 0; chunk < chunks; chunk++) {
        const voterIds = voters.slice(chunk * VOTERS_PER_EVENT, (chunk + 1) * VOTERS_PER_EVENT).map((row) => row.id);
        await enqueueEvent(tx, SCHEMA, newEvent(LawArchived, { lawId: law.id, cycleId, title: law.title, adopted, voterIds, chunk: chunk + 1, chunks }, at));
      }
    }
  },
};
