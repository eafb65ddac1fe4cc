import pg from 'pg';
import type { VoteCounts } from '@civic/contracts';
import { scoreOf } from '../domain/ranking.js';

/**
 * What the two hot votes share (the vote on proposals, the final vote on articles): one SQL statement
 * per ballot over a plain `pg` pool, whose row (a proposal or an article) carries the live counters.
 */

const choices = ['for', 'against', 'neutral', 'blank'] as const;

/** The counters of `alias` moved by the upsert `up`: by the difference between the new choice and the one it replaced. */
export const countersAfterCast = (alias: string): string =>
  choices.map((choice) => `votes_${choice} = ${alias}.votes_${choice} + (up.choice = '${choice}')::int - (up.previous IS NOT DISTINCT FROM '${choice}')::int`).join(',\n    ');

/** The counters of `alias` less the ballot deleted by `gone`. */
export const countersAfterWithdrawal = (alias: string): string =>
  choices.map((choice) => `votes_${choice} = ${alias}.votes_${choice} - (SELECT count(*) FROM gone WHERE choice = '${choice}')::int`).join(',\n    ');

/** The counters a ballot's statement answers. */
export const returningCounters = (alias: string): string => `RETURNING ${choices.map((choice) => `${alias}.votes_${choice}`).join(', ')}`;

interface CounterRow {
  votes_for: number;
  votes_against: number;
  votes_neutral: number;
  votes_blank: number;
}

const toCounts = (row: CounterRow): VoteCounts => ({
  for: row.votes_for,
  against: row.votes_against,
  neutral: row.votes_neutral,
  blank: row.votes_blank,
  score: scoreOf({ for: row.votes_for, against: row.votes_against }),
});

export class BallotPool {
  private readonly pool: pg.Pool;

  constructor(databaseUrl: string, maxConnections: number) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: maxConnections });
    this.pool.on('error', () => undefined); // an idle client lost: the pool replaces it
  }

  /** Runs one ballot's statement: the counts after it, or null when it changed nothing (no row matched). */
  protected async ballot(name: string, text: string, values: unknown[]): Promise<VoteCounts | null> {
    // A named statement: PostgreSQL plans it once per connection.
    const row = (await this.pool.query<CounterRow>({ name, text, values })).rows[0];
    return row ? toCounts(row) : null;
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
