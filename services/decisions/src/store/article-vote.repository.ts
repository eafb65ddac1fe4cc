import type { VoteChoice, VoteCounts } from '@civic/contracts';
import { BallotPool, castStatement, voterNotSuspended, withdrawalStatement, type BallotBox } from './ballots.js';
import { tableNames } from './tables.js';

/**
 * Ballots of the final vote, one SQL statement each over a plain `pg` pool (as the vote on
 * proposals). The statement locks the article (counters) and takes a share lock on its law, so the
 * end of the final vote (which locks the law rows) waits for ballots in flight and refuses later
 * ones; it upserts the one (article, user) row and moves the live counters by the difference.
 */
const articles: BallotBox = { table: tableNames.article, alias: 'a', ballots: tableNames.articleVote, key: 'article_id' };

/** The article of the law (the parameter `law`) while in its final vote, its voter not suspended at `at`; `also`, more conditions. */
const inFinalVote = (law: string, at: string, also = '') => `
    SELECT a.id FROM ${tableNames.article} a JOIN ${tableNames.law} l ON l.id = a.law_id
    WHERE a.id = $1::uuid AND a.law_id = ${law}::uuid AND a.deleted_at IS NULL AND l.state = 'final-vote' AND l.deleted_at IS NULL${also}
      AND ${voterNotSuspended(tableNames.citizen, at)}
    FOR NO KEY UPDATE OF a FOR SHARE OF l`;

// A ballot is cast on an amendment only while the article it amends stands.
const castSql = castStatement(
  articles,
  inFinalVote('$5', '$4', `
      AND (a.parent_id IS NULL OR EXISTS (SELECT 1 FROM ${tableNames.article} p WHERE p.id = a.parent_id AND p.deleted_at IS NULL))`),
);
const withdrawSql = withdrawalStatement(articles, inFinalVote('$4', '$3'));

export class ArticleVoteRepository extends BallotPool {
  constructor(databaseUrl: string, maxConnections = 5) {
    super(databaseUrl, maxConnections);
  }

  /** The live counts after the ballot, or null when the text is not in a final vote or the voter is suspended. */
  async cast(lawId: string, articleId: string, userId: string, choice: VoteChoice, now: Date): Promise<VoteCounts | null> {
    return this.ballot('cast-article-vote', castSql, [articleId, userId, choice, now, lawId]);
  }

  async withdraw(lawId: string, articleId: string, userId: string, now: Date): Promise<VoteCounts | null> {
    return this.ballot('withdraw-article-vote', withdrawSql, [articleId, userId, now, lawId]);
  }
}
