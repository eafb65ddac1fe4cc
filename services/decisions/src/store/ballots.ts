import pg from 'pg';
import type { VoteCounts } from '@civic/contracts';
import { scoreOf } from '../domain/ranking.js';

/**
 * What the two hot votes share (the vote on proposals, the final vote on articles): one SQL statement
 * per ballot over a plain `pg` pool, whose row (a proposal or an article) carries the live counters.
 */

const choices = ['for', 'against', 'neutral', 'blank'] as const;

/** The counters of `alias` moved by the upsert `up`: by the difference between the new choice and the one it replaced. */
const countersAfterCast = (alias: string): string =>
  choices.map((choice) => `votes_${choice} = ${alias}.votes_${choice} + (up.choice = '${choice}')::int - (up.previous IS NOT DISTINCT FROM '${choice}')::int`).join(',\n    ');

/** The counters of `alias` less the ballot deleted by `gone`. */
const countersAfterWithdrawal = (alias: string): string =>
  choices.map((choice) => `votes_${choice} = ${alias}.votes_${choice} - (SELECT count(*) FROM gone WHERE choice = '${choice}')::int`).join(',\n    ');

/** The counters a ballot's statement answers. */
const returningCounters = (alias: string): string => `RETURNING ${choices.map((choice) => `${alias}.votes_${choice}`).join(', ')}`;

/** What is voted on: the table of the texts carrying the counters (as `alias`), and the table of their ballots with its column naming the text. */
export interface BallotBox {
  table: string;
  alias: string;
  ballots: string;
  key: string;
}

/** The condition a voter ($2) meets when not suspended at the time the parameter `at` gives. */
export const voterNotSuspended = (citizenTable: string, at: string): string =>
  `NOT EXISTS (SELECT 1 FROM ${citizenTable} c WHERE c.user_id = $2::uuid AND c.suspended_until > ${at}::timestamptz)`;

/**
 * A cast: `target` selects and locks the text ($1) while it may be voted on by its voter ($2); the
 * voter's one row is upserted with the choice ($3, at $4) and the text's counters moved by the
 * difference. No row when `target` finds none.
 */
export const castStatement = ({ table, alias, ballots, key }: BallotBox, target: string): string => `WITH target AS (${target}
  ), up AS (
    INSERT INTO ${ballots} AS v (${key}, user_id, choice, previous, updated_at)
    SELECT id, $2::uuid, $3, NULL, $4::timestamptz FROM target
    ON CONFLICT (${key}, user_id) DO UPDATE SET previous = v.choice, choice = EXCLUDED.choice, updated_at = EXCLUDED.updated_at
    RETURNING choice, previous
  )
  UPDATE ${table} ${alias} SET
    ${countersAfterCast(alias)}
  FROM up WHERE ${alias}.id = $1::uuid
  ${returningCounters(alias)}`;

/** A withdrawal: the voter's ($2) row of the text `target` selects and locks is deleted, and the counters moved back. */
export const withdrawalStatement = ({ table, alias, ballots, key }: BallotBox, target: string): string => `WITH target AS (${target}
  ), gone AS (
    DELETE FROM ${ballots} v USING target WHERE v.${key} = target.id AND v.user_id = $2::uuid RETURNING v.choice
  )
  UPDATE ${table} ${alias} SET
    ${countersAfterWithdrawal(alias)}
  FROM target WHERE ${alias}.id = target.id
  ${returningCounters(alias)}`;

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
